package notify

import (
	"castaway/internal/events"
	"context"
	"errors"
	"fmt"
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
	h := NewHubOn(events.NewLocal(), quiet)
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

// fakeBus fails its first connection, then delivers what is published.
type fakeBus struct {
	mu       sync.Mutex
	attempts int
	events   chan string
}

func (b *fakeBus) Publish(ctx context.Context, topic string, payload []byte) error {
	b.events <- topic
	return nil
}

func (b *fakeBus) Close() error { return nil }

func (b *fakeBus) Listen(ctx context.Context, ready func(), handle events.Handler) error {
	b.mu.Lock()
	b.attempts++
	n := b.attempts
	b.mu.Unlock()
	if n == 2 {
		return errors.New("connection reset")
	}
	ready()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case p := <-b.events:
			if n == 1 && p == "inbox:drop" {
				return errors.New("connection lost")
			}
			handle(p, nil)
		}
	}
}

func TestHubThroughBusReconnects(t *testing.T) {
	b := &fakeBus{events: make(chan string)}
	h := NewHubOn(b, quiet)
	alice, stop := h.Subscribe("alice")
	defer stop()

	h.Publish(context.Background(), "alice")
	if !signalled(alice) {
		t.Fatal("event through the bus did not arrive")
	}
	// The connection drops, the first retry fails, the next connects: every stream
	// is woken to refetch what it may have missed.
	h.Publish(context.Background(), "drop")
	if !signalled(alice) {
		t.Fatal("no resync after the listener reconnected")
	}
	h.Publish(context.Background(), "alice")
	if !signalled(alice) {
		t.Fatal("event after reconnect did not arrive")
	}
	h.Close() // stops the listener goroutine (Close waits for it)
	if b.attempts != 3 {
		t.Fatalf("listener connected %d times, want 3", b.attempts)
	}
}

// With 10,000 idle streams open, an event wakes only its recipient's streams:
// the others receive nothing, so they run no query.
func TestHubWakesOnlyTheRecipient(t *testing.T) {
	h := NewHubOn(events.NewLocal(), quiet)
	defer h.Close()
	const n = 10_000
	chans := make([]<-chan struct{}, n)
	for i := range n {
		ch, stop := h.Subscribe(fmt.Sprintf("user%d", i))
		defer stop()
		chans[i] = ch
	}
	if h.Streams() != n {
		t.Fatalf("%d streams, want %d", h.Streams(), n)
	}
	h.Publish(context.Background(), "user4242")
	if !signalled(chans[4242]) {
		t.Fatal("the recipient was not woken")
	}
	for i, ch := range chans {
		select {
		case <-ch:
			t.Fatalf("stream %d woken by someone else's event", i)
		default:
		}
	}
}
