package follows_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"
	"time"

	"castaway/internal/events"
	"castaway/internal/follows"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func actor(t *testing.T, st *store.Store, id, client string) model.Actor {
	t.Helper()
	u := &model.User{ID: id, Email: id + "@example.com", DisplayName: id, CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return model.Actor{User: u, Client: client}
}

// A follow is refused, each with its own problem, for oneself, nobody, a suspended fan and
// a fan either blocked; the followed fan hears once however often the follow is undone
// and made again; every follow and unfollow counts against the account's and the client's
// limits.
func TestFollowRulesAndLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(hub.Close)
		svc := follows.NewService(st, limits.WritesFor(st, true, time.Now), notify.NewInbox(st, hub, limits.WritesFor(st, true, time.Now)))
		ann, ben, cat, dan := actor(t, st, "ann", "192.0.2.1"), actor(t, st, "ben", "192.0.2.1"), actor(t, st, "cat", "192.0.2.2"), actor(t, st, "dan", "192.0.2.3")

		if _, err := svc.Follow(ctx, ann, ann.User.ID); !errors.Is(err, follows.ErrFollowSelf) {
			t.Errorf("self: %v", err)
		}
		if _, err := svc.Follow(ctx, ann, "nobody"); !errors.Is(err, problem.ErrUserNotFound) {
			t.Errorf("nobody: %v", err)
		}
		if err := st.Suspend(ctx, dan.User.ID, model.Suspension{Since: time.Now(), Reason: "spam"},
			&model.Action{ID: "a1", AdminName: "Mod", Action: store.ActionSuspend, CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Follow(ctx, ann, dan.User.ID); !errors.Is(err, problem.ErrAccountIsSuspended) {
			t.Errorf("suspended: %v", err)
		}
		if err := st.Block(ctx, cat.User.ID, ann.User.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Follow(ctx, ann, cat.User.ID); !errors.Is(err, follows.ErrFollowBlocked) {
			t.Errorf("blocked: %v", err)
		}
		for range 3 {
			if _, err := svc.Follow(ctx, ann, ben.User.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Unfollow(ctx, ann, ben.User.ID); err != nil {
				t.Fatal(err)
			}
		}
		notes, _, err := st.RecentNotifications(ctx, ben.User.ID, 10)
		if err != nil || len(notes) != 1 || notes[0].Type != notify.NewFollower {
			t.Errorf("ben's inbox %+v %v", notes, err)
		}

		// ann has used 10 of her account's follows; past the limit, 429.
		limited := func(a model.Actor) bool {
			for range follows.FollowPerUser.Max {
				if _, err := svc.Unfollow(ctx, a, ben.User.ID); err != nil {
					p, ok := problem.As(err)
					return ok && p.Kind == problem.RateLimited
				}
			}
			return false
		}
		if !limited(ann) {
			t.Error("ann was never limited")
		}
	})
}
