package live

import (
	"sync"
	"time"

	"castaway/internal/problem"
)

// Limits bound the streams. Live streams hold a connection each for as long as a page
// is open, so how many one process keeps is bounded: per account, per client address,
// and in all. A stream whose client left frees its place when the next heartbeat or
// event finds it gone, or at once when it stands in the way of a new stream of its
// account or client.
type Limits struct {
	PerAccount, PerClient, PerProcess int
	// PendingBudget bounds what the process holds, in bytes, for streams that fall
	// behind: past it, a stream still writing an earlier event is closed.
	PendingBudget int64
}

// DefaultLimits are the limits a process runs with.
var DefaultLimits = Limits{PerAccount: 20, PerClient: 100, PerProcess: 20000, PendingBudget: 64 << 20}

var errTooManyStreams = &problem.Error{Kind: problem.RateLimited, Code: "too_many_streams",
	Message: problem.MsgTooManyStreams, RetryAfter: 30 * time.Second}

var errStreamsFull = &problem.Error{Kind: problem.Unavailable, Code: "streams_full",
	Message: problem.MsgServerBusy, RetryAfter: 30 * time.Second}

// quota counts the open streams of each account and client.
type quota struct {
	mu        sync.Mutex
	accounts  map[string]int
	clients   map[string]int
	total     int
	perAcct   int
	perClient int
	max       int
	changed   chan struct{} // closed at each acquire and release, then replaced
}

func newQuota(l Limits) *quota {
	return &quota{accounts: map[string]int{}, clients: map[string]int{}, changed: make(chan struct{}),
		perAcct: l.PerAccount, perClient: l.PerClient, max: l.PerProcess}
}

// setLimits changes the bounds for the streams opened next.
func (q *quota) setLimits(l Limits) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.perAcct, q.perClient, q.max = l.PerAccount, l.PerClient, l.PerProcess
}

// acquire takes a place for a stream of account ("" for a signed-out visitor) from
// client, or says why there is none; release gives it back (once).
func (q *quota) acquire(account, client string) (release func(), err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case q.total >= q.max:
		return nil, errStreamsFull
	case account != "" && q.accounts[account] >= q.perAcct, q.clients[client] >= q.perClient:
		return nil, errTooManyStreams
	}
	q.total++
	q.signal()
	q.clients[client]++
	if account != "" {
		q.accounts[account]++
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			q.mu.Lock()
			defer q.mu.Unlock()
			q.total--
			q.signal()
			if q.clients[client]--; q.clients[client] == 0 {
				delete(q.clients, client)
			}
			if account != "" {
				if q.accounts[account]--; q.accounts[account] == 0 {
					delete(q.accounts, account)
				}
			}
		})
	}, nil
}

// signal wakes the watchers; q.mu is held.
func (q *quota) signal() {
	if q.changed != nil {
		close(q.changed)
	}
	q.changed = make(chan struct{})
}

// watch is closed at the next acquire or release.
func (q *quota) watch() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.changed == nil {
		q.changed = make(chan struct{})
	}
	return q.changed
}

// counts is how many places are taken in all, and how many accounts and clients hold one.
func (q *quota) counts() (total, accounts, clients int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.total, len(q.accounts), len(q.clients)
}
