package notify_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"castaway/internal/events"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Marking read wakes the reader's streams; a notification of someone else's is not found.
func TestInboxMarkRead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		defer hub.Close()
		inbox := notify.NewInbox(st, hub)
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
		if _, _, err := inbox.MarkRead(ctx, "bob", got[0].ID); !errors.Is(err, notify.ErrNotFound) {
			t.Errorf("someone else's: %v", err)
		}
		woken, stop := hub.Subscribe("ann")
		defer stop()
		if _, _, err := inbox.MarkRead(ctx, "ann", got[0].ID); err != nil {
			t.Fatal(err)
		}
		<-woken
		if _, unread, _ := inbox.Recent(ctx, "ann"); unread != 0 {
			t.Errorf("%d unread after marking read", unread)
		}
	})
}
