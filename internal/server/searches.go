package server

import (
	"context"
	"net/http"
	"time"

	"golang.org/x/sync/semaphore"

	"castaway/internal/limits"
	"castaway/internal/problem"
)

// A text search the shared reads cannot answer costs a full-text index read whose size
// follows how many lists hold the words, so strangers' searches are bounded twice: per
// client address, and by how many run at once in the process.

// SearchPerClient bounds the searches one client address may have the database run in a
// minute; answers from the shared reads are not counted. Typing in the search box asks
// at most about three times a second, and only while typing.
var SearchPerClient = limits.Limit{Name: "search-ip", Max: 120, Window: time.Minute,
	Message: "Too many searches. Please wait a minute and try again."}

const (
	// searchSlots is how many searches read the index at once (one per core of a small
	// server); searchWait is how long one queues for a slot before a 503.
	searchSlots = 2
	searchWait  = 2 * time.Second
	// maxSearchClients bounds the per-client counters held in memory (about 100 bytes
	// each); past it, a new client is not counted and only the slots bound it.
	maxSearchClients = 200_000
)

// errSearchBusy answers a search that found no free slot in time.
var errSearchBusy = &problem.Error{Kind: problem.Unavailable, Code: "busy",
	Message: "Search is busy right now. Please try again in a moment.", RetryAfter: time.Second}

// searches holds the per-client counters (in this process's memory: a read writes nothing,
// and several processes each count their own) and the slots.
type searches struct {
	perClient *limits.Local
	slots     *semaphore.Weighted
	wait      time.Duration // searchWait
}

func newSearches() *searches {
	return &searches{perClient: limits.NewLocal(maxSearchClients), slots: semaphore.NewWeighted(searchSlots), wait: searchWait}
}

// admitSearch counts one search by r's client; a 429 problem past SearchPerClient.
func (s *Server) admitSearch(r *http.Request) error {
	now := s.now()
	states, ok := s.searches.perClient.HitAll([]limits.Hit{SearchPerClient.Hit(s.clientIP(r))}, now)
	if ok && !states[0].Allowed {
		return SearchPerClient.Exceeded(states[0].TAT, now)
	}
	return nil
}

// runIf runs read, a search when search is true: then once a slot is free, or it answers
// errSearchBusy after searchWait.
func (sr *searches) runIf(ctx context.Context, search bool, read func() error) error {
	if !search {
		return read()
	}
	wait, cancel := context.WithTimeout(ctx, sr.wait)
	defer cancel()
	if err := sr.slots.Acquire(wait, 1); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return errSearchBusy
	}
	defer sr.slots.Release(1)
	return read()
}
