// Package limits names the rate limits: how many writes or attempts one account or one
// client may make in a window. The state lives in the database (store.HitRateLimit), one
// atomic statement per hit, so every node shares it; a single-process deployment may keep
// it in memory instead (Local).
//
// A limit is a GCRA (generic cell rate algorithm): each key holds one time, its theoretical
// arrival time (TAT), which every allowed event moves on by the limit's interval
// (Window/Max), from now if it lay in the past. An event is allowed while that leaves the
// TAT at most Max intervals ahead of now. So a burst of Max is allowed at once and then one
// event per interval: there is no window edge across which twice the limit fits, and a
// steady pace at the limit is never refused.
package limits

import (
	"time"

	"castaway/internal/model"
	"castaway/internal/problem"
)

// Limit allows Max events per key in Window, spread as one per Window/Max once a burst of
// Max is spent.
type Limit struct {
	Name    string
	Max     int
	Window  time.Duration
	Message string // what the user reads when over it
}

// Interval is what one event costs: Window/Max.
func (l Limit) Interval() time.Duration { return l.Window / time.Duration(l.Max) }

// Burst is how far ahead of now a key's TAT may run: Max intervals.
func (l Limit) Burst() time.Duration { return l.Interval() * time.Duration(l.Max) }

// Hit is one event to count on Key, under a limit's Interval and Burst (a model type, so
// the store counts it without depending on this package).
type Hit = model.RateHit

// Hit is one event on subject's key (the limit's name ':' subject).
func (l Limit) Hit(subject string) Hit {
	return Hit{Key: l.Name + ":" + subject, Interval: l.Interval(), Burst: l.Burst()}
}

// State is what counting a Hit found: whether it was allowed (and counted), and the key's
// TAT after it, from which a refusal's Retry-After follows.
type State = model.RateState

// Admit is the GCRA step for h on a key whose TAT is tat: the state after it. A refused
// event leaves the TAT as it was, so retrying while refused costs nothing more.
func Admit(h Hit, tat, now time.Time) State {
	if tat.Before(now) {
		tat = now
	}
	if next := tat.Add(h.Interval); next.Sub(now) <= h.Burst {
		return State{Allowed: true, TAT: next}
	}
	return State{TAT: tat}
}

// Exceeded is the problem for an event refused on a key whose TAT is tat: 429 with how long
// until the next event would be allowed (when the TAT is back within Burst-Interval of now).
func (l Limit) Exceeded(tat, now time.Time) *problem.Error {
	wait := tat.Add(l.Interval() - l.Burst()).Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	p := problem.New(problem.RateLimited, "rate_limited", l.Message)
	p.RetryAfter, p.Limit = wait, l.Name
	return p
}
