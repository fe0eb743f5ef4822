package notify

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"castaway/internal/store"
)

// broker carries events between processes: PostgreSQL LISTEN/NOTIFY.
type broker interface {
	PublishEvent(ctx context.Context, payload string) error
	ListenEvents(ctx context.Context, ready func(), handle func(payload string)) error
}

// Hub wakes the live streams of a user when their inbox changes. On PostgreSQL an
// event goes through the database to every process (this one included) and each
// process wakes its own streams; on SQLite there is one process and events stay in it.
type Hub struct {
	log    *slog.Logger
	broker broker // nil: in-process only

	mu     sync.Mutex
	subs   map[string]map[chan struct{}]struct{}
	closed bool
	done   chan struct{}
	stop   context.CancelFunc
	wg     sync.WaitGroup
}

// NewHub starts a hub for st; Close stops it.
func NewHub(st *store.Store, log *slog.Logger) *Hub {
	var b broker
	if st.Dialect() == store.Postgres {
		b = st
	}
	return newHub(b, log)
}

func newHub(b broker, log *slog.Logger) *Hub {
	ctx, stop := context.WithCancel(context.Background())
	h := &Hub{log: log, broker: b, subs: map[string]map[chan struct{}]struct{}{}, done: make(chan struct{}), stop: stop}
	if b != nil {
		h.wg.Add(1)
		go h.listen(ctx)
	}
	return h
}

// Subscribe returns a channel that receives a signal whenever userID's inbox may
// have changed (signals coalesce: one pending at most), and a function to stop.
func (h *Hub) Subscribe(userID string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[userID] == nil {
		h.subs[userID] = map[chan struct{}]struct{}{}
	}
	h.subs[userID][ch] = struct{}{}
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.subs[userID], ch)
		if len(h.subs[userID]) == 0 {
			delete(h.subs, userID)
		}
	}
}

// Done is closed when the hub stops; streams end then.
func (h *Hub) Done() <-chan struct{} { return h.done }

// Publish tells every process that userIDs' inboxes changed. A failure only costs
// liveness (clients still see the change on their next fetch), so it is logged.
func (h *Hub) Publish(ctx context.Context, userIDs ...string) {
	for _, id := range userIDs {
		if h.broker == nil {
			h.wake(id)
			continue
		}
		if err := h.broker.PublishEvent(ctx, id); err != nil {
			h.log.ErrorContext(ctx, "publish live event", "err", err)
		}
	}
}

// Close ends every stream and the listener.
func (h *Hub) Close() {
	h.mu.Lock()
	if !h.closed {
		h.closed = true
		close(h.done)
	}
	h.mu.Unlock()
	h.stop()
	h.wg.Wait()
}

// wake signals userID's streams without blocking.
func (h *Hub) wake(userID string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[userID] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// wakeAll signals every stream: events may have been missed while not listening.
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

// listen keeps one LISTEN connection open, reconnecting with capped exponential backoff.
func (h *Hub) listen(ctx context.Context) {
	defer h.wg.Done()
	const minWait, maxWait = 500 * time.Millisecond, 30 * time.Second
	wait := minWait
	for {
		err := h.broker.ListenEvents(ctx, func() {
			wait = minWait
			h.wakeAll()
		}, h.wake)
		if ctx.Err() != nil {
			return
		}
		h.log.Warn("live event listener lost; reconnecting", "err", err, "in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, maxWait)
	}
}
