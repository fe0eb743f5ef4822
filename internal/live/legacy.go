package live

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"
)

// legacyCopy is this process's legacy rankings record for its live streams, as an
// event, dropped by the hub whenever the record may have changed: a change costs one
// read however many streams are open, and an idle stream none.
type legacyCopy struct {
	s    *Streams
	read func(ctx context.Context) ([]byte, error)

	mu    sync.Mutex
	gen   uint64
	event []byte // nil when dropped
	group singleflight.Group
}

// forget drops the copy; it runs with the hub locked, so it only takes its own lock.
func (c *legacyCopy) forget() {
	c.mu.Lock()
	c.gen++
	c.event = nil
	c.mu.Unlock()
}

// eventFor answers the record as a stream event, reading it when the copy was dropped.
// A read that a change overtook is sent but not kept (the change wakes the streams again).
func (c *legacyCopy) eventFor(ctx context.Context) ([]byte, error) {
	c.mu.Lock()
	event, gen := c.event, c.gen
	c.mu.Unlock()
	if event != nil {
		return event, nil
	}
	v, err, _ := c.group.Do(strconv.FormatUint(gen, 10), func() (any, error) {
		c.mu.Lock()
		kept := c.event
		c.mu.Unlock()
		if kept != nil { // an earlier flight for this generation has just kept it
			return kept, nil
		}
		data, err := c.s.read(ctx, c.read)
		if err != nil {
			return nil, err
		}
		event := fmt.Appendf(nil, "event: legacy\ndata: %s\n\n", data)
		c.mu.Lock()
		if c.gen == gen {
			c.event = event
		}
		c.mu.Unlock()
		return event, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}
