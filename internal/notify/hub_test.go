package notify

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func signalled(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	case <-time.After(2 * time.Second):
		return false
	}
}

func idle(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return false
	case <-time.After(50 * time.Millisecond):
		return true
	}
}

func TestHubInProcess(t *testing.T) {
	h := newHub(nil, quiet)
	defer h.Close()
	alice, stopAlice := h.Subscribe("alice")
	aliceTab2, stopTab2 := h.Subscribe("alice")
	bob, stopBob := h.Subscribe("bob")
	defer stopAlice()
	defer stopBob()

	h.Publish(context.Background(), "alice")
	if !signalled(alice) || !signalled(aliceTab2) {
		t.Fatal("alice's streams were not woken")
	}
	if !idle(bob) {
		t.Fatal("bob was woken by alice's event")
	}

	// Signals coalesce: a slow stream sees one pending change, not a backlog.
	h.Publish(context.Background(), "alice", "alice", "alice")
	if !signalled(alice) || !idle(alice) || !signalled(aliceTab2) {
		t.Fatal("changes did not coalesce")
	}

	stopTab2()
	h.Publish(context.Background(), "alice")
	if !idle(aliceTab2) {
		t.Fatal("an unsubscribed stream was woken")
	}

	h.Close()
	select {
	case <-h.Done():
	default:
		t.Fatal("Done is open after Close")
	}
	h.Close() // twice is harmless
}

// fakeBroker fails its first connection, then delivers what is published.
type fakeBroker struct {
	mu       sync.Mutex
	attempts int
	events   chan string
}

func (b *fakeBroker) PublishEvent(ctx context.Context, payload string) error {
	b.events <- payload
	return nil
}

func (b *fakeBroker) ListenEvents(ctx context.Context, ready func(), handle func(string)) error {
	b.mu.Lock()
	b.attempts++
	first := b.attempts == 1
	b.mu.Unlock()
	if first {
		return errors.New("connection refused")
	}
	ready()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case p := <-b.events:
			handle(p)
		}
	}
}

func TestHubThroughBrokerReconnects(t *testing.T) {
	b := &fakeBroker{events: make(chan string)}
	h := newHub(b, quiet)
	alice, stop := h.Subscribe("alice")
	defer stop()

	// Once the listener is back, every stream is woken to refetch what it may have missed.
	if !signalled(alice) {
		t.Fatal("no resync after the listener connected")
	}
	h.Publish(context.Background(), "alice")
	if !signalled(alice) {
		t.Fatal("event through the broker did not arrive")
	}
	h.Close() // stops the listener goroutine (Close waits for it)
	if b.attempts != 2 {
		t.Fatalf("listener connected %d times, want 2", b.attempts)
	}
}
