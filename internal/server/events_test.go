package server

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	neturl "net/url"
	"os"
	"strings"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/config"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

type sseEvent struct {
	name string
	data string
}

// openStream connects to url and returns its events as they come; the channel
// closes when the stream ends.
func openStream(t *testing.T, c *http.Client, url string) (*http.Response, <-chan sseEvent) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	events := make(chan sseEvent, 16)
	go func() {
		defer close(events)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if ev.name != "" || ev.data != "" {
					events <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "event: "):
				ev.name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				ev.data += strings.TrimPrefix(line, "data: ")
			}
		}
	}()
	return res, events
}

// nextInbox waits for an inbox event matching ok.
func nextInbox(t *testing.T, events <-chan sseEvent, ok func(inboxJSON) bool) inboxJSON {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev, open := <-events:
			if !open {
				t.Fatal("stream ended")
			}
			var in inboxJSON
			if ev.name != "notifications" || json.Unmarshal([]byte(ev.data), &in) != nil {
				t.Fatalf("unexpected event %+v", ev)
			}
			if ok(in) {
				return in
			}
		case <-deadline:
			t.Fatal("no matching inbox event")
		}
	}
}

func TestInboxStream(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)

	res, events := openStream(t, owner, e.URL+"/api/notifications/stream")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	nextInbox(t, events, func(in inboxJSON) bool { return in.UnreadCount == 0 && len(in.Notifications) == 0 })

	callStatus(t, fan, "PUT", list+"/upvote", nil, nil)
	in := nextInbox(t, events, func(in inboxJSON) bool { return in.UnreadCount == 1 })
	if in.Notifications[0].Type != "list_like" || in.Notifications[0].CreatedByName != "Fan" {
		t.Fatalf("pushed inbox %+v", in)
	}
	// Reading in another tab reaches this one too.
	callStatus(t, owner, "POST", e.URL+"/api/notifications/read-all", nil, nil)
	nextInbox(t, events, func(in inboxJSON) bool { return in.UnreadCount == 0 && len(in.Notifications) == 1 })

	// Shutting down ends the stream instead of holding the server open.
	e.srv.CloseStreams()
	select {
	case _, open := <-events:
		if open {
			t.Fatal("an event after CloseStreams")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("stream still open after CloseStreams")
	}
}

// Two server processes share one PostgreSQL, with no sticky sessions: a vote
// through one reaches a stream held on the other, over each bus that crosses
// processes (PostgreSQL LISTEN/NOTIFY, and NATS where a server answers).
func TestInboxStreamAcrossServers(t *testing.T) {
	for _, bus := range []struct {
		name string
		url  func(t *testing.T) string
	}{
		{"listen-notify", func(*testing.T) string { return "" }},
		{"nats", testNATSURL},
	} {
		t.Run(bus.name, func(t *testing.T) {
			pg := storetest.PostgresURL(t)
			eventsURL := bus.url(t)
			ctx := context.Background()
			open := func() *testEnv {
				st, err := store.Open(ctx, pg)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				if err := st.Migrate(ctx); err != nil {
					t.Fatal(err)
				}
				return newEnvWithEvents(t, st, eventsURL)
			}
			a, b := open(), open()
			fan, _ := a.signedIn(t, "Fan")
			owner, ownerUser := b.signedIn(t, "Owner")
			list := a.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)

			_, events := openStream(t, owner, b.URL+"/api/notifications/stream")
			nextInbox(t, events, func(in inboxJSON) bool { return in.UnreadCount == 0 })
			callStatus(t, fan, "PUT", list+"/upvote", nil, nil)
			in := nextInbox(t, events, func(in inboxJSON) bool { return in.UnreadCount == 1 })
			if in.Notifications[0].Type != "list_like" || in.Notifications[0].ListID != "list_1" {
				t.Fatalf("pushed inbox %+v", in)
			}
			callStatus(t, fan, "POST", list+"/comments", map[string]any{"text": "Love it"}, nil)
			in = nextInbox(t, events, func(in inboxJSON) bool { return in.UnreadCount == 2 })
			if in.Notifications[0].Type != "comment" || in.Notifications[0].Content != "Love it" {
				t.Fatalf("pushed inbox %+v", in)
			}
		})
	}
}

// testNATSURL is the NATS server for tests (CASTAWAY_TEST_NATS_URL, default
// nats://127.0.0.1:4222); the test skips when nothing answers there.
func testNATSURL(t *testing.T) string {
	u := os.Getenv("CASTAWAY_TEST_NATS_URL")
	if u == "" {
		u = "nats://127.0.0.1:4222"
	}
	p, err := neturl.Parse(u)
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

// newEnvWithEvents starts a server over st whose live events cross processes on eventsURL.
func newEnvWithEvents(t *testing.T, st *store.Store, eventsURL string) *testEnv {
	t.Helper()
	cfg, err := config.Load([]string{"-data-dir", t.TempDir(), "-events-url", eventsURL}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	srv, err := New(Deps{Config: cfg, Store: st, Catalog: catalog.MustLoad(),
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(srv.CloseStreams)
	return &testEnv{Server: ts, cfg: cfg, store: st, srv: srv}
}
