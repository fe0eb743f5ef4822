package notify

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"castaway/internal/events"
)

var quiet = slog.New(slog.DiscardHandler)

func newTestHub(t *testing.T, bus events.Bus, heartbeat time.Duration) *Hub {
	t.Helper()
	h, err := NewHub(bus, heartbeat, quiet)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}

func signalled(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	case <-time.After(5 * time.Second):
		return false
	}
}

// pending tells whether ch holds a signal now. The in-process bus delivers before
// Publish returns, so after a Publish there is nothing left to wait for.
func pending(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

func TestHubInProcess(t *testing.T) {
	h := newTestHub(t, events.NewLocal(), time.Hour)
	alice, stopAlice := h.Subscribe("alice")
	aliceTab2, stopTab2 := h.Subscribe("alice")
	bob, stopBob := h.Subscribe("bob")
	defer stopAlice()
	defer stopBob()

	h.Publish(context.Background(), "alice")
	if !pending(alice) || !pending(aliceTab2) {
		t.Fatal("alice's streams were not woken")
	}
	if pending(bob) {
		t.Fatal("bob was woken by alice's event")
	}

	// Signals coalesce: a slow stream sees one pending change, not a backlog.
	h.Publish(context.Background(), "alice", "alice", "alice")
	if !pending(alice) || pending(alice) || !pending(aliceTab2) {
		t.Fatal("changes did not coalesce")
	}

	stopTab2()
	stopTab2() // twice is harmless
	h.Publish(context.Background(), "alice")
	if pending(aliceTab2) {
		t.Fatal("an unsubscribed stream was woken")
	}
	if h.Streams() != 2 {
		t.Fatalf("%d streams, want 2", h.Streams())
	}

	h.Close()
	select {
	case <-h.Done():
	default:
		t.Fatal("Done is open after Close")
	}
	h.Close() // twice is harmless
}

// With 10,000 idle streams open, an event wakes its recipient's streams and no
// other: the hub holds no store, so an idle stream is never asked to read anything,
// and the recipient's stream reads once per event (one wake-up per signal).
func TestHubWakesOnlyTheRecipientAmong10000(t *testing.T) {
	h := newTestHub(t, events.NewLocal(), time.Hour)
	const n = 10_000
	streams := make([]<-chan struct{}, n)
	for i := range streams {
		ch, stop := h.Subscribe(fmt.Sprintf("user%d", i))
		defer stop()
		streams[i] = ch
	}
	tab2, stop := h.Subscribe("user1234")
	defer stop()

	h.Publish(context.Background(), "user1234")
	for i, ch := range streams {
		if woke := pending(ch); woke != (i == 1234) {
			t.Fatalf("stream %d woke: %v", i, woke)
		}
	}
	if !pending(tab2) {
		t.Fatal("the recipient's second stream slept")
	}
}

func TestHubHeartbeatIsShared(t *testing.T) {
	h := newTestHub(t, events.NewLocal(), 10*time.Millisecond)
	beat := h.Beat()
	select {
	case <-beat:
	case <-time.After(5 * time.Second):
		t.Fatal("no heartbeat")
	}
	if h.Beat() == beat {
		t.Fatal("the next heartbeat reuses a closed channel")
	}
}

// fakeBus delivers in process and lets a test play a reconnection.
type fakeBus struct {
	*events.Local
	mu      sync.Mutex
	resyncs []func()
}

func (b *fakeBus) Subscribe(topic string, h events.Handler) (func(), error) {
	b.mu.Lock()
	b.resyncs = append(b.resyncs, h.Resync)
	b.mu.Unlock()
	return b.Local.Subscribe(topic, h)
}

func (b *fakeBus) reconnect() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, f := range b.resyncs {
		f()
	}
}

// After the bus reconnects every stream refetches what it may have missed.
func TestHubResyncsAfterReconnect(t *testing.T) {
	b := &fakeBus{Local: events.NewLocal()}
	h := newTestHub(t, b, time.Hour)
	alice, stopA := h.Subscribe("alice")
	defer stopA()
	bob, stopB := h.Subscribe("bob")
	defer stopB()
	b.reconnect()
	if !pending(alice) || !pending(bob) {
		t.Fatal("streams not woken after a reconnect")
	}
}

// Across two hubs on one bus (two processes), an event published by one wakes the other's stream.
func TestHubAcrossProcesses(t *testing.T) {
	bus := events.NewLocal()
	a, b := newTestHub(t, bus, time.Hour), newTestHub(t, bus, time.Hour)
	alice, stop := b.Subscribe("alice")
	defer stop()
	a.Publish(context.Background(), "alice")
	if !signalled(alice) {
		t.Fatal("event did not cross hubs")
	}
}

// OnInbox hears of a change to an inbox before any of its streams is woken, and with ""
// when any inbox may have changed.
func TestHubTellsOfInboxesBeforeWaking(t *testing.T) {
	h := newTestHub(t, events.NewLocal(), time.Hour)
	var heard []string
	h.OnInbox(func(userID string) { heard = append(heard, userID) }) // runs with the hub locked
	woken := 0
	stop := h.SubscribeFunc("alice", func() {
		if len(heard) == 0 || heard[len(heard)-1] != "alice" {
			t.Errorf("alice's stream woken before her inbox was heard of: %q", heard)
		}
		woken++
	})
	defer stop()
	h.Publish(context.Background(), "alice", "bob")
	h.PublishInboxesChanged(context.Background())
	h.mu.Lock()
	defer h.mu.Unlock()
	if fmt.Sprint(heard) != "[alice bob ]" || woken != 1 {
		t.Fatalf("heard %q, alice woken %d times", heard, woken)
	}
}
