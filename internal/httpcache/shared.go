// Package httpcache keeps what the HTTP server answers alike to many requests from being
// worked out again for each: reads every visitor sees alike (shared for a second), public
// answers revalidated by ETag, unchanging bodies kept gzipped, and gzip for the rest. It
// knows nothing of the store or the routes, so the server decides what is shared and when
// it changes.
package httpcache

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"
)

// A read every visitor sees alike (the home page's top and recent lists, a browse page)
// may be served from memory for a while (config SharedReads, a second by default). A
// write through this process that changes what they show clears it at once (Forget,
// ForgetOnSuccess), so a fan sees their own change; another process's write shows within
// that while and the time of one read.

// staleFor is how long past its while a value may still be answered while it is read
// again: longer (the database is slow or failing) and readers wait for a fresh one.
const staleFor = 5 * time.Second

// maxEntries bounds the entries kept; past it the cache starts over.
const maxEntries = 1024

// Shared is a tiny in-process cache for non-personal reads, so a busy page costs one
// database read a second instead of one per visitor. Misses for the same key wait on one
// read (singleflight) rather than each going to the database. A value past its while is
// answered while one read renews it in the background, so no visitor waits on the
// renewal (at tens of thousands of requests a second, waiting on it each second was what
// every slow percentile held).
type Shared struct {
	mu      sync.Mutex
	gen     uint64
	entries map[string]sharedEntry
	group   singleflight.Group
	// ttl is how long a value is answered; 0 shares nothing.
	ttl time.Duration
	// deadline bounds each read, as a request's database work is bounded.
	deadline time.Duration
	now      func() time.Time // time.Now; tests move it
	// loads counts the reads that went to the database.
	loads atomic.Uint64
}

type sharedEntry struct {
	until    time.Time
	value    any
	renewing bool // a background read of it is under way
}

// NewShared shares each value for ttl (0 shares nothing) and bounds each read by deadline.
func NewShared(ttl, deadline time.Duration) *Shared {
	return &Shared{entries: map[string]sharedEntry{}, ttl: ttl, deadline: deadline, now: time.Now}
}

// Get returns the value kept under key, or reads it with load and keeps it. A value
// read while a write went through is returned but not kept. The read belongs to no one
// request (others may wait on it), so it gets a context of its own, bounded like a
// request's database work.
func (c *Shared) Get(key string, load func(ctx context.Context) (any, error)) (any, error) {
	if c.ttl <= 0 {
		c.loads.Add(1)
		ctx, cancel := context.WithTimeout(context.Background(), c.deadline)
		defer cancel()
		return load(ctx)
	}
	now := c.now()
	c.mu.Lock()
	e, ok := c.entries[key]
	gen := c.gen
	renew := ok && !now.Before(e.until) && now.Before(e.until.Add(staleFor)) && !e.renewing
	if renew {
		e.renewing = true
		c.entries[key] = e
	}
	c.mu.Unlock()
	switch {
	case ok && now.Before(e.until):
		return e.value, nil
	case ok && now.Before(e.until.Add(staleFor)):
		if renew {
			go c.read(key, gen, now, load)
		}
		return e.value, nil
	}
	return c.read(key, gen, now, load)
}

// Has tells whether Get would answer key from memory, without a read it waits on.
func (c *Shared) Has(key string) bool {
	now := c.now()
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	return c.ttl > 0 && ok && now.Before(e.until.Add(staleFor))
}

// Loads counts the reads that went to the database rather than memory (for /metrics).
func (c *Shared) Loads() uint64 { return c.loads.Load() }

// read loads key's value once for every reader asking at the same generation and keeps it.
func (c *Shared) read(key string, gen uint64, now time.Time, load func(ctx context.Context) (any, error)) (any, error) {
	// Readers after a write start a flight of their own rather than join an older one.
	v, err, _ := c.group.Do(key+"\x00"+strconv.FormatUint(gen, 10), func() (any, error) {
		ctx, cancel := context.WithTimeout(context.Background(), c.deadline)
		defer cancel()
		c.loads.Add(1)
		v, err := load(ctx)
		c.mu.Lock()
		defer c.mu.Unlock()
		if err != nil {
			if e, ok := c.entries[key]; ok && c.gen == gen {
				e.renewing = false // the next reader tries again
				c.entries[key] = e
			}
			return nil, err
		}
		if c.gen == gen {
			if len(c.entries) >= maxEntries {
				clear(c.entries)
			}
			c.entries[key] = sharedEntry{until: now.Add(c.ttl), value: v}
		}
		return v, nil
	})
	return v, err
}

// Forget drops everything: something may have changed.
func (c *Shared) Forget() {
	c.mu.Lock()
	c.gen++
	clear(c.entries)
	c.mu.Unlock()
}

// ForgetOnSuccess wraps a write whose success changes what the shared reads show: they
// are forgotten as its 2xx answer starts, so the writer's next read is fresh. A refused,
// failed or unrouted request (4xx, 5xx) keeps them, and so does a success that found
// nothing to change (Unchanged), so requests that change nothing cannot send every reader
// to the database.
func (c *Shared) ForgetOnSuccess(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&forgetOnSuccess{ResponseWriter: w, forget: c.Forget}, r)
	})
}

// Unchanged tells the ForgetOnSuccess that w answers for that this success changed
// nothing (a write that found things as it would leave them), so the shared reads are
// kept. It must come before the answer starts.
func Unchanged(w http.ResponseWriter) {
	for {
		if f, ok := w.(*forgetOnSuccess); ok {
			f.decided = true
			return
		}
		u, ok := w.(interface{ Unwrap() http.ResponseWriter })
		if !ok {
			return
		}
		w = u.Unwrap()
	}
}

// forgetOnSuccess calls forget when a success status is written, before any of the body.
type forgetOnSuccess struct {
	http.ResponseWriter
	forget  func()
	decided bool
}

func (f *forgetOnSuccess) WriteHeader(code int) {
	if !f.decided && code >= 200 { // 1xx answers are interim
		f.decided = true
		if code < 300 {
			f.forget()
		}
	}
	f.ResponseWriter.WriteHeader(code)
}

func (f *forgetOnSuccess) Write(b []byte) (int, error) {
	if !f.decided {
		f.WriteHeader(http.StatusOK)
	}
	return f.ResponseWriter.Write(b)
}

func (f *forgetOnSuccess) Unwrap() http.ResponseWriter { return f.ResponseWriter }
