package auth

import (
	"context"
	"strings"
	"time"

	"castaway/internal/problem"
)

// Limit allows Max events per key in each fixed Window.
type Limit struct {
	Name   string
	Max    int
	Window time.Duration
}

// Limits are the brute-force guards; counters live in the database so every
// node shares them.
type Limits struct {
	SignInPerEmail Limit
	SignInPerIP    Limit
	ResetPerEmail  Limit
	ResetPerIP     Limit
	// SignUpPerIP bounds account creation, each of which costs a password hash.
	SignUpPerIP Limit
}

// DefaultLimits suit a public site.
func DefaultLimits() Limits {
	return Limits{
		SignInPerEmail: Limit{"signin-email", 10, 15 * time.Minute},
		SignInPerIP:    Limit{"signin-ip", 30, 15 * time.Minute},
		ResetPerEmail:  Limit{"reset-email", 5, time.Hour},
		ResetPerIP:     Limit{"reset-ip", 20, time.Hour},
		SignUpPerIP:    Limit{"signup-ip", 20, time.Hour},
	}
}

// limited is the problem for a key whose window opened at start.
func limited(l Limit, start, now time.Time) *problem.Error {
	wait := start.Add(l.Window).Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	p := problem.New(problem.RateLimited, "rate_limited", MsgRateLimited)
	p.RetryAfter = wait
	return p
}

func limitKey(l Limit, subject string) string { return l.Name + ":" + strings.ToLower(subject) }

// check refuses when any of the keys has already used up its limit.
func (a *Accounts) check(ctx context.Context, keys map[Limit]string) error {
	now := a.now()
	for l, subject := range keys {
		w, err := a.store.RateLimit(ctx, limitKey(l, subject), l.Window, now)
		if err != nil {
			return err
		}
		if w.Count >= l.Max {
			return limited(l, w.Start, now)
		}
	}
	return nil
}

// hit counts one event on every key and refuses when any went over its limit.
func (a *Accounts) hit(ctx context.Context, keys map[Limit]string) error {
	now := a.now()
	var over *problem.Error
	for l, subject := range keys {
		w, err := a.store.HitRateLimit(ctx, limitKey(l, subject), l.Window, now)
		if err != nil {
			return err
		}
		if w.Count > l.Max && over == nil {
			over = limited(l, w.Start, now)
		}
	}
	if over != nil {
		return over
	}
	return nil
}
