package events

import (
	"context"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strconv"
	"testing"
	"time"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

type got struct {
	topic   string
	payload string
}

// listen runs bus in the background and returns its events; it returns once listening.
func listen(t *testing.T, bus Bus) <-chan got {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan got, 16)
	ready := make(chan struct{}, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(ctx, bus, Backoff{Min: 10 * time.Millisecond, Max: 100 * time.Millisecond}, quiet,
			func() {
				select {
				case ready <- struct{}{}:
				default:
				}
			},
			func(topic string, payload []byte) { ch <- got{topic, string(payload)} })
	}()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("bus never listened")
	}
	return ch
}

// receive waits for want. The NATS subject and the PostgreSQL channel are shared by
// every test process on the machine, so events on other topics are passed over.
func receive(t *testing.T, ch <-chan got, want got) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case g := <-ch:
			if g.topic != want.topic {
				continue
			}
			if g != want {
				t.Fatalf("got %+v, want %+v", g, want)
			}
			return
		case <-deadline:
			t.Fatalf("no event %+v", want)
		}
	}
}

// crossProcess proves an event published on one bus connection reaches listeners
// on two others (two "processes"), the publisher's own included.
func crossProcess(t *testing.T, open func() Bus) {
	a, b := open(), open()
	t.Cleanup(func() { a.Close(); b.Close() })
	onA, onB := listen(t, a), listen(t, b)
	ctx := context.Background()
	// Topics of this run alone: other runs may share the bus.
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	inbox, legacy := "inbox:u1-"+run, "legacy-rankings-"+run
	if err := a.Publish(ctx, inbox, []byte(`{"n":1}`)); err != nil {
		t.Fatal(err)
	}
	receive(t, onA, got{inbox, `{"n":1}`})
	receive(t, onB, got{inbox, `{"n":1}`})
	if err := b.Publish(ctx, legacy, nil); err != nil {
		t.Fatal(err)
	}
	receive(t, onA, got{legacy, ""})
	receive(t, onB, got{legacy, ""})
	if err := a.Publish(ctx, "x", make([]byte, MaxPayload)); err != ErrTooLarge {
		t.Fatalf("oversized payload: %v", err)
	}
	if err := a.Publish(ctx, "bad\ntopic", nil); err == nil {
		t.Fatal("a topic with a newline was accepted")
	}
}

func TestLocal(t *testing.T) {
	bus := NewLocal()
	crossProcess(t, func() Bus { return bus })
}

func TestPostgres(t *testing.T) {
	u := os.Getenv("CASTAWAY_TEST_POSTGRES_URL")
	if u == "" {
		t.Skip("CASTAWAY_TEST_POSTGRES_URL is not set; skipping the PostgreSQL LISTEN/NOTIFY bus")
	}
	crossProcess(t, func() Bus {
		bus, err := Open(context.Background(), "", u)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := bus.(*Postgres); !ok {
			t.Fatalf("Open picked %T for PostgreSQL", bus)
		}
		return bus
	})
}

// NATSURL is the NATS server for tests (CASTAWAY_TEST_NATS_URL, default
// nats://127.0.0.1:4222); the test skips when nothing answers there.
func NATSURL(t testing.TB) string {
	u := os.Getenv("CASTAWAY_TEST_NATS_URL")
	if u == "" {
		u = "nats://127.0.0.1:4222"
	}
	p, err := url.Parse(u)
	if err != nil {
		t.Fatalf("CASTAWAY_TEST_NATS_URL %q: %v", u, err)
	}
	c, err := net.DialTimeout("tcp", p.Host, time.Second)
	if err != nil {
		t.Skipf("no NATS server answers at %s (set CASTAWAY_TEST_NATS_URL): %v", u, err)
	}
	c.Close()
	return u
}

func TestNATS(t *testing.T) {
	u := NATSURL(t)
	crossProcess(t, func() Bus {
		bus, err := Open(context.Background(), u, "postgres://ignored")
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := bus.(*NATS); !ok {
			t.Fatalf("Open picked %T for %s", bus, u)
		}
		return bus
	})
}

func TestOpen(t *testing.T) {
	bus, err := Open(context.Background(), "", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := bus.(*Local); !ok {
		t.Fatalf("Open picked %T for SQLite", bus)
	}
	if _, err := Open(context.Background(), "redis://x", ""); err == nil {
		t.Fatal("an unknown events URL was accepted")
	}
}
