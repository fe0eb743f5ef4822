package moderation_test

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
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/services"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func actor(t *testing.T, st *store.Store, id string, admin bool) model.Actor {
	t.Helper()
	u := &model.User{ID: id, Email: id + "@example.com", DisplayName: id, IsAdmin: admin, CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return model.Actor{User: u, Client: "192.0.2.1"}
}

// Reports are of what the reporter sees and did not write, once; the queue is the
// moderators'; blocks are of someone else who exists.
func TestServiceReportsQueueBlocks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(hub.Close)
		svc := services.New(services.Deps{Store: st, Catalog: catalog.MustLoad(), Hub: hub, Log: slog.New(slog.DiscardHandler)}).Moderation
		ann, bob, mod := actor(t, st, "ann", false), actor(t, st, "bob", false), actor(t, st, "mod", true)
		c := &model.Comment{ID: "c1", ListID: "season-48", UserID: ann.User.ID, UserName: "ann", Text: "hi", CreatedAt: time.Now()}
		if _, err := st.CreateComment(ctx, c, nil); err != nil {
			t.Fatal(err)
		}
		report := moderation.ReportInput{TargetType: store.KindComment, CommentID: c.ID, Reason: "spam"}
		if err := svc.Report(ctx, ann, report); !errors.Is(err, moderation.ErrOwnContent) {
			t.Errorf("own comment: %v", err)
		}
		if err := svc.Report(ctx, bob, report); err != nil {
			t.Fatal(err)
		}
		if err := svc.Report(ctx, bob, report); !errors.Is(err, moderation.ErrAlreadyReported) {
			t.Errorf("twice: %v", err)
		}
		gone := moderation.ReportInput{TargetType: store.KindComment, CommentID: "gone", Reason: "spam"}
		if err := svc.Report(ctx, bob, gone); !errors.Is(err, comments.ErrNotFound) {
			t.Errorf("missing comment: %v", err)
		}
		if _, _, err := svc.Queue(ctx, bob, "", ""); !errors.Is(err, moderation.ErrNotAdmin) {
			t.Errorf("queue for a fan: %v", err)
		}
		if _, _, err := svc.Queue(ctx, mod, "", "not a cursor"); !errors.Is(err, moderation.ErrBadQueueCursor) {
			t.Errorf("bad cursor: %v", err)
		}
		page, _, err := svc.Queue(ctx, mod, "", "")
		if err != nil || len(page) != 1 || page[0].Key != c.ID {
			t.Fatalf("queue: %+v %v", page, err)
		}
		if _, err := svc.Act(ctx, mod, moderation.ActionInput{Action: store.ActionHide, TargetType: store.KindComment, CommentID: "gone"}); !errors.Is(err, moderation.ErrTargetGone) {
			t.Errorf("act on nothing: %v", err)
		}
		if err := svc.Block(ctx, bob, bob.User.ID); !errors.Is(err, moderation.ErrBlockSelf) {
			t.Errorf("block self: %v", err)
		}
		if err := svc.Block(ctx, bob, "nobody"); !errors.Is(err, problem.ErrUserNotFound) {
			t.Errorf("block nobody: %v", err)
		}
		if err := svc.Block(ctx, bob, ann.User.ID); err != nil {
			t.Fatal(err)
		}
		if blocks, err := svc.Blocks(ctx, bob); err != nil || len(blocks) != 1 || blocks[0].UserID != ann.User.ID {
			t.Fatalf("blocks: %+v %v", blocks, err)
		}
	})
}
