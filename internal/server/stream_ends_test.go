package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	neturl "net/url"
	"testing"
	"time"

	"castaway/internal/live"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// heldStream is one open stream a test can end from the client's side.
type heldStream struct {
	events <-chan sseEvent
	end    func()
}

// holdStream opens path with c, waits for its first event and returns it open.
func holdStream(t *testing.T, c *http.Client, url string) heldStream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		t.Fatalf("GET %s: %d", url, res.StatusCode)
	}
	events := readEvents(res.Body)
	select {
	case _, open := <-events:
		if !open {
			t.Fatal("stream ended before its first event")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no first event")
	}
	return heldStream{events: events, end: func() { cancel(); res.Body.Close() }}
}

// openStatus opens url with c and answers the status, closing what it opened.
func openStatus(t *testing.T, c *http.Client, url string) int {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// setStreamsPerClient lets n streams come from one client address.
func setStreamsPerClient(e *testEnv, n int) {
	l := e.srv.liveStreams.Limits()
	l.PerClient = n
	e.srv.liveStreams.SetLimits(l)
}

// awaitNoStreams waits until the process holds no stream: no slot of any account,
// client or the process taken, no subscription (the castaway_event_streams gauge).
// next says what may change it meanwhile (nil: only the streams' own ends).
func awaitNoStreams(t *testing.T, e *testEnv, next func() <-chan struct{}) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		changed := e.srv.liveStreams.HeldChanged()
		var nudge <-chan struct{}
		if next != nil {
			nudge = next()
		}
		total, accounts, clients := e.srv.liveStreams.Held()
		if total == 0 && accounts == 0 && clients == 0 && e.srv.hub.Streams() == 0 {
			return
		}
		select {
		case <-changed:
		case <-nudge:
		case <-deadline:
			t.Fatalf("streams still held: %d slots (%d accounts, %d clients), %d subscribed",
				total, accounts, clients, e.srv.hub.Streams())
		}
	}
}

// A fan who opens and closes tabs always gets the next one: 20 closed tabs free
// their 20 places (none is left held until a heartbeat finds it), a 21st opens, and
// shutting down gives every place back.
func TestClosedTabsGiveSlotsBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		c, _ := e.signedIn(t, "Fan")
		url := e.URL + "/api/notifications/stream"
		for round := range 3 {
			tabs := make([]heldStream, live.DefaultLimits.PerAccount)
			for i := range tabs {
				tabs[i] = holdStream(t, c, url)
			}
			if status := openStatus(t, c, url); status != http.StatusTooManyRequests {
				t.Fatalf("round %d: a 21st open tab: %d, want 429", round, status)
			}
			for _, tab := range tabs {
				tab.end()
			}
		}
		last := holdStream(t, c, url)
		if total, accounts, _ := e.srv.liveStreams.Held(); total != 1 || accounts != 1 {
			t.Fatalf("with one tab open: %d slots, %d accounts", total, accounts)
		}
		e.srv.CloseStreams()
		if _, open := <-last.events; open {
			t.Fatal("an event after CloseStreams")
		}
		awaitNoStreams(t, e, nil)
	})
}

// A stream whose client left ends at the next heartbeat or event it fails to take,
// and gives back its account's, client's and the process's places.
func TestLeftStreamsGiveSlotsBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		t.Run("heartbeat", func(t *testing.T) {
			e := newEnvWithHub(t, st, newTestHub(t, 5*time.Millisecond))
			c, _ := e.signedIn(t, "Fan")
			inbox := holdStream(t, c, e.URL+"/api/notifications/stream")
			legacy := holdStream(t, c, e.URL+"/api/legacy-rankings/stream")
			visitor := holdStream(t, &http.Client{}, e.URL+"/api/legacy-rankings/stream")
			inbox.end()
			legacy.end()
			visitor.end()
			awaitNoStreams(t, e, e.srv.hub.Beat)
		})
		t.Run("event", func(t *testing.T) {
			e := newEnvOn(t, st) // heartbeats 25 s apart: only events write
			c, u := e.signedIn(t, "Fan2")
			held := holdStream(t, c, e.URL+"/api/notifications/stream")
			held.end()
			awaitNoStreams(t, e, func() <-chan struct{} {
				e.srv.hub.Publish(context.Background(), u.ID)
				again := make(chan struct{}) // each event is written to the gone client, until one fails
				time.AfterFunc(10*time.Millisecond, func() { close(again) })
				return again
			})
		})
	})
}

// Over HTTP/2 the stream stays in its handler: the client leaving, its session
// ending and the server shutting down all give its places back.
func TestHTTP2StreamsGiveSlotsBack(t *testing.T) {
	e := newEnv(t)
	owner, _ := e.signedIn(t, "Owner")
	ts := httptest.NewUnstartedServer(e.srv.Handler())
	ts.EnableHTTP2 = true
	ts.StartTLS()
	t.Cleanup(ts.Close)
	h2 := ts.Client()
	base, _ := neturl.Parse(e.URL)
	tsURL, _ := neturl.Parse(ts.URL)
	h2.Jar = owner.Jar
	h2.Jar.SetCookies(tsURL, owner.Jar.Cookies(base))
	url := ts.URL + "/api/notifications/stream"

	for range live.DefaultLimits.PerAccount + 1 {
		tab := holdStream(t, h2, url)
		tab.end()
	}
	awaitNoStreams(t, e, nil)

	// Ending its session ends it.
	tab := holdStream(t, h2, url)
	if status := callStatus(t, owner, "POST", e.URL+"/api/auth/logout-everywhere", nil, nil); status != http.StatusNoContent {
		t.Fatalf("sign out everywhere: %d", status)
	}
	awaitEnded(t, tab, "the HTTP/2 stream of an ended session")
	awaitNoStreams(t, e, nil)

	// Shutting down ends it.
	owner, _ = e.signedIn(t, "Owner2")
	h2.Jar.SetCookies(tsURL, owner.Jar.Cookies(base))
	tab = holdStream(t, h2, url)
	e.srv.CloseStreams()
	if _, open := <-tab.events; open {
		t.Fatal("an event after CloseStreams")
	}
	awaitNoStreams(t, e, nil)
}
