package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A fan's sessions as /account lists them: where each began, newest seen first, the asking
// one marked, expired ones and other fans' left out; last seen is written at most once per
// LastSeenEvery; ending one by its public id works only for its owner.
func TestSessionsAsTheirOwnerSeesThem(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann := newUser(t, s, "ann@example.com", "Ann")
		bob := newUser(t, s, "bob@example.com", "Bob")
		now := time.Now().Truncate(time.Millisecond)
		t0 := now.Add(-time.Hour)
		const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"
		const android = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
		for _, n := range []model.NewSession{
			{TokenHash: "laptop-hash", ID: "laptop", UserID: ann.ID, UserAgent: firefox, Network: "203.0.113.0/24", Created: t0, Expires: now.Add(time.Hour)},
			{TokenHash: "phone-hash", ID: "phone", UserID: ann.ID, UserAgent: android, Network: "2001:db8:1::/48", Created: t0.Add(time.Minute), Expires: now.Add(time.Hour)},
			{TokenHash: "gone-hash", ID: "gone", UserID: ann.ID, Created: t0.Add(2 * time.Minute), Expires: now.Add(-time.Second)},
			{TokenHash: "bob-hash", ID: "bobs", UserID: bob.ID, Created: t0.Add(3 * time.Minute), Expires: now.Add(time.Hour)},
		} {
			if err := s.CreateSession(ctx, n); err != nil {
				t.Fatal(err)
			}
		}
		list := func(current string, limit int) []model.Session {
			t.Helper()
			got, err := s.UserSessions(ctx, ann.ID, current, now, limit)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		got := list("laptop-hash", 50)
		want := []model.Session{
			{ID: "phone", UserAgent: android, Network: "2001:db8:1::/48", CreatedAt: t0.Add(time.Minute).UTC(), LastSeenAt: t0.Add(time.Minute).UTC()},
			{ID: "laptop", UserAgent: firefox, Network: "203.0.113.0/24", CreatedAt: t0.UTC(), LastSeenAt: t0.UTC(), Current: true},
		}
		if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("Ann's sessions:\n got %+v\nwant %+v", got, want)
		}
		if got := list("laptop-hash", 1); len(got) != 1 || got[0].ID != "phone" {
			t.Errorf("limit 1: %+v", got)
		}

		// Two requests within LastSeenEvery of each other write last seen once.
		touch := func(at time.Time) bool {
			t.Helper()
			wrote, err := s.TouchSession(ctx, "laptop-hash", at, at.Add(-auth.LastSeenEvery))
			if err != nil {
				t.Fatal(err)
			}
			return wrote
		}
		first, second := t0.Add(10*time.Minute), t0.Add(10*time.Minute+auth.LastSeenEvery-time.Second)
		if !touch(first) {
			t.Error("a session seen 10 minutes ago was not touched")
		}
		if touch(second) {
			t.Error("a session seen moments ago was written again")
		}
		if _, seen, err := s.SessionOf(ctx, "laptop-hash", now); err != nil || !seen.Equal(first) {
			t.Errorf("last seen %v (%v), want %v", seen, err, first)
		}
		if got := list("phone-hash", 50); got[0].ID != "laptop" || got[0].Current || !got[1].Current {
			t.Errorf("after the laptop was seen, asking from the phone: %+v", got)
		}

		// Bob cannot end Ann's session by its id; Ann can.
		if _, err := s.DeleteUserSession(ctx, bob.ID, "phone"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Bob ending Ann's phone: %v, want ErrNotFound", err)
		}
		if _, err := s.SessionUser(ctx, "phone-hash", now); err != nil {
			t.Errorf("Ann's phone after Bob tried: %v", err)
		}
		if hash, err := s.DeleteUserSession(ctx, ann.ID, "phone"); err != nil || hash != "phone-hash" {
			t.Errorf("Ann ending her phone: %q %v", hash, err)
		}
		if _, err := s.SessionUser(ctx, "phone-hash", now); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the ended phone session still signs in: %v", err)
		}

		// Ending the others keeps the asking one, and touches no one else's.
		if err := s.CreateSession(ctx, model.NewSession{TokenHash: "tablet-hash", ID: "tablet", UserID: ann.ID, Created: now, Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.EndCredentials(ctx, ann.ID, "laptop-hash", now); err != nil {
			t.Fatal(err)
		}
		if got := list("laptop-hash", 50); len(got) != 1 || got[0].ID != "laptop" {
			t.Errorf("after ending the others: %+v", got)
		}
		if _, err := s.SessionUser(ctx, "bob-hash", now); err != nil {
			t.Errorf("Bob's session after Ann ended her others: %v", err)
		}
	})
}

// Many requests of one session at once, all past LastSeenEvery: one of them writes its
// sighting, and the session reads as seen then.
func TestConcurrentTouchesOfOneSessionWriteOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann := newUser(t, s, "ann@example.com", "Ann")
		now := time.Now().Truncate(time.Millisecond)
		if err := s.CreateSession(ctx, model.NewSession{TokenHash: "busy-hash", ID: "busy", UserID: ann.ID,
			Created: now.Add(-time.Hour), Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		const n = 16
		wrote := make(chan bool, n)
		errs := make(chan error, n)
		for i := range n {
			go func() {
				at := now.Add(time.Duration(i) * time.Millisecond)
				ok, err := s.TouchSession(ctx, "busy-hash", at, now.Add(-auth.LastSeenEvery))
				wrote <- ok
				errs <- err
			}()
		}
		writes := 0
		for range n {
			if <-wrote {
				writes++
			}
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		if writes != 1 {
			t.Fatalf("%d of %d touches at once wrote, want 1", writes, n)
		}
		_, seen, err := s.SessionOf(ctx, "busy-hash", now)
		if err != nil || seen.Before(now) || !seen.Before(now.Add(n*time.Millisecond)) {
			t.Errorf("last seen %v (%v), want one of the touches' times from %v", seen, err, now)
		}
	})
}
