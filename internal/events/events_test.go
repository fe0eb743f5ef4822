package events

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"testing"
	"time"

	"castaway/internal/events/eventstest"
	"castaway/internal/store/storetest"
)

var discard = slog.New(slog.DiscardHandler)

type msg struct{ topic, payload string }

// listen subscribes to topic on b and returns what it hears.
func listen(t *testing.T, b Bus, topic string) <-chan msg {
	t.Helper()
	got := make(chan msg, 16)
	stop, err := b.Subscribe(topic, Handler{Event: func(topic string, p []byte) { got <- msg{topic, string(p)} }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	return got
}

func expect(t *testing.T, got <-chan msg, want msg) {
	t.Helper()
	select {
	case m := <-got:
		if m != want {
			t.Fatalf("got %+v, want %+v", m, want)
		}
	case <-time.After(5 * time.Second):
		t.Fatalf("%+v never arrived", want)
	}
}

// fence publishes a marker on b and waits for it on got: everything published
// before it has been delivered by then (each bus keeps one publisher's order).
func fence(t *testing.T, b Bus, got <-chan msg, topic string) {
	t.Helper()
	if err := b.Publish(context.Background(), topic, []byte("fence")); err != nil {
		t.Fatal(err)
	}
	expect(t, got, msg{topic, "fence"})
}

// exercise runs what every bus must do, with a and b as two processes (they may be one bus).
func exercise(t *testing.T, a, b Bus) {
	ctx := context.Background()
	inbox := listen(t, b, "inbox.")
	alice := listen(t, b, "inbox.alice")
	record := listen(t, a, "legacy.record")

	if err := a.Publish(ctx, "inbox.alice", []byte(`{"n":1}`)); err != nil {
		t.Fatal(err)
	}
	expect(t, inbox, msg{"inbox.alice", `{"n":1}`})
	expect(t, alice, msg{"inbox.alice", `{"n":1}`})

	if err := a.Publish(ctx, "inbox.bob", nil); err != nil {
		t.Fatal(err)
	}
	expect(t, inbox, msg{"inbox.bob", ""})
	if err := b.Publish(ctx, "legacy.record", []byte("v2")); err != nil {
		t.Fatal(err)
	}
	expect(t, record, msg{"legacy.record", "v2"})
	fence(t, a, alice, "inbox.alice")
	select {
	case m := <-record:
		t.Fatalf("legacy.record heard %+v", m)
	default:
	}
	select {
	case m := <-alice:
		t.Fatalf("alice heard %+v", m) // bob's event came before the fence
	default:
	}

	for _, bad := range []string{"", "inbox.", "a b", "inbox.*", "x>"} {
		if err := a.Publish(ctx, bad, nil); err == nil {
			t.Errorf("published on bad topic %q", bad)
		}
	}
}

func TestLocal(t *testing.T) {
	b := NewLocal()
	exercise(t, b, b)
	b.Close()
	if _, err := b.Subscribe("x", Handler{Event: func(string, []byte) {}}); err != ErrClosed {
		t.Fatalf("subscribe after close: %v", err)
	}
}

func channel() string {
	b := make([]byte, 4)
	rand.Read(b)
	return "castaway_test_" + hex.EncodeToString(b)
}

func openPostgres(t *testing.T, url, ch string) *Postgres {
	t.Helper()
	p, err := OpenPostgres(context.Background(), url, ch, discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func TestPostgres(t *testing.T) {
	url := storetest.PostgresURL(t)
	ch := channel()
	a, b := openPostgres(t, url, ch), openPostgres(t, url, ch)
	exercise(t, a, b)
}

// A listener whose connection is killed reconnects, resyncs its subscribers and hears again.
func TestPostgresReconnects(t *testing.T) {
	url := storetest.PostgresURL(t)
	ch := channel()
	a, b := openPostgres(t, url, ch), openPostgres(t, url, ch)
	resynced := make(chan struct{}, 1)
	got := make(chan msg, 16)
	stop, err := b.Subscribe("inbox.", Handler{
		Event:  func(topic string, p []byte) { got <- msg{topic, string(p)} },
		Resync: func() { resynced <- struct{}{} },
	})
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if _, err := a.pool.Exec(context.Background(),
		`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, `LISTEN "`+ch+`"`); err != nil {
		t.Fatal(err)
	}
	select {
	case <-resynced:
	case <-time.After(10 * time.Second):
		t.Fatal("no resync after the listener was cut off")
	}
	fence(t, a, got, "inbox.carol")
}

func openNATS(t *testing.T, url, prefix string) *NATS {
	t.Helper()
	n, err := OpenNATS(url, prefix, discard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { n.Close() })
	return n
}

func TestNATS(t *testing.T) {
	url := eventstest.NATSURL(t)
	prefix := channel()
	a, b := openNATS(t, url, prefix), openNATS(t, url, prefix)
	exercise(t, a, b)
}

func TestOpenChoosesTheBus(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		opts Options
		kind string
	}{
		{Options{DatabaseURL: "data/castaway.db"}, "in-process"},
		{Options{URL: "nats://127.0.0.1:1", DatabaseURL: "postgres://x@127.0.0.1:1/db"}, "nats"},
	} {
		b, err := Open(ctx, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		if Kind(b) != tc.kind {
			t.Errorf("%+v opened %s, want %s", tc.opts, Kind(b), tc.kind)
		}
		b.Close()
	}
	if _, err := Open(ctx, Options{URL: "redis://x"}); err == nil {
		t.Error("opened an unknown bus")
	}
}
