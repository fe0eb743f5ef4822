package notify

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"

	"castaway/internal/events"
)

// inboxTopic prefixes the bus topic of a user's inbox: "inbox.<userId>".
const inboxTopic = "inbox."

// sessionTopic prefixes the bus topic on which a user's sessions end: "session.<userId>".
const sessionTopic = "session."

// inboxesTopic is the bus topic on which what any inbox shows may have changed, for
// a reason other than its own notifications (a list or comment hidden, made private or
// deleted).
const inboxesTopic = "inboxes"

// LegacyTopic is the bus topic of the legacy rankings record: one for every reader.
const LegacyTopic = "legacy.record"

// gameTopic is the bus topic of the game as data: an import or a record of a season on air.
const gameTopic = "game"

// Heartbeat is how often idle streams send a comment, so proxies keep them open.
const Heartbeat = 25 * time.Second

// Hub wakes the live streams of a user when their inbox changes, in whichever
// process the change was made: Publish goes out on the event bus, and each process
// wakes only the recipient's streams it holds. Streams of the legacy rankings record
// are woken the same way by PublishLegacy. It costs an idle stream one small channel
// and a map entry; streams share one heartbeat ticker.
type Hub struct {
	log *slog.Logger
	bus events.Bus

	mu   sync.Mutex
	subs map[string]map[*subscriber]struct{} // by bus topic
	// onLegacy runs before legacy streams are woken (see OnLegacy); guarded by mu.
	onLegacy func()
	// onInbox runs before an inbox's streams are woken (see OnInbox); guarded by mu.
	onInbox func(userID string)
	// sessionsEnded hears of ended sessions (see OnSessionsEnded); guarded by mu.
	sessionsEnded func(userID string)
	// gameChanged hears that the game changed (see OnGame); guarded by mu.
	gameChanged func()
	count       int
	closed      bool
	done        chan struct{}
	beat        chan struct{} // closed at each heartbeat, then replaced
	unsub       func()
	stopped     chan struct{}
}

// NewHub starts a hub on bus, beating every heartbeat; Close stops it (not the bus).
func NewHub(bus events.Bus, heartbeat time.Duration, log *slog.Logger) (*Hub, error) {
	h := &Hub{log: log, bus: bus, subs: map[string]map[*subscriber]struct{}{},
		done: make(chan struct{}), beat: make(chan struct{}), stopped: make(chan struct{})}
	var unsubs []func()
	handlers := map[string]events.Handler{
		inboxTopic:   {Event: func(topic string, _ []byte) { h.wake(topic) }, Resync: h.wakeAll},
		LegacyTopic:  {Event: func(topic string, _ []byte) { h.wake(topic) }, Resync: h.wakeAll},
		inboxesTopic: {Event: func(string, []byte) { h.inboxesChanged() }, Resync: h.inboxesChanged},
		sessionTopic: {Event: func(topic string, _ []byte) { h.endSessions(topic[len(sessionTopic):]) }, Resync: func() { h.endSessions("") }},
		// A reconnected bus may have missed a change: the game is read again.
		gameTopic: {Event: func(string, []byte) { h.gameChangedHere() }, Resync: h.gameChangedHere},
	}
	for topic, handler := range handlers {
		unsub, err := bus.Subscribe(topic, handler)
		if err != nil {
			for _, u := range unsubs {
				u()
			}
			return nil, err
		}
		unsubs = append(unsubs, unsub)
	}
	h.unsub = func() {
		for _, u := range unsubs {
			u()
		}
	}
	go h.heartbeat(heartbeat)
	return h, nil
}

// subscriber is one stream's registration; wake must not block.
type subscriber struct{ wake func() }

// Subscribe returns a channel that receives a signal whenever userID's inbox may
// have changed (signals coalesce: one pending at most), and a function to stop.
func (h *Hub) Subscribe(userID string) (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	return ch, h.SubscribeFunc(userID, func() {
		select {
		case ch <- struct{}{}:
		default:
		}
	})
}

// SubscribeFunc calls wake whenever userID's inbox may have changed, until the
// returned function is called. wake runs with the hub locked: it must not block
// nor call the hub.
func (h *Hub) SubscribeFunc(userID string, wake func()) (unsubscribe func()) {
	return h.subscribe(inboxTopic+userID, wake)
}

// SubscribeLegacy calls wake whenever the legacy rankings record may have changed,
// until the returned function is called; wake follows SubscribeFunc's rules.
func (h *Hub) SubscribeLegacy(wake func()) (unsubscribe func()) {
	return h.subscribe(LegacyTopic, wake)
}

// OnLegacy sets fn to run, with the hub locked, each time the legacy record may have
// changed, before any of its streams is woken: the process's copy of the record is
// dropped there, so the woken streams share one fresh read.
func (h *Hub) OnLegacy(fn func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.onLegacy = fn
}

// OnInbox sets fn to run, with the hub locked, each time userID's inbox may have
// changed, before any of its streams is woken, or with "" when any inbox may have
// (PublishInboxesChanged, or the bus reconnected): the process's copies of inboxes are
// dropped there, so no stream is sent one older than the change that woke it.
func (h *Hub) OnInbox(fn func(userID string)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.onInbox = fn
}

func (h *Hub) subscribe(topic string, wake func()) (unsubscribe func()) {
	sub := &subscriber{wake: wake}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[topic] == nil {
		h.subs[topic] = map[*subscriber]struct{}{}
	}
	h.subs[topic][sub] = struct{}{}
	h.count++
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if _, ok := h.subs[topic][sub]; !ok {
			return
		}
		h.count--
		delete(h.subs[topic], sub)
		if len(h.subs[topic]) == 0 {
			delete(h.subs, topic)
		}
	}
}

// Streams is how many streams are subscribed.
func (h *Hub) Streams() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.count
}

// Done is closed when the hub stops; streams end then.
func (h *Hub) Done() <-chan struct{} { return h.done }

// Beat is closed at the next heartbeat; ask again after it fires.
func (h *Hub) Beat() <-chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.beat
}

// Publish tells every process that userIDs' inboxes changed. A failure only costs
// liveness (clients still see the change on their next fetch), so it is logged.
func (h *Hub) Publish(ctx context.Context, userIDs ...string) {
	for _, id := range userIDs {
		h.publish(ctx, inboxTopic+id)
	}
}

// OnSessionsEnded sets fn to run each time sessions of userID may have ended, on any
// node, or with "" when the bus reconnected and such news may have been missed. It
// runs on the bus's goroutine: it must not block.
func (h *Hub) OnSessionsEnded(fn func(userID string)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.sessionsEnded = fn
}

// PublishSessionsEnded tells every process that sessions of userID ended, so they end
// those sessions' streams.
func (h *Hub) PublishSessionsEnded(ctx context.Context, userID string) {
	h.publish(ctx, sessionTopic+userID)
}

func (h *Hub) endSessions(userID string) {
	h.mu.Lock()
	fn := h.sessionsEnded
	h.mu.Unlock()
	if fn != nil {
		fn(userID)
	}
}

// PublishInboxesChanged tells every process that what inboxes show may have changed
// for a reason other than their own notifications: a list or comment others were
// notified of was hidden, made private or deleted, or restored.
func (h *Hub) PublishInboxesChanged(ctx context.Context) { h.publish(ctx, inboxesTopic) }

func (h *Hub) inboxesChanged() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.onInbox != nil {
		h.onInbox("")
	}
}

// OnGame sets fn to run, with the hub locked (it must not block), each time the game may
// have changed in another process, or in this one.
func (h *Hub) OnGame(fn func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.gameChanged = fn
}

// PublishGame tells every process that the game changed.
func (h *Hub) PublishGame(ctx context.Context) { h.publish(ctx, gameTopic) }

func (h *Hub) gameChangedHere() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.gameChanged != nil {
		h.gameChanged()
	}
}

// PublishLegacy tells every process that the legacy rankings record changed.
func (h *Hub) PublishLegacy(ctx context.Context) { h.publish(ctx, LegacyTopic) }

func (h *Hub) publish(ctx context.Context, topic string) {
	if err := h.bus.Publish(ctx, topic, nil); err != nil {
		h.log.ErrorContext(ctx, "publish live event", "err", err)
	}
}

// Close ends every stream and stops listening; the bus stays open.
func (h *Hub) Close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	close(h.done)
	h.mu.Unlock()
	h.unsub()
	<-h.stopped
}

// wake signals topic's streams without blocking; nobody else's.
func (h *Hub) wake(topic string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case topic == LegacyTopic && h.onLegacy != nil:
		h.onLegacy()
	case strings.HasPrefix(topic, inboxTopic) && h.onInbox != nil:
		h.onInbox(topic[len(inboxTopic):])
	}
	for sub := range h.subs[topic] {
		sub.wake()
	}
}

// wakeAll signals every stream: the bus reconnected, so events may have been missed.
func (h *Hub) wakeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.count > 0 {
		h.log.Info("live event bus reconnected; refreshing every open stream", "streams", h.count)
	}
	if h.onLegacy != nil {
		h.onLegacy()
	}
	if h.onInbox != nil {
		h.onInbox("")
	}
	for _, subs := range h.subs {
		for sub := range subs {
			sub.wake()
		}
	}
}

func (h *Hub) heartbeat(every time.Duration) {
	defer close(h.stopped)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-h.done:
			return
		case <-t.C:
			h.mu.Lock()
			close(h.beat)
			h.beat = make(chan struct{})
			h.mu.Unlock()
		}
	}
}
