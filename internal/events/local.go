package events

import (
	"context"
	"sync"
)

// Local is the in-process bus: one process (SQLite), no network.
type Local struct {
	mu       sync.RWMutex
	handlers map[int]Handler
	next     int
}

// NewLocal makes an in-process bus.
func NewLocal() *Local { return &Local{handlers: map[int]Handler{}} }

// Publish hands the event to every listener of this process, synchronously.
func (l *Local) Publish(ctx context.Context, topic string, payload []byte) error {
	if _, err := encode(topic, payload); err != nil {
		return err
	}
	l.mu.RLock()
	defer l.mu.RUnlock()
	for _, h := range l.handlers {
		h(topic, payload)
	}
	return nil
}

// Listen delivers events until ctx ends; it never loses its "connection".
func (l *Local) Listen(ctx context.Context, ready func(), handle Handler) error {
	l.mu.Lock()
	id := l.next
	l.next++
	l.handlers[id] = handle
	l.mu.Unlock()
	ready()
	<-ctx.Done()
	l.mu.Lock()
	delete(l.handlers, id)
	l.mu.Unlock()
	return ctx.Err()
}

// Close does nothing: there is no connection.
func (l *Local) Close() error { return nil }
