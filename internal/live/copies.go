package live

import (
	"context"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// copies are the events this process's streams share, by key (a user's inbox, the
// legacy record), each dropped by the hub, with the hub locked, whenever what it shows
// may have changed and before any stream of it is woken. A change then costs one read
// however many of its streams are open, and a new stream of a key already held costs
// none: what it is sent was read after the last change this process heard of, and a
// change not yet heard of wakes it (it subscribed before its first read).
//
// A copy outlives its streams for copyIdle, so a client that reconnects (a reload, a
// dropped connection) finds it; memory is bounded by maxBytes and maxEntries.
type copies struct {
	s     *Streams
	frame func(data []byte) []byte // the event around what was read

	mu    sync.Mutex
	clock uint64 // the latest generation handed out
	epoch uint64 // bumped when every copy is dropped
	all   map[string]*eventCopy
	bytes int // the events held
	max   struct {
		entries, bytes int
	}
	group singleflight.Group
}

// eventCopy is one key's event; gen changes whenever it is dropped.
type eventCopy struct {
	gen   uint64
	event []byte // nil when dropped
	used  time.Time
}

// copyIdle is how long a copy no stream asked for is kept.
const copyIdle = 30 * time.Second

func newCopies(s *Streams, frame func([]byte) []byte, maxEntries, maxBytes int) *copies {
	c := &copies{s: s, frame: frame, all: map[string]*eventCopy{}}
	c.max.entries, c.max.bytes = maxEntries, maxBytes
	return c
}

// forget drops key's copy ("": every copy). It runs with the hub locked, so it only
// takes its own lock.
func (c *copies) forget(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if key == "" {
		c.epoch++
		c.all, c.bytes = map[string]*eventCopy{}, 0
		return
	}
	if e := c.all[key]; e != nil {
		c.clock++
		e.gen = c.clock
		c.bytes -= len(e.event)
		e.event = nil
	}
}

// eventFor answers key's event, reading it with read when the copy was dropped. A read
// that a change overtook is sent but not kept (the change wakes the streams again).
func (c *copies) eventFor(ctx context.Context, key string, read func(ctx context.Context) ([]byte, error)) ([]byte, error) {
	now := time.Now()
	c.mu.Lock()
	e := c.all[key]
	if e == nil {
		if len(c.all) >= c.max.entries {
			c.sweepLocked(now)
		}
		c.clock++
		e = &eventCopy{gen: c.clock}
		if len(c.all) < c.max.entries {
			c.all[key] = e
		}
	}
	e.used = now
	event, gen, epoch := e.event, e.gen, c.epoch
	c.mu.Unlock()
	if event != nil {
		return event, nil
	}
	v, err, _ := c.group.Do(key+"/"+strconv.FormatUint(gen, 10)+"/"+strconv.FormatUint(epoch, 10), func() (any, error) {
		c.mu.Lock()
		kept := e.event
		c.mu.Unlock()
		if kept != nil { // an earlier flight for this generation has just kept it
			return kept, nil
		}
		data, err := c.s.read(ctx, read)
		if err != nil {
			return nil, err
		}
		event := c.frame(data)
		c.mu.Lock()
		if e.gen == gen && c.epoch == epoch && c.all[key] == e && c.bytes+len(event) <= c.max.bytes {
			e.event = event
			c.bytes += len(event)
		}
		c.mu.Unlock()
		return event, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// sweep lets go of the copies no stream asked for in copyIdle.
func (c *copies) sweep(now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sweepLocked(now)
}

func (c *copies) sweepLocked(now time.Time) {
	for key, e := range c.all {
		if now.Sub(e.used) > copyIdle {
			c.bytes -= len(e.event)
			delete(c.all, key)
		}
	}
}

// held is how many copies are kept and their events' bytes.
func (c *copies) held() (entries, bytes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.all), c.bytes
}
