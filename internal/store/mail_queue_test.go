package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func outMail(to string) store.OutMail {
	return store.OutMail{ID: model.NewID(), Kind: "verify-email", To: to, Subject: "s", Text: "t", HTML: "<p>h</p>", CreatedAt: time.Now()}
}

// Mail is queued in the same transaction as the change that sends it: a sign-up the
// database refuses leaves no mail and no link behind, one it takes leaves exactly one.
func TestMailIsQueuedWithItsChange(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		newUser(t, s, "ann@example.com", "Ann")
		link := func(hash string) model.EmailVerification {
			return model.EmailVerification{TokenHash: hash, Email: "ann@example.com", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		}
		dup := &model.User{ID: model.NewID(), Email: "ANN@example.com", DisplayName: "Ann Two", CreatedAt: now}
		if err := s.CreateUserVerifying(ctx, dup, link("h1"), outMail("ANN@example.com")); !errors.Is(err, store.ErrEmailTaken) {
			t.Fatalf("duplicate address: %v", err)
		}
		if rows, _ := s.MailQueue(ctx); len(rows) != 0 {
			t.Fatalf("a refused sign-up queued mail: %+v", rows)
		}
		bob := &model.User{ID: model.NewID(), Email: "bob@example.com", DisplayName: "Bob", CreatedAt: now}
		if err := s.CreateUserVerifying(ctx, bob, model.EmailVerification{TokenHash: "h2", Email: "bob@example.com", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}, outMail("bob@example.com")); err != nil {
			t.Fatal(err)
		}
		// A reset for an account that does not exist is refused with its mail.
		reset := outMail("ghost@example.com")
		if err := s.CreatePasswordReset(ctx, "r1", "no-such-user", now, now.Add(time.Hour), &reset); err == nil {
			t.Fatal("a reset for no account was stored")
		}
		rows, err := s.MailQueue(ctx)
		if err != nil || len(rows) != 1 || rows[0].To != "bob@example.com" || rows[0].Attempts != 0 || rows[0].GivenUp {
			t.Fatalf("queue: %+v %v", rows, err)
		}
		if changed, err := s.VerifyEmail(ctx, "h1", now); !errors.Is(err, store.ErrNotFound) || changed {
			t.Fatalf("the refused sign-up's link: %v", err)
		}
		if changed, err := s.VerifyEmail(ctx, "h2", now); err != nil || changed {
			t.Fatalf("bob's link: %v %v", changed, err)
		}
		if u, _ := s.UserByEmail(ctx, "bob@example.com"); !u.EmailVerified {
			t.Fatalf("bob not verified: %+v", u)
		}
	})
}

// Taking an account back for a provider removes the password, ends every session, spends
// every mailed link and verifies the address; it does nothing once the address changed.
func TestClaimForProvider(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		u := newUser(t, s, "victim@gmail.com", "Victim")
		if err := s.CreateSession(ctx, model.NewSession{TokenHash: "planted", ID: "planted", UserID: u.ID, Created: now, Expires: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if err := s.CreatePasswordReset(ctx, "r1", u.ID, now, now.Add(time.Hour), nil); err != nil {
			t.Fatal(err)
		}
		change := model.EmailVerification{TokenHash: "change", UserID: u.ID, Email: "attacker@example.com", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := s.CreateEmailVerification(ctx, "planted", change, outMail("attacker@example.com")); err != nil {
			t.Fatal(err)
		}
		id := model.Identity{Provider: "google", Subject: "g1", Email: "victim@gmail.com"}
		if _, err := s.ClaimForProvider(ctx, u.ID, "someone.else@gmail.com", id, now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("claim under another address: %v", err)
		}
		got, err := s.ClaimForProvider(ctx, u.ID, "Victim@gmail.com", id, now)
		if err != nil || got.PasswordHash != "" || !got.EmailVerified || !got.PasswordRemoved {
			t.Fatalf("claimed: %+v %v", got, err)
		}
		if _, err := s.SessionUser(ctx, "planted", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the planted session survived: %v", err)
		}
		if _, err := s.ResetPassword(ctx, "r1", "x", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("the reset link survived: %v", err)
		}
		if _, err := s.VerifyEmail(ctx, "change", now); !errors.Is(err, store.ErrTokenUsed) {
			t.Fatalf("the planted address change survived: %v", err)
		}
		// A link the ended session asks for now is refused: it would outlive the claim.
		change.TokenHash = "late"
		if err := s.CreateEmailVerification(ctx, "planted", change, outMail("attacker@example.com")); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a link asked for by the ended session: %v", err)
		}
		if linked, err := s.UserByIdentity(ctx, "google", "g1"); err != nil || linked.ID != u.ID {
			t.Fatalf("identity: %+v %v", linked, err)
		}
	})
}
