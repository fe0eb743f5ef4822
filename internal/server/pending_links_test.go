package server

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/auth/authtest"
	"castaway/internal/catalog"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/services"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// An attacker signs up with the victim's address and asks to change it to their own,
// leaving the link unopened. The victim takes the account back with a reset; the
// attacker's link, opened after, is refused: the address stays the victim's, and a reset
// to the attacker's address reaches no account.
func TestPendingAddressChangeDiesWithTheReset(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newAuthEnvOn(t, nil, st)
		attacker := newClient()
		if s := callStatus(t, attacker, "POST", e.URL+"/api/auth/signup", creds{"victim@example.com", goodPassword}, nil); s != 201 {
			t.Fatalf("attacker's sign-up: %d", s)
		}
		if s := callStatus(t, attacker, "PUT", e.URL+"/api/me/email", map[string]string{"email": "attacker@example.com", "password": goodPassword}, nil); s != 202 {
			t.Fatalf("attacker's address change: %d", s)
		}
		change := verifyToken(t, e, "attacker@example.com", 0)

		victim := newClient()
		wantError(t, victim, "POST", e.URL+"/api/auth/signup", creds{"victim@example.com", goodPassword}, 409, "email_in_use", problem.MsgEmailInUse)
		if s := callStatus(t, victim, "POST", e.URL+"/api/auth/password-reset", map[string]string{"email": "victim@example.com"}, nil); s != 200 {
			t.Fatalf("victim's reset request: %d", s)
		}
		reset := resetLink.FindStringSubmatch(awaitOutbox(t, e, "victim@example.com", 1).Body)
		var me verifiedMe
		if res := call(t, victim, "POST", e.URL+"/api/auth/password-reset/confirm", map[string]string{"token": reset[2], "password": "the-victims-own-secret"}, &me); res.StatusCode != 200 || !me.EmailVerified {
			t.Fatalf("victim's reset: %d %+v", res.StatusCode, me)
		}
		wantError(t, attacker, "GET", e.URL+"/api/me", nil, 401, "unauthorized", "You are not signed in.")

		wantError(t, newClient(), "POST", e.URL+"/api/auth/verify-email", map[string]string{"token": change}, 400, "token_used", problem.MsgVerifyUsed)
		var after verifiedMe
		if call(t, victim, "GET", e.URL+"/api/me", nil, &after); after.ID != me.ID || after.Email != "victim@example.com" || after.PendingEmail != "" || !after.EmailVerified {
			t.Fatalf("victim's account after the attacker's link: %+v", after)
		}
		if s := callStatus(t, newClient(), "POST", e.URL+"/api/auth/password-reset", map[string]string{"email": "attacker@example.com"}, nil); s != 200 {
			t.Fatalf("attacker's reset request: %d", s)
		}
		wantError(t, newClient(), "POST", e.URL+"/api/auth/login", creds{"attacker@example.com", goodPassword}, 404, "user_not_found", problem.MsgNoAccountForEmail)
		if got := outbox(t, e, "attacker@example.com"); len(got) != 1 {
			t.Fatalf("mail to the attacker: %d, want only the change link", len(got))
		}
		if s := callStatus(t, victim, "GET", e.URL+"/api/me", nil, nil); s != 200 {
			t.Fatalf("the victim was signed out: %d", s)
		}
	})
}

// Every credential event spends every pending link of the account: its own address's
// verification link, an address change's link and a reset link, whoever asked for them.
func TestCredentialEventsSpendEveryPendingLink(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		fake := authtest.Start(t)
		e := newAuthEnvOn(t, fake.Env(), st)
		// The command line builds its own services over the same database.
		operator := services.New(services.Deps{Store: st, Catalog: catalog.MustLoad(), Hub: newTestHub(t, notify.Heartbeat),
			Log: slog.New(slog.DiscardHandler), BaseURL: e.URL, AuthLimits: auth.DefaultLimits()}).ModerationUsers
		mod, modUser := e.signedIn(t, "Mod")
		if err := st.SetAdmin(ctx, modUser.Email, true); err != nil {
			t.Fatal(err)
		}
		events := []struct {
			name  string
			event func(t *testing.T, c *http.Client, me verifiedMe) int
			gone  bool // the account is gone, and its links with it
		}{
			{"password change", func(t *testing.T, c *http.Client, me verifiedMe) int {
				return callStatus(t, c, "PUT", e.URL+"/api/me/password", map[string]string{"currentPassword": goodPassword, "newPassword": "another-good-secret-9"}, nil)
			}, false},
			{"password reset", func(t *testing.T, c *http.Client, me verifiedMe) int {
				call(t, newClient(), "POST", e.URL+"/api/auth/password-reset", map[string]string{"email": me.Email}, nil)
				token := resetLink.FindStringSubmatch(awaitOutbox(t, e, me.Email, 2).Body)[2]
				return callStatus(t, newClient(), "POST", e.URL+"/api/auth/password-reset/confirm", map[string]string{"token": token, "password": "another-good-secret-9"}, nil)
			}, false},
			{"sign out everywhere", func(t *testing.T, c *http.Client, me verifiedMe) int {
				return callStatus(t, c, "POST", e.URL+"/api/auth/logout-everywhere", nil, nil)
			}, false},
			{"end other sessions", func(t *testing.T, c *http.Client, me verifiedMe) int {
				return callStatus(t, c, "POST", e.URL+"/api/me/sessions/end-others", nil, nil)
			}, false},
			{"operator's sign-out", func(t *testing.T, c *http.Client, me verifiedMe) int {
				return statusOf(t, operator.SignOut(ctx, moderation.CommandLine, me.ID))
			}, false},
			{"moderator's suspension", func(t *testing.T, c *http.Client, me verifiedMe) int {
				return callStatus(t, mod, "POST", e.URL+"/api/moderation/users/"+me.ID+"/suspension", map[string]string{"reason": "Spam"}, nil)
			}, false},
			{"operator's suspension", func(t *testing.T, c *http.Client, me verifiedMe) int {
				return statusOf(t, operator.Suspend(ctx, moderation.CommandLine, me.ID, "Spam", time.Time{}))
			}, false},
			{"provider proves the address", func(t *testing.T, c *http.Client, me verifiedMe) int {
				fake.SetUser("google", authtest.User{Subject: "google-" + me.ID, Email: me.Email, EmailVerified: true, Name: "Owner"})
				signInWith(t, e, newClient(), "google", "/")
				return 200
			}, false},
			{"account deletion", func(t *testing.T, c *http.Client, me verifiedMe) int {
				return callStatus(t, c, "DELETE", e.URL+"/api/me", map[string]string{"confirm": me.DisplayName, "password": goodPassword}, nil)
			}, true},
		}
		for i, ev := range events {
			t.Run(ev.name, func(t *testing.T) {
				email, next := fmt.Sprintf("owner%d@example.com", i), fmt.Sprintf("next%d@example.com", i)
				c := newClient()
				var me verifiedMe
				if res := call(t, c, "POST", e.URL+"/api/auth/signup", creds{email, goodPassword}, &me); res.StatusCode != 201 {
					t.Fatalf("sign-up: %d", res.StatusCode)
				}
				if s := callStatus(t, c, "PUT", e.URL+"/api/me/email", map[string]string{"email": next, "password": goodPassword}, nil); s != 202 {
					t.Fatalf("address change: %d", s)
				}
				if s := callStatus(t, newClient(), "POST", e.URL+"/api/auth/password-reset", map[string]string{"email": email}, nil); s != 200 {
					t.Fatalf("reset request: %d", s)
				}
				links := []struct{ kind, token string }{ // a link that worked would spend those after it
					{"reset", resetLink.FindStringSubmatch(awaitOutbox(t, e, email, 1).Body)[2]},
					{"verification", verifyToken(t, e, email, 0)},
					{"address change", verifyToken(t, e, next, 0)},
				}
				if s := ev.event(t, c, me); s/100 != 2 {
					t.Fatalf("%s: %d", ev.name, s)
				}
				for _, l := range links {
					kind, path, body := l.kind, "/api/auth/verify-email", map[string]string{"token": l.token}
					if kind == "reset" {
						path, body["password"] = "/api/auth/password-reset/confirm", "a-third-good-secret-7"
					}
					var refused apiError
					if res := call(t, newClient(), "POST", e.URL+path, body, &refused); res.StatusCode != 400 {
						t.Errorf("the %s link after %s: %d %+v, want 400", kind, ev.name, res.StatusCode, refused.Error)
					}
				}
				if u, err := st.UserByEmail(ctx, next); err == nil {
					t.Errorf("the address change took effect after %s: %+v", ev.name, u)
				}
				if !ev.gone {
					if u, err := st.UserByID(ctx, me.ID); err != nil || u.Email != email {
						t.Errorf("the account after %s: %+v %v", ev.name, u, err)
					}
				}
			})
		}
	})
}

// statusOf is the HTTP status a service's answer would have: 200, or its problem's.
func statusOf(t *testing.T, err error) int {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	return 200
}
