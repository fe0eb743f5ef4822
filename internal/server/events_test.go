package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	neturl "net/url"
	"strings"
	"testing"
	"time"

	"castaway/internal/events"
	"castaway/internal/events/eventstest"
	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/store/storetest"

	"github.com/prometheus/client_golang/prometheus/testutil"
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
	events := readEvents(res.Body)
	return res, events
}

// readEvents parses a server-sent event stream as it arrives; the channel closes when
// the stream ends.
func readEvents(body io.ReadCloser) <-chan sseEvent {
	events := make(chan sseEvent, 16)
	go func() {
		defer close(events)
		defer body.Close()
		sc := bufio.NewScanner(body)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
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
	return events
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

// Two server processes share one PostgreSQL, each with its own store and bus
// connection: a vote through one reaches a stream held on the other, on each bus.
func TestInboxStreamAcrossServers(t *testing.T) {
	buses := []struct {
		name string
		open func(t *testing.T, dbURL string) func() events.Bus
	}{
		{"listen-notify", func(t *testing.T, dbURL string) func() events.Bus {
			return func() events.Bus {
				b, err := events.OpenPostgres(context.Background(), dbURL, "castaway_"+databaseOf(t, dbURL), quietLog)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
		}},
		{"nats", func(t *testing.T, dbURL string) func() events.Bus {
			natsURL := eventstest.NATSURL(t)
			prefix := "castaway_" + databaseOf(t, dbURL)
			return func() events.Bus {
				b, err := events.OpenNATS(natsURL, prefix, quietLog)
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
		}},
	}
	for _, bus := range buses {
		t.Run(bus.name, func(t *testing.T) {
			dbURL := storetest.PostgresURL(t)
			openBus := bus.open(t, dbURL)
			process := func() *testEnv {
				st, err := store.Open(context.Background(), dbURL)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { st.Close() })
				if err := st.Migrate(context.Background()); err != nil {
					t.Fatal(err)
				}
				b := openBus()
				t.Cleanup(func() { b.Close() })
				hub, err := notify.NewHub(b, notify.Heartbeat, quietLog)
				if err != nil {
					t.Fatal(err)
				}
				return newEnvWithHub(t, st, hub)
			}
			a, b := process(), process()
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

var quietLog = slog.New(slog.DiscardHandler)

// schemaOf names the test's own database (storetest gives each its own), to keep tests'
// channels apart.
func databaseOf(t testing.TB, dbURL string) string {
	u, err := neturl.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(u.Path, "/")
}

// Idle streams cost nothing: with many open, an event makes its recipient's stream
// read its inbox once and no other stream read at all.
func TestIdleStreamsReadNothing(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, fanUser := e.signedIn(t, "Fan")
	list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)
	fanList := e.makeCommunityList(t, fanUser.ID, "list_2", "Villains", true)

	const idle = 100
	setStreamsPerClient(e, idle+2) // every stream here comes from one address
	for i := range idle {
		c, _ := e.signedIn(t, fmt.Sprintf("Idle%d", i))
		_, events := openStream(t, c, e.URL+"/api/notifications/stream")
		nextInbox(t, events, func(inboxJSON) bool { return true })
	}
	_, ownerEvents := openStream(t, owner, e.URL+"/api/notifications/stream")
	nextInbox(t, ownerEvents, func(inboxJSON) bool { return true })
	_, fanEvents := openStream(t, fan, e.URL+"/api/notifications/stream")
	nextInbox(t, fanEvents, func(inboxJSON) bool { return true })
	before := testutil.ToFloat64(e.srv.metrics.streamReads)
	if streams := e.srv.hub.Streams(); streams != idle+2 {
		t.Fatalf("%d streams open, want %d", streams, idle+2)
	}

	callStatus(t, fan, "PUT", list+"/upvote", nil, nil)
	nextInbox(t, ownerEvents, func(in inboxJSON) bool { return in.UnreadCount == 1 })
	// The fan's own event comes after: once it is in, any stray read has happened too.
	callStatus(t, owner, "PUT", fanList+"/upvote", nil, nil)
	nextInbox(t, fanEvents, func(in inboxJSON) bool { return in.UnreadCount == 1 })
	if reads := testutil.ToFloat64(e.srv.metrics.streamReads) - before; reads != 2 {
		t.Fatalf("%v stream reads for two events, want 2", reads)
	}
}

// Over HTTP/2 the connection cannot be taken over; the stream keeps its own loop
// and works the same.
func TestInboxStreamOverHTTP2(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)

	ts := httptest.NewUnstartedServer(e.srv.Handler())
	ts.EnableHTTP2 = true
	ts.StartTLS()
	t.Cleanup(ts.Close)
	base, _ := neturl.Parse(e.URL)
	h2 := ts.Client()
	h2.Jar = owner.Jar
	tsURL, _ := neturl.Parse(ts.URL)
	h2.Jar.SetCookies(tsURL, owner.Jar.Cookies(base))

	res, events := openStream(t, h2, ts.URL+"/api/notifications/stream")
	if res.ProtoMajor != 2 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("stream over %s: %q", res.Proto, res.Header.Get("Content-Type"))
	}
	nextInbox(t, events, func(in inboxJSON) bool { return in.UnreadCount == 0 })
	callStatus(t, fan, "PUT", list+"/upvote", nil, nil)
	nextInbox(t, events, func(in inboxJSON) bool { return in.UnreadCount == 1 })
}

// A stream whose client has left is dropped at the next heartbeat at the latest,
// and its subscription with it.
func TestLeftStreamsAreDropped(t *testing.T) {
	e := newEnvWithHub(t, storetest.OpenSQLite(t), newTestHub(t, 5*time.Millisecond))
	owner, _ := e.signedIn(t, "Owner")
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+"/api/notifications/stream", nil)
	res, err := owner.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	// The first event comes once the stream is subscribed.
	if _, err := bufio.NewReader(res.Body).ReadString('}'); err != nil {
		t.Fatal(err)
	}
	if e.srv.hub.Streams() != 1 {
		t.Fatalf("%d streams, want 1", e.srv.hub.Streams())
	}
	cancel()
	res.Body.Close()
	for e.srv.hub.Streams() != 0 {
		<-e.srv.hub.Beat() // each beat writes to the stream; the second write after the close fails
	}
}

func newTestHub(t *testing.T, heartbeat time.Duration) *notify.Hub {
	h, err := notify.NewHub(events.NewLocal(), heartbeat, quietLog)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	return h
}
