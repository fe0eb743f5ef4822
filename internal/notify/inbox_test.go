package notify_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"castaway/internal/events"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Marking read wakes the reader's streams; a notification of someone else's is not found.
func TestInboxMarkRead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		hub := localHub(t)
		inbox := notify.NewInbox(st, hub, limits.WritesFor(st, st.Dialect() == store.SQLite, time.Now))
		for _, id := range []string{"ann", "bob"} {
			if err := st.CreateUser(ctx, &model.User{ID: id, Email: id + "@example.com", DisplayName: id, CreatedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
		}
		c := &model.Comment{ID: "c1", ListID: "season-48", UserID: "bob", UserName: "bob", Text: "hi", CreatedAt: time.Now()}
		notes := notify.ForComment(notify.Actor{ID: "bob", Name: "bob"}, c, &model.Comment{ID: "c0", UserID: "ann"}, "")
		if _, err := st.CreateComment(ctx, c, notes); err != nil {
			t.Fatal(err)
		}
		got, unread, err := inbox.Recent(ctx, "ann")
		if err != nil || unread != 1 {
			t.Fatalf("inbox: %+v %d %v", got, unread, err)
		}
		if _, _, err := inbox.MarkRead(ctx, actor("bob"), got[0].ID); !errors.Is(err, notify.ErrNotFound) {
			t.Errorf("someone else's: %v", err)
		}
		woken, stop := hub.Subscribe("ann")
		defer stop()
		if _, _, err := inbox.MarkRead(ctx, actor("ann"), got[0].ID); err != nil {
			t.Fatal(err)
		}
		<-woken
		if _, unread, _ := inbox.Recent(ctx, "ann"); unread != 0 {
			t.Errorf("%d unread after marking read", unread)
		}
	})
}

// localHub is a hub over this process's bus alone, closed when the test ends.
func localHub(t *testing.T) *notify.Hub {
	hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	return hub
}

func actor(userID string) model.Actor {
	return model.Actor{User: &model.User{ID: userID}, Client: "192.0.2.1"}
}

// Marking read, one or all, is limited per account and per client address as every write
// is: past either, a 429 and nothing marked.
func TestInboxMarkReadIsLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		hub := localHub(t)
		now := time.Now()
		clock := func() time.Time { return now } // the limit is a rate: hold the time still
		// Counted in the database on both engines, so the test can fill a limit first.
		inbox := notify.NewInbox(st, hub, limits.WritesFor(st, false, clock))
		fill := func(l limits.Limit, subject string) {
			for range l.Max {
				if _, err := st.HitRateLimit(ctx, l.Hit(subject), now); err != nil {
					t.Fatal(err)
				}
			}
		}
		limited := func(err error) bool { p, ok := problem.As(err); return ok && p.Kind == problem.RateLimited }

		if _, _, err := inbox.MarkAllRead(ctx, actor("ann")); err != nil {
			t.Fatalf("within the limits: %v", err)
		}
		fill(notify.ReadPerUser, "ann")
		if _, _, err := inbox.MarkAllRead(ctx, actor("ann")); !limited(err) {
			t.Errorf("past the account's limit, all: %v", err)
		}
		if _, _, err := inbox.MarkRead(ctx, actor("ann"), "n1"); !limited(err) {
			t.Errorf("past the account's limit, one: %v", err)
		}
		bob := model.Actor{User: &model.User{ID: "bob"}, Client: "198.51.100.7"}
		if _, _, err := inbox.MarkAllRead(ctx, bob); err != nil {
			t.Fatalf("another account, another client: %v", err)
		}
		fill(notify.ReadPerClient, bob.Client)
		if _, _, err := inbox.MarkAllRead(ctx, model.Actor{User: &model.User{ID: "cat"}, Client: bob.Client}); !limited(err) {
			t.Errorf("past the client's limit: %v", err)
		}
	})
}
