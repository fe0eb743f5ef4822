package server

import (
	"net/http"
	"testing"
	"time"

	"castaway/internal/auth/authtest"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// verifiedMe is GET /api/me with the address's state.
type verifiedMe struct {
	meBody
	EmailVerified bool
	PendingEmail  string
	Notice        string
}

// The pre-hijacked account (Sudhodanan and Paverd, 2022): an attacker signs up with the
// victim's address and a password before the victim arrives. When the victim signs in
// with a provider that proves the address, the provider's proof wins: the password goes,
// every session of the account ends (its streams too), and the address counts as verified.
func TestPreHijackedAccountIsTakenBack(t *testing.T) {
	for _, provider := range []string{"google", "twitter"} {
		t.Run(provider, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, st *store.Store) {
				fake := authtest.Start(t)
				ts := newAuthEnvOn(t, fake.Env(), st)

				attacker := newClient()
				var planted verifiedMe
				if res := call(t, attacker, "POST", ts.URL+"/api/auth/signup", creds{"victim@gmail.com", goodPassword}, &planted); res.StatusCode != 201 || planted.EmailVerified {
					t.Fatalf("attacker's sign-up: %d %+v", res.StatusCode, planted)
				}
				stream := holdStream(t, attacker, ts.URL+"/api/notifications/stream")

				fake.SetUser(provider, authtest.User{Subject: provider + "-victim", Email: "Victim@gmail.com", EmailVerified: true, Name: "Victim", Username: "victim"})
				victim := newClient()
				if landed := signInWith(t, ts, victim, provider, "/mylists"); landed.Path != "/mylists" {
					t.Fatalf("victim landed on %s", landed)
				}
				var me verifiedMe
				if res := call(t, victim, "GET", ts.URL+"/api/me", nil, &me); res.StatusCode != 200 {
					t.Fatalf("victim not signed in: %d", res.StatusCode)
				}
				if me.ID != planted.ID || !me.EmailVerified || len(me.Providers) != 1 || me.Providers[0] != provider || me.Notice != problem.MsgPasswordRemoved {
					t.Fatalf("victim's account: %+v", me)
				}
				// Nobody who knew the old password can enter any more.
				awaitEnded(t, stream, "the attacker's stream")
				wantError(t, attacker, "GET", ts.URL+"/api/me", nil, 401, "unauthorized", "You are not signed in.")
				wantError(t, newClient(), "POST", ts.URL+"/api/auth/login", creds{"victim@gmail.com", goodPassword}, 401, "wrong_password", problem.MsgWrongPassword)

				// The victim sets a password of their own; the notice goes with it.
				if st := callStatus(t, victim, "PUT", ts.URL+"/api/me/password", map[string]string{"newPassword": "victims-own-secret-1"}, nil); st != 204 {
					t.Fatalf("set password: %d", st)
				}
				var after verifiedMe
				if call(t, victim, "GET", ts.URL+"/api/me", nil, &after); after.Notice != "" || len(after.Providers) != 2 {
					t.Fatalf("after setting a password: %+v", after)
				}
			})
		})
	}
}

// An account whose address is verified is joined by a provider that proves the same
// address, as before: its password and sessions stay.
func TestVerifiedAccountIsJoined(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		fake := authtest.Start(t)
		ts := newAuthEnvOn(t, fake.Env(), st)
		owner := newClient()
		var me verifiedMe
		call(t, owner, "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, &me)
		if res := call(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", map[string]string{"token": verifyToken(t, ts, "ann@example.com", 0)}, nil); res.StatusCode != 200 {
			t.Fatalf("verify: %d", res.StatusCode)
		}
		fake.SetUser("google", authtest.User{Subject: "google-ann", Email: "ann@example.com", EmailVerified: true, Name: "Ann"})
		joined := newClient()
		signInWith(t, ts, joined, "google", "/")
		var after verifiedMe
		if call(t, joined, "GET", ts.URL+"/api/me", nil, &after); after.ID != me.ID || len(after.Providers) != 2 || after.Notice != "" {
			t.Fatalf("joined: %+v", after)
		}
		if st := callStatus(t, owner, "GET", ts.URL+"/api/me", nil, nil); st != http.StatusOK {
			t.Fatalf("the owner's own session ended: %d", st)
		}
		if st := callStatus(t, newClient(), "POST", ts.URL+"/api/auth/login", creds{"ann@example.com", goodPassword}, nil); st != 200 {
			t.Fatalf("password sign-in after joining: %d", st)
		}
	})
}

// An imported account (no password, address not proven) is claimed by a provider that
// proves its address: verified, joined, nothing to tell since no password was removed.
func TestProviderProvesImportedAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		fake := authtest.Start(t)
		ts := newAuthEnvOn(t, fake.Env(), st)
		_, imported := ts.signedIn(t, "Imported")
		fake.SetUser("google", authtest.User{Subject: "google-imported", Email: imported.Email, EmailVerified: true, Name: "Imported"})
		c := newClient()
		signInWith(t, ts, c, "google", "/")
		var me verifiedMe
		if call(t, c, "GET", ts.URL+"/api/me", nil, &me); me.ID != imported.ID || !me.EmailVerified || me.Notice != "" || len(me.Providers) != 1 {
			t.Fatalf("imported account: %+v", me)
		}
	})
}

// An account joined by Google before addresses were checked (password and identity both
// there, address never proven) is taken back at its next Google sign-in.
func TestLinkedBeforeChecksIsTakenBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		fake := authtest.Start(t)
		ts := newAuthEnvOn(t, fake.Env(), st)
		planted := newClient()
		var me verifiedMe
		call(t, planted, "POST", ts.URL+"/api/auth/signup", creds{"victim@gmail.com", goodPassword}, &me)
		if err := st.AddIdentity(t.Context(), model.Identity{Provider: "google", Subject: "google-old", UserID: me.ID, Email: "victim@gmail.com"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		fake.SetUser("google", authtest.User{Subject: "google-old", Email: "victim@gmail.com", EmailVerified: true, Name: "Victim"})
		victim := newClient()
		signInWith(t, ts, victim, "google", "/")
		var after verifiedMe
		if call(t, victim, "GET", ts.URL+"/api/me", nil, &after); after.ID != me.ID || len(after.Providers) != 1 || !after.EmailVerified || after.Notice != problem.MsgPasswordRemoved {
			t.Fatalf("after: %+v", after)
		}
		wantError(t, planted, "GET", ts.URL+"/api/me", nil, 401, "unauthorized", "You are not signed in.")
	})
}

// A mail server that is down fails no request: the mail waits in the queue.
func TestMailServerDownFailsNoRequest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ts := newAuthEnvOn(t, map[string]string{"CASTAWAY_SMTP_URL": "smtp://127.0.0.1:1"}, st)
		c := newClient()
		if res := call(t, c, "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, nil); res.StatusCode != 201 {
			t.Fatalf("sign-up: %d", res.StatusCode)
		}
		if res := call(t, newClient(), "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "ann@example.com"}, nil); res.StatusCode != 200 {
			t.Fatalf("reset: %d", res.StatusCode)
		}
		if res := call(t, c, "POST", ts.URL+"/api/me/email/verification", nil, nil); res.StatusCode != 200 {
			t.Fatalf("resend: %d", res.StatusCode)
		}
		rows, err := st.MailQueue(t.Context())
		if err != nil || len(rows) != 3 {
			t.Fatalf("queue: %+v %v", rows, err)
		}
		for _, r := range rows {
			if r.GivenUp {
				t.Fatalf("given up at once: %+v", r)
			}
		}
	})
}
