// Package limits names the rate limits: how many writes or attempts one account or one
// client may make in a window. The counters live in the database (store.HitRateLimit),
// one atomic statement per hit, so every node shares them; a single-process deployment
// may count writes in memory instead (Local).
package limits

import (
	"time"

	"castaway/internal/problem"
)

// Limit allows Max events per key in each fixed Window.
type Limit struct {
	Name    string
	Max     int
	Window  time.Duration
	Message string // what the user reads when over it
}

// Exceeded is the problem for l whose window opened at start: 429 with how long to wait.
func (l Limit) Exceeded(start, now time.Time) *problem.Error {
	wait := start.Add(l.Window).Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	p := problem.New(problem.RateLimited, "rate_limited", l.Message)
	p.RetryAfter, p.Limit = wait, l.Name
	return p
}
