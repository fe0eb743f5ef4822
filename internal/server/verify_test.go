package server

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

var verifyLink = regexp.MustCompile(`(http://\S+)/login\?verify=([A-Za-z0-9_-]+)`)

// verifyToken waits for the seen+1-th mail to to in e's outbox and returns its
// verification token, checking the link and both parts on the way.
func verifyToken(t *testing.T, e *testEnv, to string, seen int) string {
	t.Helper()
	m := awaitOutbox(t, e, to, seen)
	text := verifyLink.FindStringSubmatch(m.Body)
	html := verifyLink.FindStringSubmatch(m.HTML)
	if text == nil || html == nil || text[1] != e.URL || text[2] != html[2] {
		t.Fatalf("no verification link to %s in both parts:\n%s\n---\n%s", e.URL, m.Body, m.HTML)
	}
	return text[2]
}

// Sign-up queues one verification mail, with a plain-text and an HTML part, in the same
// transaction; the account works at once; the link verifies once; used, garbage and
// expired links are refused, each with its own sentence.
func TestSignUpVerificationMail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ts := newAuthEnvOn(t, nil, st)
		c := newClient()
		var me verifiedMe
		if res := call(t, c, "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, &me); res.StatusCode != 201 || me.EmailVerified || me.Email != "ann@example.com" {
			t.Fatalf("sign-up: %d %+v", res.StatusCode, me)
		}
		token := verifyToken(t, ts, "ann@example.com", 0)
		mails := outbox(t, ts, "ann@example.com")
		if len(mails) != 1 || mails[0].Subject != "Confirm your Survivor Rankings email address" ||
			!strings.Contains(mails[0].Body, "within 24 hours") || !strings.Contains(mails[0].HTML, "<strong>ann@example.com</strong>") {
			t.Fatalf("mails: %+v", mails)
		}
		// Only the hash of the token is stored.
		var n int
		if err := st.DB().QueryRowContext(t.Context(), `SELECT count(*) FROM email_verifications WHERE token_hash = $1`, auth.HashToken(token)).Scan(&n); err != nil || n != 1 {
			t.Fatalf("stored hash: %d %v", n, err)
		}

		verify := func(token string) map[string]string { return map[string]string{"token": token} }
		wantError(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", verify(""), 400, "invalid_token", problem.MsgVerifyTokenRequired)
		wantError(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", verify("made-up"), 400, "invalid_token", problem.MsgVerifyUnknown)
		var msg struct{ Message string }
		if res := call(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", verify(token), &msg); res.StatusCode != 200 || msg.Message != problem.MsgEmailVerified {
			t.Fatalf("verify: %d %+v", res.StatusCode, msg)
		}
		wantError(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", verify(token), 400, "token_used", problem.MsgVerifyUsed)
		if call(t, c, "GET", ts.URL+"/api/me", nil, &me); !me.EmailVerified {
			t.Fatalf("not verified: %+v", me)
		}
		wantError(t, c, "POST", ts.URL+"/api/me/email/verification", nil, 409, "already_verified", problem.MsgAlreadyVerified)

		// A link past its 24 hours.
		call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"bob@example.com", goodPassword}, nil)
		late := verifyToken(t, ts, "bob@example.com", 0)
		if _, err := st.DB().ExecContext(t.Context(), `UPDATE email_verifications SET expires_at = $1 WHERE token_hash = $2`,
			time.Now().Add(-time.Minute).UnixMilli(), auth.HashToken(late)); err != nil {
			t.Fatal(err)
		}
		wantError(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", verify(late), 400, "token_expired", problem.MsgVerifyExpired)
	})
}

// 'Resend' mails a new link, limited per address like reset mail.
func TestResendVerificationIsLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ts := newAuthEnvOn(t, nil, st)
		c := newClient()
		wantError(t, c, "POST", ts.URL+"/api/me/email/verification", nil, 401, "unauthorized", "You are not signed in.")
		call(t, c, "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, nil)
		for i := range auth.VerifyMailPerEmail.Max {
			var msg struct{ Message string }
			if res := call(t, c, "POST", ts.URL+"/api/me/email/verification", nil, &msg); res.StatusCode != 200 || msg.Message != problem.MsgVerificationSent {
				t.Fatalf("resend %d: %d %+v", i, res.StatusCode, msg)
			}
		}
		res := wantError(t, c, "POST", ts.URL+"/api/me/email/verification", nil, 429, "rate_limited", problem.MsgTooManyAttempts)
		if res.Header.Get("Retry-After") == "" {
			t.Fatal("no Retry-After")
		}
		// The newest link works, and spends the others of the address.
		last := verifyToken(t, ts, "ann@example.com", auth.VerifyMailPerEmail.Max)
		first := verifyToken(t, ts, "ann@example.com", 0)
		if st := callStatus(t, c, "POST", ts.URL+"/api/auth/verify-email", map[string]string{"token": last}, nil); st != 200 {
			t.Fatalf("verify: %d", st)
		}
		wantError(t, c, "POST", ts.URL+"/api/auth/verify-email", map[string]string{"token": first}, 400, "token_used", problem.MsgVerifyUsed)
	})
}

// Changing the address needs the password; the old address stays until the link mailed
// to the new one is opened, and then the new one is the account's, verified.
func TestEmailChangeVerifiesTheNewAddress(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ts := newAuthEnvOn(t, nil, st)
		c := newClient()
		call(t, c, "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, nil)
		call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"taken@example.com", goodPassword}, nil)
		change := func(email, password string) map[string]string {
			return map[string]string{"email": email, "password": password}
		}
		wantError(t, newClient(), "PUT", ts.URL+"/api/me/email", change("new@example.com", goodPassword), 401, "unauthorized", "You are not signed in.")
		wantError(t, c, "PUT", ts.URL+"/api/me/email", change("new@example.com", ""), 400, "validation", problem.MsgPasswordRequired)
		wantError(t, c, "PUT", ts.URL+"/api/me/email", change("new@example.com", "not-the-password"), 401, "wrong_password", problem.MsgWrongPassword)
		wantError(t, c, "PUT", ts.URL+"/api/me/email", change("not an address", goodPassword), 400, "validation", problem.MsgEmailInvalid)
		wantError(t, c, "PUT", ts.URL+"/api/me/email", change("ANN@example.com", goodPassword), 400, "validation", problem.MsgEmailUnchanged)
		wantError(t, c, "PUT", ts.URL+"/api/me/email", change("taken@example.com", goodPassword), 409, "email_in_use", problem.MsgEmailChangeTaken)

		var msg struct{ Message string }
		if res := call(t, c, "PUT", ts.URL+"/api/me/email", change("new@example.com", goodPassword), &msg); res.StatusCode != 202 || msg.Message != problem.MsgEmailChangeSent {
			t.Fatalf("change: %d %+v", res.StatusCode, msg)
		}
		token := verifyToken(t, ts, "new@example.com", 0)
		if m := outbox(t, ts, "new@example.com")[0]; m.Subject != "Confirm your new Survivor Rankings email address" {
			t.Fatalf("change mail: %+v", m)
		}
		var me verifiedMe
		if call(t, c, "GET", ts.URL+"/api/me", nil, &me); me.Email != "ann@example.com" || me.PendingEmail != "new@example.com" || me.EmailVerified {
			t.Fatalf("before the link: %+v", me)
		}
		// Until then the old address signs in, and a reset link goes to it.
		if st := callStatus(t, newClient(), "POST", ts.URL+"/api/auth/login", creds{"ann@example.com", goodPassword}, nil); st != 200 {
			t.Fatalf("old address sign-in: %d", st)
		}
		call(t, newClient(), "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "ann@example.com"}, nil)
		oldReset := resetLink.FindStringSubmatch(awaitOutbox(t, ts, "ann@example.com", 1).Body)
		if oldReset == nil {
			t.Fatal("no reset mail to the old address")
		}

		if res := call(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", map[string]string{"token": token}, &msg); res.StatusCode != 200 || msg.Message != problem.MsgEmailChanged {
			t.Fatalf("verify new address: %d %+v", res.StatusCode, msg)
		}
		var after verifiedMe
		if call(t, c, "GET", ts.URL+"/api/me", nil, &after); after.Email != "new@example.com" || after.PendingEmail != "" || !after.EmailVerified {
			t.Fatalf("after the link: %+v", after)
		}
		wantError(t, newClient(), "POST", ts.URL+"/api/auth/login", creds{"ann@example.com", goodPassword}, 404, "user_not_found", problem.MsgNoAccountForEmail)
		if st := callStatus(t, newClient(), "POST", ts.URL+"/api/auth/login", creds{"new@example.com", goodPassword}, nil); st != 200 {
			t.Fatalf("new address sign-in: %d", st)
		}
		// The reset link mailed to the old address no longer works.
		wantError(t, newClient(), "POST", ts.URL+"/api/auth/password-reset/confirm", map[string]string{"token": oldReset[2], "password": "a-brand-new-secret"},
			400, "invalid_token", problem.MsgResetInvalid)

		// An account without a password sets one first.
		bare, _ := ts.signedIn(t, "Bare")
		wantError(t, bare, "PUT", ts.URL+"/api/me/email", change("bare2@example.com", "anything-at-all"), 403, "password_required", problem.MsgEmailChangeNeedsPassword)
	})
}

// Two accounts racing for one new address: the second link to be opened is refused.
func TestEmailChangeToAnAddressTakenMeanwhile(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ts := newAuthEnvOn(t, nil, st)
		var tokens []string
		for i, who := range []string{"ann", "bob"} {
			c := newClient()
			call(t, c, "POST", ts.URL+"/api/auth/signup", creds{who + "@example.com", goodPassword}, nil)
			if st := callStatus(t, c, "PUT", ts.URL+"/api/me/email", map[string]string{"email": "both@example.com", "password": goodPassword}, nil); st != 202 {
				t.Fatalf("%s's change: %d", who, st)
			}
			tokens = append(tokens, verifyToken(t, ts, "both@example.com", i))
		}
		if st := callStatus(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", map[string]string{"token": tokens[0]}, nil); st != 200 {
			t.Fatalf("first: %d", st)
		}
		wantError(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", map[string]string{"token": tokens[1]}, 409, "email_in_use", problem.MsgEmailChangeTaken)
		if u, err := st.UserByEmail(t.Context(), "bob@example.com"); err != nil || u.Email != "bob@example.com" {
			t.Fatalf("bob's account: %+v %v", u, err)
		}
	})
}
