package server

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// sharedTTL is how long a read every visitor sees alike (the home page's top and
// recent lists, a browse page) may be served from memory. A write through this process
// clears it at once, so a fan sees their own change; another process's write shows
// within sharedTTL.
const sharedTTL = time.Second

// sharedMax bounds the entries kept; past it the cache starts over.
const sharedMax = 1024

// sharedReads is a tiny in-process cache for non-personal reads, so a busy page costs
// one database read a second instead of one per visitor. Misses for the same key wait
// on one read (singleflight) rather than each going to the database.
type sharedReads struct {
	mu      sync.Mutex
	gen     uint64
	entries map[string]sharedEntry
	group   singleflight.Group
	// deadline bounds each read, as a request's database work is bounded.
	deadline time.Duration
}

type sharedEntry struct {
	until time.Time
	value any
}

func newSharedReads(deadline time.Duration) *sharedReads {
	return &sharedReads{entries: map[string]sharedEntry{}, deadline: deadline}
}

// get returns the value cached under key, or reads it with load and keeps it. A value
// read while a write went through is returned but not kept. The read belongs to no one
// request (others may wait on it), so it gets a context of its own, bounded like a
// request's database work.
func (c *sharedReads) get(key string, load func(ctx context.Context) (any, error)) (any, error) {
	now := time.Now()
	c.mu.Lock()
	e, ok := c.entries[key]
	gen := c.gen
	c.mu.Unlock()
	if ok && now.Before(e.until) {
		return e.value, nil
	}
	// Readers after a write start a flight of their own rather than join an older one.
	v, err, _ := c.group.Do(key+"\x00"+strconv.FormatUint(gen, 10), func() (any, error) {
		ctx, cancel := context.WithTimeout(context.Background(), c.deadline)
		defer cancel()
		v, err := load(ctx)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.gen == gen {
			if len(c.entries) >= sharedMax {
				clear(c.entries)
			}
			c.entries[key] = sharedEntry{until: now.Add(sharedTTL), value: v}
		}
		return v, nil
	})
	return v, err
}

// invalidate forgets everything: something may have changed.
func (c *sharedReads) invalidate() {
	c.mu.Lock()
	c.gen++
	clear(c.entries)
	c.mu.Unlock()
}

// forgetSharedOnWrite clears the shared reads after every write request, so what a
// fan just changed is what their next read shows.
func (s *Server) forgetSharedOnWrite(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			s.shared.invalidate()
		}
	})
}
