package lists

import (
	"context"
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

// newService is a Service over st whose clock stands still, with its users named.
func newService(t *testing.T, st *store.Store, names ...string) (*Service, []model.Actor) {
	t.Helper()
	log, hub := testHub(t)
	now := time.Now()
	clock := func() time.Time { return now }
	s := NewService(st, cat, limits.WritesFor(st, st.Dialect() == store.SQLite, clock), notify.NewInbox(st, hub, limits.WritesFor(st, st.Dialect() == store.SQLite, clock)), log)
	s.SetClock(clock)
	var actors []model.Actor
	for i, name := range names {
		u := &model.User{ID: "u-" + name, Email: name + "@example.com", DisplayName: name, CreatedAt: now}
		if err := st.CreateUser(context.Background(), u); err != nil {
			t.Fatal(err)
		}
		actors = append(actors, model.Actor{User: u, Client: "client-" + string(rune('a'+i))})
	}
	return s, actors
}

// testHub is an in-process hub for one test, with a logger that writes nowhere.
func testHub(t *testing.T) (*slog.Logger, *notify.Hub) {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	return log, hub
}

// withMax lowers l's Max for one test.
func withMax(t *testing.T, l *limits.Limit, max int) {
	saved := *l
	l.Max = max
	t.Cleanup(func() { *l = saved })
}

func isRateLimited(err error) bool {
	p, ok := problem.As(err)
	return ok && p.Kind == problem.RateLimited
}

// Creating, editing and deleting lists count against one save limit per account, which
// the use cases take themselves (it used to be the routes' middleware).
func TestSavesShareTheirLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		withMax(t, &SavePerUser, 3)
		s, as := newService(t, st, "ann")
		ctx, ann := context.Background(), as[0]
		in := Input{Name: "Mine", Items: contestants("cirie-fields")}
		l, err := s.Create(ctx, ann, in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, ann, ann.UserID(), l.ID, in); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, ann, ann.UserID(), l.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Create(ctx, ann, in); !isRateLimited(err) {
			t.Fatalf("fourth save: %v, want refused by the limit", err)
		}
	})
}

// Upvotes and favorites count against one mark limit, before the list is looked up.
func TestMarksShareTheirLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		withMax(t, &MarkPerUser, 2)
		s, as := newService(t, st, "ann", "bob")
		ctx, ann, bob := context.Background(), as[0], as[1]
		l, err := s.Create(ctx, ann, Input{Name: "Mine", Items: contestants("cirie-fields")})
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Upvote(ctx, bob, ann.UserID(), l.ID)
		if err != nil || !res.Upvoted || res.UpvoteCount != 1 {
			t.Fatalf("upvote: %+v, %v", res, err)
		}
		if err := s.Favorite(ctx, bob, ann.UserID(), "list_missing"); err != ErrNotFound {
			t.Fatalf("favorite of a missing list: %v, want ErrNotFound", err)
		}
		if err := s.Favorite(ctx, bob, ann.UserID(), l.ID); !isRateLimited(err) {
			t.Fatalf("third mark: %v, want refused by the limit", err)
		}
	})
}

// Only its owner edits or deletes a list; someone else's private list does not exist
// for a reader, and opening it says why in the spec's words.
func TestOwnerAndVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, as := newService(t, st, "ann", "bob")
		ctx, ann, bob := context.Background(), as[0], as[1]
		private := false
		l, err := s.Create(ctx, ann, Input{Name: "Secret", Items: contestants("cirie-fields"), Public: &private})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Update(ctx, bob, ann.UserID(), l.ID, Input{Name: "Mine now", Items: contestants("cirie-fields")}); err != errEditNotYours {
			t.Errorf("update by someone else: %v", err)
		}
		if err := s.Delete(ctx, bob, ann.UserID(), l.ID); err != errDelNotYours {
			t.Errorf("delete by someone else: %v", err)
		}
		if _, err := s.Open(ctx, bob.User, ann.UserID(), l.ID, s.Stored); err != errNoLists {
			t.Errorf("open someone else's only list, private: %v, want errNoLists", err)
		}
		if _, err := s.Open(ctx, bob.User, "u-nobody", l.ID, s.Stored); err != problem.ErrUserNotFound {
			t.Errorf("open a list of nobody: %v, want ErrUserNotFound", err)
		}
		if o, err := s.Open(ctx, ann.User, ann.UserID(), l.ID, s.Stored); err != nil || o.List.Name != "Secret" {
			t.Errorf("owner opens: %+v, %v", o, err)
		}
		if _, err := s.Upvote(ctx, bob, ann.UserID(), l.ID); err != ErrNotFound {
			t.Errorf("upvote of a list not theirs to see: %v, want ErrNotFound", err)
		}
	})
}

// A draft naming an origin its author can no longer see keeps the draft and drops the origin.
func TestDraftDropsAnOriginOutOfSight(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, as := newService(t, st, "ann", "bob")
		ctx, ann, bob := context.Background(), as[0], as[1]
		private := false
		l, err := s.Create(ctx, ann, Input{Name: "Secret", Items: contestants("cirie-fields"), Public: &private})
		if err != nil {
			t.Fatal(err)
		}
		d, err := s.SaveDraft(ctx, bob, Input{Name: "Remix", RemixOf: &model.ListRef{UserID: ann.UserID(), ListID: l.ID}})
		if err != nil || d.Name != "Remix" || d.RemixOf.ListID != "" {
			t.Fatalf("draft: %+v, %v; want kept without its origin", d, err)
		}
		if _, err := s.Create(ctx, bob, Input{Name: "Remix", Items: contestants("cirie-fields"), RemixOf: &model.ListRef{UserID: ann.UserID(), ListID: l.ID}}); err != errRemixGone {
			t.Errorf("remix of a list out of sight: %v, want errRemixGone", err)
		}
		if err := s.DeleteDraft(ctx, bob); err != nil {
			t.Fatal(err)
		}
		if d, err := s.Draft(ctx, bob.UserID()); d != nil || err != nil {
			t.Errorf("deleted draft: %+v, %v", d, err)
		}
	})
}
