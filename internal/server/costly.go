package server

import (
	"context"
	"net/http"
	"time"

	"golang.org/x/sync/semaphore"

	"castaway/internal/limits"
	"castaway/internal/problem"
)

// A read the shared reads cannot answer whose cost follows the data (a text search reads
// the full-text index as far as the words' lists go; a page of the lists' sitemap writes
// up to 50,000 URLs) is bounded twice: per client address, and by how many run at once
// in the process, so strangers cannot keep the cores busy with it.

// SearchPerClient bounds the searches one client address may have the database run in a
// minute; answers from the shared reads are not counted. Typing in the search box asks
// at most about three times a second, and only while typing.
var SearchPerClient = limits.Limit{Name: "search-ip", Max: 120, Window: time.Minute,
	Message: problem.MsgTooManySearches}

// SitemapPerClient bounds the sitemap pages of lists one client address may have built
// in a minute (a crawler reads each page once a visit; shared answers are not counted).
var SitemapPerClient = limits.Limit{Name: "sitemap-ip", Max: 30, Window: time.Minute,
	Message: problem.MsgTooManySitemaps}

const (
	// searchSlots is how many searches read the index at once (one per core of a small
	// server); searchWait is how long one queues for a slot before a 503.
	searchSlots = 2
	searchWait  = 2 * time.Second
	// One sitemap page is built at a time; a page of 50,000 lists takes a moment.
	sitemapSlots = 1
	sitemapWait  = 10 * time.Second
	// maxCostlyClients bounds the per-client counters held in memory (about 100 bytes
	// each); past it, a new client is not counted and only the slots bound it.
	maxCostlyClients = 200_000
)

// errSearchBusy and errSitemapBusy answer a read that found no free slot in time.
var (
	errSearchBusy = &problem.Error{Kind: problem.Unavailable, Code: "busy",
		Message: problem.MsgSearchBusy, RetryAfter: time.Second}
	errSitemapBusy = &problem.Error{Kind: problem.Unavailable, Code: "busy",
		Message: problem.MsgSitemapBusy, RetryAfter: 5 * time.Second}
)

// costly holds one kind of costly read's per-client counters (in this process's memory:
// a read writes nothing, and several processes each count their own) and its slots.
type costly struct {
	limit     limits.Limit
	perClient *limits.Local
	slots     *semaphore.Weighted
	wait      time.Duration
	busy      error
}

func newCostly(limit limits.Limit, slots int64, wait time.Duration, busy error) *costly {
	return &costly{limit: limit, perClient: limits.NewLocal(maxCostlyClients), slots: semaphore.NewWeighted(slots), wait: wait, busy: busy}
}

// admit counts one costly read by r's client; a 429 problem past its limit.
func (s *Server) admit(c *costly, r *http.Request) error {
	now := s.now()
	states, ok := c.perClient.HitAll([]limits.Hit{c.limit.Hit(actorOf(r).Client)}, now)
	if ok && !states[0].Allowed {
		return c.limit.Exceeded(states[0].TAT, now)
	}
	return nil
}

// runIf runs read, a costly one when costly is true: then once a slot is free, or it
// answers c.busy after c.wait.
func (c *costly) runIf(ctx context.Context, costly bool, read func() error) error {
	if !costly {
		return read()
	}
	wait, cancel := context.WithTimeout(ctx, c.wait)
	defer cancel()
	if err := c.slots.Acquire(wait, 1); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return c.busy
	}
	defer c.slots.Release(1)
	return read()
}
