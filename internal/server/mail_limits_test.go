package server

import (
	"net/http"
	"testing"

	"castaway/internal/auth"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// resetAsking asks for a reset link for email from the client address from, presenting
// device (a device cookie's value, "" for none), and returns the status.
func resetAsking(t *testing.T, e *testEnv, from, email, device string) int {
	t.Helper()
	return postFrom(t, e, "/api/auth/password-reset", map[string]any{"email": email}, from, device).StatusCode
}

// A stranger's reset requests for a fan's address fill the address's limit, for the
// stranger and every other client without a device cookie for the account; the fan's own
// browser, which signed in before, sends its device cookie and still gets its link.
func TestStrangerCannotUseUpTheOwnersResets(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newProxiedEnv(t, st)
		withPassword(t, st, "owner@example.com", goodPassword)
		owner := newClient() // a browser: it keeps the device cookie and sends it where it belongs
		if s := callStatus(t, owner, "POST", e.URL+"/api/auth/login", creds{"owner@example.com", goodPassword}, nil); s != 200 {
			t.Fatalf("owner's sign-in: %d", s)
		}
		limit := auth.DefaultLimits().ResetPerEmail.Max
		for i := range limit {
			if s := resetAsking(t, e, "203.0.113.1", "owner@example.com", ""); s != 200 {
				t.Fatalf("stranger's reset request %d: %d", i, s)
			}
		}
		if s := resetAsking(t, e, "203.0.113.1", "owner@example.com", ""); s != http.StatusTooManyRequests {
			t.Fatalf("the stranger past the address's limit: %d, want 429", s)
		}
		if s := resetAsking(t, e, "198.51.100.7", "owner@example.com", ""); s != http.StatusTooManyRequests {
			t.Fatalf("another client without a device cookie: %d, want 429", s)
		}
		if s := callStatus(t, owner, "POST", e.URL+"/api/auth/password-reset", map[string]string{"email": "owner@example.com"}, nil); s != 200 {
			t.Fatalf("the owner's browser after the stranger: %d, want 200", s)
		}
		if m := awaitOutbox(t, e, "owner@example.com", limit); resetLink.FindStringSubmatch(m.Body) == nil {
			t.Fatalf("no reset link for the owner: %s", m.Body)
		}
	})
}

// A stranger's address changes naming a fan's address are refused (409) and count nothing
// against it: the fan's resend still mails. The stranger's own changes are limited, and
// changes naming a free address count against it, from however many accounts.
func TestStrangerCannotUseUpTheOwnersVerificationMail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newAuthEnvOn(t, nil, st)
		owner := newClient()
		call(t, owner, "POST", e.URL+"/api/auth/signup", creds{"owner@example.com", goodPassword}, nil)
		stranger := newClient()
		call(t, stranger, "POST", e.URL+"/api/auth/signup", creds{"stranger@example.com", goodPassword}, nil)
		change := func(email string) map[string]string {
			return map[string]string{"email": email, "password": goodPassword}
		}
		for range auth.EmailChangePerUser.Max {
			wantError(t, stranger, "PUT", e.URL+"/api/me/email", change("owner@example.com"), 409, "email_in_use", problem.MsgEmailChangeTaken)
		}
		wantError(t, stranger, "PUT", e.URL+"/api/me/email", change("owner@example.com"), 429, "rate_limited", problem.MsgTooManyAttempts)
		if s := callStatus(t, owner, "POST", e.URL+"/api/me/email/verification", nil, nil); s != 200 {
			t.Fatalf("the owner's resend after the stranger: %d, want 200", s)
		}
		if got := awaitOutbox(t, e, "owner@example.com", 1); verifyLink.FindStringSubmatch(got.Body) == nil {
			t.Fatalf("no new link for the owner: %s", got.Body)
		}

		// Changes naming a free address from several accounts stop at its limit.
		for i := range auth.VerifyMailPerEmail.Max + 1 {
			c := newClient()
			call(t, c, "POST", e.URL+"/api/auth/signup", creds{string(rune('a'+i)) + "-fan@example.com", goodPassword}, nil)
			want := http.StatusAccepted
			if i == auth.VerifyMailPerEmail.Max {
				want = http.StatusTooManyRequests
			}
			if s := callStatus(t, c, "PUT", e.URL+"/api/me/email", change("free@example.com"), nil); s != want {
				t.Fatalf("change %d naming a free address: %d, want %d", i, s, want)
			}
		}
	})
}
