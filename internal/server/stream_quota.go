package server

import (
	"sync"
	"time"

	"castaway/internal/problem"
)

// Live streams hold a connection each for as long as a page is open, so how many one
// process keeps is bounded: per account, per client address, and in all. A stream whose
// client left frees its place when the next heartbeat or event finds it gone, or at once
// when it stands in the way of a new stream of its account or client.
const (
	streamsPerAccount = 20
	streamsPerClient  = 100
	streamsPerProcess = 20000
)

var errTooManyStreams = &problem.Error{Kind: problem.RateLimited, Code: "too_many_streams",
	Message: "Too many live connections are open. Close a few tabs and try again.", RetryAfter: 30 * time.Second}

var errStreamsFull = &problem.Error{Kind: problem.Unavailable, Code: "streams_full",
	Message: "The server is busy. Please try again in a moment.", RetryAfter: 30 * time.Second}

// streamQuota counts the open streams of each account and client.
type streamQuota struct {
	mu        sync.Mutex
	accounts  map[string]int
	clients   map[string]int
	total     int
	perAcct   int
	perClient int
	max       int
	changed   chan struct{} // closed at each acquire and release, then replaced
}

func newStreamQuota() *streamQuota {
	return &streamQuota{accounts: map[string]int{}, clients: map[string]int{}, changed: make(chan struct{}),
		perAcct: streamsPerAccount, perClient: streamsPerClient, max: streamsPerProcess}
}

// acquire takes a place for a stream of account ("" for a signed-out visitor) from
// client, or says why there is none; release gives it back (once).
func (q *streamQuota) acquire(account, client string) (release func(), err error) {
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
func (q *streamQuota) signal() {
	if q.changed != nil {
		close(q.changed)
	}
	q.changed = make(chan struct{})
}

// watch is closed at the next acquire or release.
func (q *streamQuota) watch() <-chan struct{} {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.changed == nil {
		q.changed = make(chan struct{})
	}
	return q.changed
}

// counts is how many places are taken in all, and how many accounts and clients hold one.
func (q *streamQuota) counts() (total, accounts, clients int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.total, len(q.accounts), len(q.clients)
}
