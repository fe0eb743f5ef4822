package notify

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"castaway/internal/events"
	"castaway/internal/store"
)

// InboxTopic is the event topic of userID's inbox.
func InboxTopic(userID string) string { return "inbox:" + userID }

// Hub wakes this process's live streams when an event for their topic crosses
// the event bus. Every process hears every event and wakes only the streams of
// that topic: a stream that is not woken costs nothing (no query, no timer of
// the hub's, one small channel). A woken stream does its own read, so idle
// streams hold no database connection.
type Hub struct {
	log *slog.Logger
	bus events.Bus

	// jobs feeds the hub's few readers: woken streams read the database
	// through them, so a resync of every stream (or thousands connecting
	// together) queues for a few pooled connections instead of opening one each.
	jobs  chan job
	nread atomic.Int64

	mu     sync.Mutex
	subs   map[string]map[chan struct{}]struct{}
	closed bool
	done   chan struct{}
	stop   context.CancelFunc
	wg     sync.WaitGroup
}

// NewHub opens the event bus for st and eventsURL (see events.Open) and starts
// listening on it; Close stops both.
func NewHub(ctx context.Context, st *store.Store, eventsURL string, log *slog.Logger) (*Hub, error) {
	pg := ""
	if st.Dialect() == store.Postgres {
		pg = st.URL()
	}
	bus, err := events.Open(ctx, eventsURL, pg)
	if err != nil {
		return nil, err
	}
	log.Info("live events", "bus", fmt.Sprintf("%T", bus))
	return NewHubOn(bus, log), nil
}

// NewHubOn starts a hub listening on bus; Close closes bus too.
func NewHubOn(bus events.Bus, log *slog.Logger) *Hub {
	ctx, stop := context.WithCancel(context.Background())
	h := &Hub{log: log, bus: bus, subs: map[string]map[chan struct{}]struct{}{},
		jobs: make(chan job), done: make(chan struct{}), stop: stop}
	for range ConcurrentReads {
		h.wg.Add(1)
		go h.reader()
	}
	ready := make(chan struct{})
	var once sync.Once
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		events.Run(ctx, bus, events.DefaultBackoff, log, func() {
			first := false
			once.Do(func() { first = true; close(ready) })
			if !first {
				h.wakeAll() // events may have been missed while not listening
			}
		}, func(topic string, _ []byte) { h.wake(topic) })
	}()
	// Wait (briefly, without blocking on a bus that is down) for the first
	// listen, so an event published just after start is not lost.
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		log.Warn("event bus not listening yet; live events resume when it is")
	}
	return h
}

// ConcurrentReads is how many streams of one process may read the database at once.
const ConcurrentReads = 8

// Read runs fn, a woken stream's read, on one of ConcurrentReads reader
// goroutines of the hub and waits for it; it gives up when ctx ends or the hub
// closes. Reads never run more than ConcurrentReads at once, and the deep stack
// a query needs grows on those few readers, not on every stream's goroutine.
func (h *Hub) Read(ctx context.Context, fn func(ctx context.Context) error) error {
	j := job{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case h.jobs <- j:
	case <-ctx.Done():
		return ctx.Err()
	case <-h.done:
		return context.Canceled
	}
	select {
	case err := <-j.done:
		return err
	case <-h.done:
		return context.Canceled
	}
}

type job struct {
	ctx  context.Context
	fn   func(ctx context.Context) error
	done chan error
}

// reader runs stream reads until the hub closes.
func (h *Hub) reader() {
	defer h.wg.Done()
	for {
		select {
		case <-h.done:
			return
		case j := <-h.jobs:
			h.nread.Add(1)
			if err := j.ctx.Err(); err != nil {
				j.done <- err
				continue
			}
			j.done <- j.fn(j.ctx)
		}
	}
}

// Reads is how many stream reads have run since the hub started.
func (h *Hub) Reads() int64 { return h.nread.Load() }

// Subscribe wakes the returned channel whenever userID's inbox may have changed.
func (h *Hub) Subscribe(userID string) (<-chan struct{}, func()) {
	return h.SubscribeTopic(InboxTopic(userID))
}

// SubscribeTopic returns a channel that receives a signal whenever an event for
// topic arrives (signals coalesce: one pending at most), and a function to stop.
func (h *Hub) SubscribeTopic(topic string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[topic] == nil {
		h.subs[topic] = map[chan struct{}]struct{}{}
	}
	h.subs[topic][ch] = struct{}{}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.subs[topic], ch)
		if len(h.subs[topic]) == 0 {
			delete(h.subs, topic)
		}
	}
}

// Streams is how many streams are subscribed in this process.
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.subs {
		n += len(s)
	}
	return n
}

// Done is closed when the hub stops; streams end then.
func (h *Hub) Done() <-chan struct{} { return h.done }

// Publish tells every process that userIDs' inboxes changed.
func (h *Hub) Publish(ctx context.Context, userIDs ...string) {
	for _, id := range userIDs {
		h.PublishTopic(ctx, InboxTopic(id))
	}
}

// PublishTopic tells every process's streams of topic that it changed. A failure
// only costs liveness (clients see the change on their next fetch), so it is logged.
func (h *Hub) PublishTopic(ctx context.Context, topic string) {
	if err := h.bus.Publish(ctx, topic, nil); err != nil {
		h.log.ErrorContext(ctx, "publish live event", "topic", topic, "err", err)
	}
}

// Close ends every stream, the listener and the bus.
func (h *Hub) Close() {
	h.mu.Lock()
	already := h.closed
	if !h.closed {
		h.closed = true
		close(h.done)
	}
	h.mu.Unlock()
	h.stop()
	h.wg.Wait()
	if !already {
		if err := h.bus.Close(); err != nil {
			h.log.Warn("close event bus", "err", err)
		}
	}
}

// wake signals topic's streams without blocking.
func (h *Hub) wake(topic string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[topic] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// wakeAll signals every stream.
func (h *Hub) wakeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, subs := range h.subs {
		for ch := range subs {
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	}
}
