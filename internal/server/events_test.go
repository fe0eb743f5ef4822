package server

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

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

// Two server processes share one PostgreSQL: a vote through one reaches a stream held on the other.
func TestInboxStreamAcrossServers(t *testing.T) {
	url := storetest.PostgresURL(t)
	ctx := context.Background()
	open := func() *store.Store {
		st, err := store.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		if err := st.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		return st
	}
	a, b := newEnvOn(t, open()), newEnvOn(t, open())
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
}
