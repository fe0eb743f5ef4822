// Package events is the event bus that carries live events between castaway
// processes: in-process (SQLite, one process), PostgreSQL LISTEN/NOTIFY (several
// processes on one PostgreSQL) or NATS (CASTAWAY_EVENTS_URL=nats://...).
//
// An event is a topic ("inbox:<userId>", "legacy-rankings", ...) and a small
// payload. Every process receives every event and routes it to its own
// subscribers by topic; payloads stay small (a bus carries wake-ups, not data).
package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// Handler receives one event.
type Handler func(topic string, payload []byte)

// Bus carries events to every process, this one included.
type Bus interface {
	// Publish sends an event to every listening process.
	Publish(ctx context.Context, topic string, payload []byte) error
	// Listen delivers events to handle until ctx ends or the connection is lost
	// (it returns the error then). ready is called once listening: events
	// published before it may have been missed.
	Listen(ctx context.Context, ready func(), handle Handler) error
	// Close releases the bus's connections.
	Close() error
}

// MaxPayload is the largest payload a bus carries (PostgreSQL NOTIFY allows
// under 8000 bytes, with the topic).
const MaxPayload = 7000

// ErrTooLarge is returned by Publish for a payload over MaxPayload.
var ErrTooLarge = errors.New("event payload too large")

// Open picks the bus: eventsURL nats://... is NATS; otherwise postgresURL (the
// database URL when it is PostgreSQL, else "") selects LISTEN/NOTIFY, and
// neither the in-process bus.
func Open(ctx context.Context, eventsURL, postgresURL string) (Bus, error) {
	switch {
	case strings.HasPrefix(eventsURL, "nats://") || strings.HasPrefix(eventsURL, "tls://"):
		return NewNATS(eventsURL)
	case eventsURL != "":
		return nil, fmt.Errorf("events url %q: want nats://host:port, or empty for the database's own bus", eventsURL)
	case postgresURL != "":
		return NewPostgres(ctx, postgresURL)
	default:
		return NewLocal(), nil
	}
}

// encode joins topic and payload for buses with one channel: "topic\npayload".
func encode(topic string, payload []byte) ([]byte, error) {
	if strings.ContainsRune(topic, '\n') || topic == "" {
		return nil, fmt.Errorf("event topic %q: empty or has a newline", topic)
	}
	if len(topic)+1+len(payload) > MaxPayload {
		return nil, ErrTooLarge
	}
	b := make([]byte, 0, len(topic)+1+len(payload))
	b = append(b, topic...)
	b = append(b, '\n')
	return append(b, payload...), nil
}

func decode(msg []byte) (topic string, payload []byte, ok bool) {
	i := strings.IndexByte(string(msg), '\n')
	if i <= 0 {
		return "", nil, false
	}
	return string(msg[:i]), msg[i+1:], true
}

// Backoff is the wait between reconnect attempts: doubling from Min to Max.
type Backoff struct{ Min, Max time.Duration }

// DefaultBackoff waits 500 ms, then 1 s, 2 s, ... up to 30 s.
var DefaultBackoff = Backoff{Min: 500 * time.Millisecond, Max: 30 * time.Second}

// Run keeps bus listening until ctx ends, reconnecting after a failure with
// capped exponential backoff (reset once a connection is ready). ready is
// called on every (re)connect, so the caller can resync what it may have missed.
func Run(ctx context.Context, bus Bus, b Backoff, log *slog.Logger, ready func(), handle Handler) {
	wait := b.Min
	for {
		err := bus.Listen(ctx, func() {
			wait = b.Min
			ready()
		}, handle)
		if ctx.Err() != nil {
			return
		}
		log.Warn("event bus listener lost; reconnecting", "err", err, "in", wait)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		wait = min(wait*2, b.Max)
	}
}
