package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func newUser(t *testing.T, s *store.Store, email, name string) *model.User {
	t.Helper()
	u := &model.User{ID: model.NewID(), Email: email, DisplayName: name, PasswordHash: "h", CreatedAt: time.Now()}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatalf("create %s: %v", name, err)
	}
	return u
}

func TestUserConflictsNameTheRule(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		newUser(t, s, "ann@example.com", "Ann")
		err := s.CreateUser(ctx, &model.User{ID: model.NewID(), Email: "ANN@example.com", DisplayName: "Other", CreatedAt: time.Now()})
		if !errors.Is(err, store.ErrEmailTaken) || !errors.Is(err, store.ErrConflict) {
			t.Fatalf("same email, other case: %v", err)
		}
		err = s.CreateUser(ctx, &model.User{ID: model.NewID(), Email: "bob@example.com", DisplayName: "aNN", CreatedAt: time.Now()})
		if !errors.Is(err, store.ErrNameTaken) {
			t.Fatalf("same name, other case: %v", err)
		}
		taken, err := s.NameKeysWithPrefix(ctx, "AN")
		if err != nil || len(taken) != 1 || !taken[auth.NameKey("Ann")] {
			t.Fatalf("prefix: %v %v", taken, err)
		}
	})
}

// The unique index is on the look-alike key, so no way of writing a user, racing or not,
// gets past it with letters of another alphabet or a capital I for an l.
func TestLookAlikeNamesShareTheIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		newUser(t, s, "joey@example.com", "joeyyeya")
		newUser(t, s, "bill@example.com", "bill")
		err := s.CreateUser(ctx, &model.User{ID: model.NewID(), Email: "j2@example.com", DisplayName: "јоеууеуа", CreatedAt: time.Now()})
		if !errors.Is(err, store.ErrNameTaken) {
			t.Errorf("Cyrillic joeyyeya: %v, want ErrNameTaken", err)
		}
		other := newUser(t, s, "other@example.com", "Other")
		if _, err := s.RenameUser(ctx, other.ID, "biII"); !errors.Is(err, store.ErrNameTaken) {
			t.Errorf("rename to biII: %v, want ErrNameTaken", err)
		}
		if changed, err := s.RenameUser(ctx, other.ID, "billy"); err != nil || !changed {
			t.Errorf("rename to a free name: %v, changed %v", err, changed)
		}
		if changed, err := s.RenameUser(ctx, other.ID, "billy"); err != nil || changed {
			t.Errorf("rename to the name it has: %v, changed %v, want nothing changed", err, changed)
		}
	})
}

func TestRenameRaceHasOneWinner(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		var users []*model.User
		for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
			users = append(users, newUser(t, s, n+"@example.com", n))
		}
		errs := make([]error, len(users))
		var wg sync.WaitGroup
		for i, u := range users {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Different letter cases of one name: the lower-case index must still see them as one.
				name := "Boston Rob"
				if i%2 == 1 {
					name = "boston rob"
				}
				_, errs[i] = s.RenameUser(ctx, u.ID, name)
			}()
		}
		wg.Wait()
		wins := 0
		for _, err := range errs {
			switch {
			case err == nil:
				wins++
			case !errors.Is(err, store.ErrNameTaken):
				t.Fatalf("unexpected error: %v", err)
			}
		}
		if wins != 1 {
			t.Fatalf("%d renames won, want exactly 1", wins)
		}
		if _, err := s.RenameUser(ctx, "nobody", "x"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("rename unknown: %v", err)
		}
	})
}

func TestPasswordResetIsSingleUseAndRevokesSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		u := newUser(t, s, "ann@example.com", "Ann")
		if err := s.CreateSession(ctx, model.NewSession{TokenHash: "sess", ID: "sess", UserID: u.ID, Created: now, Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		for _, r := range []struct{ hash, user string }{{"t1", u.ID}, {"t2", u.ID}, {"old", u.ID}} {
			expires := now.Add(time.Hour)
			if r.hash == "old" {
				expires = now.Add(-time.Second)
			}
			if err := s.CreatePasswordReset(ctx, r.hash, r.user, now, expires, nil); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.ResetPassword(ctx, "old", "new", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired token: %v", err)
		}
		got, err := s.ResetPassword(ctx, "t1", "newhash", now)
		if err != nil || got.ID != u.ID || got.PasswordHash != "newhash" {
			t.Fatalf("reset: %+v %v", got, err)
		}
		if _, err := s.SessionUser(ctx, "sess", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("session survived the reset: %v", err)
		}
		for _, used := range []string{"t1", "t2"} {
			if _, err := s.ResetPassword(ctx, used, "again", now); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("token %s reused: %v", used, err)
			}
		}
	})
}

func TestIdentities(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		u := &model.User{ID: model.NewID(), DisplayName: "Jeff", CreatedAt: now}
		if err := s.CreateUserWithIdentity(ctx, u, model.Identity{Provider: "twitter", Subject: "42"}); err != nil {
			t.Fatal(err)
		}
		got, err := s.UserByIdentity(ctx, "twitter", "42")
		if err != nil || got.ID != u.ID || got.Email != "" || got.PasswordHash != "" {
			t.Fatalf("by identity: %+v %v", got, err)
		}
		// A failed identity insert must not leave the new user behind.
		other := &model.User{ID: model.NewID(), DisplayName: "Probst", CreatedAt: now}
		if err := s.CreateUserWithIdentity(ctx, other, model.Identity{Provider: "twitter", Subject: "42"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate identity: %v", err)
		}
		if _, err := s.UserByID(ctx, other.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("half-made user: %v", err)
		}
		if err := s.AddIdentity(ctx, model.Identity{Provider: "google", Subject: "g1", UserID: u.ID, Email: "j@example.com"}, now); err != nil {
			t.Fatal(err)
		}
		providers, err := s.IdentityProviders(ctx, u.ID)
		if err != nil || len(providers) != 2 || providers[0] != "google" || providers[1] != "twitter" {
			t.Fatalf("providers: %v %v", providers, err)
		}
		if _, err := s.UserByIdentity(ctx, "google", "nope"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown identity: %v", err)
		}
	})
}

func TestOAuthStatesAreSingleUseAndExpire(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		st := model.OAuthState{State: "s1", Provider: "google", Verifier: "v", Nonce: "n", RedirectTo: "/mylists", ExpiresAt: now.Add(10 * time.Minute)}
		if err := s.CreateOAuthState(ctx, st, now); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateOAuthState(ctx, model.OAuthState{State: "s2", Provider: "twitter", ExpiresAt: now.Add(time.Minute)}, now); err != nil {
			t.Fatal(err)
		}
		got, err := s.TakeOAuthState(ctx, "s1", now)
		if err != nil || got.Verifier != "v" || got.Nonce != "n" || got.RedirectTo != "/mylists" || got.Provider != "google" {
			t.Fatalf("take: %+v %v", got, err)
		}
		if _, err := s.TakeOAuthState(ctx, "s1", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("second take: %v", err)
		}
		if _, err := s.TakeOAuthState(ctx, "s2", now.Add(2*time.Minute)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("expired take: %v", err)
		}
	})
}

func TestNamesAndEmailsClashInAnyCaseBeyondASCII(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		if err := s.CreateUser(ctx, &model.User{ID: "u1", Email: "Émile@Example.com", DisplayName: "Émile", CreatedAt: now}); err != nil {
			t.Fatal(err)
		}
		err := s.CreateUser(ctx, &model.User{ID: "u2", Email: "other@example.com", DisplayName: "émile", CreatedAt: now})
		if !errors.Is(err, store.ErrNameTaken) {
			t.Errorf("name differing in a non-ASCII letter's case: %v, want ErrNameTaken", err)
		}
		err = s.CreateUser(ctx, &model.User{ID: "u3", Email: "émile@example.com", DisplayName: "Emile 2", CreatedAt: now})
		if !errors.Is(err, store.ErrEmailTaken) {
			t.Errorf("email differing in case: %v, want ErrEmailTaken", err)
		}
		if u, err := s.UserByEmail(ctx, "ÉMILE@EXAMPLE.COM"); err != nil || u.ID != "u1" {
			t.Errorf("lookup by email in another case: %v %v", u, err)
		}
		taken, err := s.NameKeysWithPrefix(ctx, "ÉMI")
		if err != nil || !taken[auth.NameKey("émile")] {
			t.Errorf("names with prefix: %v %v", taken, err)
		}
	})
}
