package comments_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/comments"
	"castaway/internal/events"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/services"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func newService(t *testing.T, st *store.Store) *comments.Service {
	t.Helper()
	hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	return services.New(services.Deps{Store: st, Catalog: catalog.MustLoad(), Hub: hub, Log: slog.New(slog.DiscardHandler)}).Comments
}

func user(t *testing.T, st *store.Store, id string) model.Actor {
	t.Helper()
	u := &model.User{ID: id, Email: id + "@example.com", DisplayName: id, CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return model.Actor{User: u, Client: "192.0.2.1"}
}

// Replies hang under the top-level comment and tell its author; a block, a thread of
// another poll or a missing parent refuse them; only the author deletes.
func TestServicePostReplyDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		svc := newService(t, st)
		ann, bob, cat := user(t, st, "ann"), user(t, st, "bob"), user(t, st, "cat")
		top, err := svc.Post(ctx, ann, comments.NewComment{ListID: "season-48", Text: "  Kyle for the win "})
		if err != nil || top.Text != "Kyle for the win" {
			t.Fatalf("post: %+v %v", top, err)
		}
		reply, err := svc.Post(ctx, bob, comments.NewComment{ListID: "season-48", ParentID: top.ID, Text: "agreed"})
		if err != nil || reply.ParentID != top.ID {
			t.Fatalf("reply: %+v %v", reply, err)
		}
		again, err := svc.Post(ctx, cat, comments.NewComment{ListID: "season-48", ParentID: reply.ID, Text: "me too"})
		if err != nil || again.ParentID != top.ID {
			t.Fatalf("reply to a reply: %+v %v", again, err)
		}
		notes, unread, err := st.RecentNotifications(ctx, ann.User.ID, notify.Recent)
		if err != nil || unread != 1 || notes[0].Type != notify.CommentReply {
			t.Fatalf("ann's inbox: %+v %d %v", notes, unread, err)
		}
		if _, err := svc.Post(ctx, bob, comments.NewComment{ListID: "season-47", Text: "x"}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("comment on a poll that does not exist: %v", err)
		}
		if err := st.AddPoll(ctx, &model.Poll{ID: "season-47", Title: "S47", SeasonID: "s47", IsOpen: true, CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Post(ctx, bob, comments.NewComment{ListID: "season-47", ParentID: top.ID, Text: "x"}); !errors.Is(err, comments.ErrParentGone) {
			t.Errorf("reply from another thread: %v", err)
		}
		if _, err := svc.Post(ctx, bob, comments.NewComment{ListID: "season-48", ParentID: "gone", Text: "x"}); !errors.Is(err, comments.ErrParentGone) {
			t.Errorf("reply to nothing: %v", err)
		}
		if err := st.Block(ctx, ann.User.ID, bob.User.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Post(ctx, bob, comments.NewComment{ListID: "season-48", ParentID: top.ID, Text: "x"}); !errors.Is(err, comments.ErrBlocked) {
			t.Errorf("reply to a blocker: %v", err)
		}
		if err := svc.Delete(ctx, bob, top.ID); !errors.Is(err, comments.ErrNotYours) {
			t.Errorf("delete someone else's: %v", err)
		}
		if err := svc.Delete(ctx, ann, top.ID); err != nil {
			t.Fatal(err)
		}
		if err := svc.Delete(ctx, ann, top.ID); !errors.Is(err, comments.ErrNotFound) {
			t.Errorf("delete twice: %v", err)
		}
		if _, err := svc.Vote(ctx, bob, reply.ID, 1); !errors.Is(err, comments.ErrNotFound) {
			t.Errorf("vote on a reply deleted with its parent: %v", err)
		}
		if _, _, err := svc.Page(ctx, "", "season-48", nil, "not a cursor", 10); !errors.Is(err, comments.ErrBadCursor) {
			t.Errorf("bad cursor: %v", err)
		}
	})
}
