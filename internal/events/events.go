// Package events is the event bus: small messages on named topics ("inbox.<userId>",
// later the legacy rankings record) that reach every castaway process. Three buses
// carry them: in-process (SQLite, one process), PostgreSQL LISTEN/NOTIFY (the
// default on PostgreSQL) and NATS (CASTAWAY_EVENTS_URL=nats://...).
//
// Delivery is at most once: a process that loses its connection misses what was
// published meanwhile, and is told so (Resync) once it is back, so it can refetch.
package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// Bus carries events between processes.
type Bus interface {
	// Publish sends payload to every subscriber of topic, in every process. A
	// payload is short text (PostgreSQL caps a notification near 8000 bytes).
	Publish(ctx context.Context, topic string, payload []byte) error
	// Subscribe calls h.Event for each message whose topic is topic or, when topic
	// ends in ".", starts with it; and h.Resync each time the bus has reconnected,
	// since messages may have been missed while it was away. Handlers run on the
	// bus's own goroutine and must not block. A lost connection is retried with
	// capped exponential backoff until stop or Close.
	Subscribe(topic string, h Handler) (stop func(), err error)
	// Close ends every subscription and connection.
	Close() error
}

// Handler receives what a subscription hears.
type Handler struct {
	Event  func(topic string, payload []byte)
	Resync func() // may be nil
}

// ErrClosed answers calls on a closed bus.
var ErrClosed = errors.New("events: bus closed")

// Options picks and configures a bus.
type Options struct {
	// URL is CASTAWAY_EVENTS_URL: "" chooses by DatabaseURL, nats://... is NATS.
	URL string
	// DatabaseURL is the store's: postgres:// gives LISTEN/NOTIFY, anything else in-process.
	DatabaseURL string
	// Channel is the PostgreSQL channel, or the NATS subject prefix; default "castaway".
	Channel string
	Logger  *slog.Logger
}

// Open connects the bus opts describe. The NATS and PostgreSQL buses keep trying in
// the background when their server is down at start, so Open fails only on bad settings.
func Open(ctx context.Context, opts Options) (Bus, error) {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Channel == "" {
		opts.Channel = "castaway"
	}
	switch {
	case strings.HasPrefix(opts.URL, "nats://") || strings.HasPrefix(opts.URL, "tls://"):
		return OpenNATS(opts.URL, opts.Channel, opts.Logger)
	case opts.URL != "":
		return nil, fmt.Errorf("events URL %q: want nats://host:port, or empty for the database's own", opts.URL)
	case strings.HasPrefix(opts.DatabaseURL, "postgres://") || strings.HasPrefix(opts.DatabaseURL, "postgresql://"):
		return OpenPostgres(ctx, opts.DatabaseURL, opts.Channel, opts.Logger)
	default:
		return NewLocal(), nil
	}
}

// Kind names a bus for logs: "in-process", "postgres" or "nats".
func Kind(b Bus) string {
	switch b.(type) {
	case *Local:
		return "in-process"
	case *Postgres:
		return "postgres"
	case *NATS:
		return "nats"
	}
	return fmt.Sprintf("%T", b)
}

// matches tells whether a subscription to pattern hears topic.
func matches(pattern, topic string) bool {
	if strings.HasSuffix(pattern, ".") {
		return strings.HasPrefix(topic, pattern)
	}
	return pattern == topic
}

// validTopic rejects what no bus can carry: empty topics, spaces and NATS wildcards.
func validTopic(topic string, pattern bool) error {
	if topic == "" || strings.ContainsAny(topic, " \t\r\n*>\x00") || (!pattern && strings.HasSuffix(topic, ".")) {
		return fmt.Errorf("events: bad topic %q", topic)
	}
	return nil
}

// fanout hands messages to this process's subscriptions.
type fanout struct {
	mu     sync.RWMutex
	next   int
	subs   map[int]sub
	closed bool
}

type sub struct {
	pattern string
	h       Handler
}

func (f *fanout) add(pattern string, h Handler) (int, error) {
	if err := validTopic(pattern, true); err != nil {
		return 0, err
	}
	if h.Event == nil {
		return 0, errors.New("events: subscription without an Event handler")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return 0, ErrClosed
	}
	if f.subs == nil {
		f.subs = map[int]sub{}
	}
	f.next++
	f.subs[f.next] = sub{pattern, h}
	return f.next, nil
}

func (f *fanout) remove(id int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.subs, id)
}

func (f *fanout) deliver(topic string, payload []byte) {
	f.mu.RLock()
	defer f.mu.RUnlock()
	for _, s := range f.subs {
		if matches(s.pattern, topic) {
			s.h.Event(topic, payload)
		}
	}
}

func (f *fanout) resync() {
	f.mu.RLock()
	defer f.mu.RUnlock()
	for _, s := range f.subs {
		if s.h.Resync != nil {
			s.h.Resync()
		}
	}
}

// close reports whether this call closed it.
func (f *fanout) close() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	was := f.closed
	f.closed, f.subs = true, nil
	return !was
}

// Local is the in-process bus: one process, no network (SQLite deployments).
type Local struct{ f fanout }

// NewLocal makes an in-process bus.
func NewLocal() *Local { return &Local{} }

// Publish delivers payload to this process's subscribers before returning.
func (l *Local) Publish(ctx context.Context, topic string, payload []byte) error {
	if err := validTopic(topic, false); err != nil {
		return err
	}
	l.f.deliver(topic, payload)
	return nil
}

// Subscribe hears this process's messages; it never misses any, so never resyncs.
func (l *Local) Subscribe(topic string, h Handler) (func(), error) {
	id, err := l.f.add(topic, h)
	if err != nil {
		return nil, err
	}
	return func() { l.f.remove(id) }, nil
}

// Close drops every subscription.
func (l *Local) Close() error { l.f.close(); return nil }

// backoff is the wait between reconnection attempts: doubling, capped.
type backoff struct{ wait time.Duration }

const (
	minBackoff = 250 * time.Millisecond
	maxBackoff = 30 * time.Second
)

func (b *backoff) reset() { b.wait = 0 }

func (b *backoff) next() time.Duration {
	if b.wait == 0 {
		b.wait = minBackoff
	} else {
		b.wait = min(b.wait*2, maxBackoff)
	}
	return b.wait
}
