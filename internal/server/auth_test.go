package server

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"

	"castaway/internal/config"
	"castaway/internal/mail/mailtest"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// newAuthEnv starts a server whose base URL is its own address, configured by env.
func newAuthEnv(t *testing.T, env map[string]string) *testEnv {
	t.Helper()
	return newAuthEnvOn(t, env, storetest.OpenSQLite(t))
}

// newAuthEnvOn is newAuthEnv over st.
func newAuthEnvOn(t *testing.T, env map[string]string, st *store.Store) *testEnv {
	t.Helper()
	return newAuthEnvLogging(t, env, st, slog.New(slog.DiscardHandler))
}

// newAuthEnvLogging is newAuthEnvOn logging to log.
func newAuthEnvLogging(t *testing.T, env map[string]string, st *store.Store, log *slog.Logger) *testEnv {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	vars := map[string]string{"CASTAWAY_BASE_URL": "http://" + ts.Listener.Addr().String()}
	for k, v := range env {
		vars[k] = v
	}
	cfg, err := config.Load([]string{"-data-dir", t.TempDir()}, func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	d := testDepsLogging(t, cfg, st, log)
	d.Web = testWeb()
	srv, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = srv.Handler()
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(srv.CloseStreams)
	return &testEnv{Server: ts, cfg: cfg, store: st}
}

func newClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar}
}

type apiError struct {
	Error struct{ Code, Message string }
}

type meBody struct {
	ID, Email, DisplayName string
	IdolsFound             int
	CreatedAt              string
	Providers              []string
}

// wantError checks status, code and the exact message.
func wantError(t *testing.T, c *http.Client, method, url string, body any, status int, code, message string) *http.Response {
	t.Helper()
	var e apiError
	res := call(t, c, method, url, body, &e)
	if res.StatusCode != status || e.Error.Code != code || e.Error.Message != message {
		t.Errorf("%s %s %v: %d %+v, want %d %s %q", method, url, body, res.StatusCode, e.Error, status, code, message)
	}
	return res
}

type creds struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

const goodPassword = "purple-rock-idol-2024"

func TestSignUpSignInSignOut(t *testing.T) {
	ts := newAuthEnv(t, nil)
	c := newClient()
	var me meBody
	res := call(t, c, "POST", ts.URL+"/api/auth/signup", creds{"Ann@Example.com", goodPassword}, &me)
	if res.StatusCode != 201 || me.DisplayName != "Ann" || me.Email != "Ann@Example.com" || me.IdolsFound != 0 ||
		len(me.Providers) != 1 || me.Providers[0] != "password" || !strings.HasSuffix(me.CreatedAt, "Z") {
		t.Fatalf("sign-up: %d %+v", res.StatusCode, me)
	}
	var cookie *http.Cookie
	for _, ck := range res.Cookies() {
		if ck.Name == SessionCookie {
			cookie = ck
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Secure {
		t.Fatalf("session cookie: %+v", cookie)
	}
	var again meBody
	if res := call(t, c, "GET", ts.URL+"/api/me", nil, &again); res.StatusCode != 200 || again.ID != me.ID {
		t.Fatalf("me after sign-up: %d %+v", res.StatusCode, again)
	}

	wantError(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"ann@example.COM", goodPassword}, 409, "email_in_use", "Email already in use. Please sign in instead.")
	var other meBody
	call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"ann@elsewhere.org", goodPassword}, &other)
	if other.DisplayName != "ann2" {
		t.Fatalf("clashing display name became %q, want ann2", other.DisplayName)
	}

	if res := call(t, c, "POST", ts.URL+"/api/auth/logout", nil, nil); res.StatusCode != 204 {
		t.Fatalf("logout: %d", res.StatusCode)
	}
	wantError(t, c, "GET", ts.URL+"/api/me", nil, 401, "unauthorized", "You are not signed in.")
	// The old token is revoked on the server, not just forgotten by this browser.
	stolen := &http.Client{}
	req, _ := http.NewRequest("GET", ts.URL+"/api/me", nil)
	req.AddCookie(cookie)
	if res, _ := stolen.Do(req); res.StatusCode != 401 {
		t.Fatalf("revoked token still works: %d", res.StatusCode)
	}

	wantError(t, c, "POST", ts.URL+"/api/auth/login", creds{"ann@example.com", "wrong-password-1"}, 401, "wrong_password", "Incorrect password. Please try again.")
	wantError(t, c, "POST", ts.URL+"/api/auth/login", creds{"nobody@example.com", goodPassword}, 404, "user_not_found", "No account found with this email. Please sign up.")
	var back meBody
	if res := call(t, c, "POST", ts.URL+"/api/auth/login", creds{" ANN@example.com ", goodPassword}, &back); res.StatusCode != 200 || back.ID != me.ID {
		t.Fatalf("login: %d %+v", res.StatusCode, back)
	}
	if res := call(t, c, "GET", ts.URL+"/api/me", nil, &again); res.StatusCode != 200 {
		t.Fatalf("me after login: %d", res.StatusCode)
	}
}

func TestSignUpAndSignInRejectBadInput(t *testing.T) {
	ts := newAuthEnv(t, nil)
	c := newClient()
	for _, tc := range []struct {
		body          any
		status        int
		code, message string
	}{
		{creds{"", goodPassword}, 400, "validation", "Please enter your email and password."},
		{creds{"ann@example.com", ""}, 400, "validation", "Please enter your email and password."},
		{map[string]string{}, 400, "validation", "Please enter your email and password."},
		{creds{"not-an-email", goodPassword}, 400, "invalid_email", "Please enter a valid email address."},
		{creds{"Ann <ann@example.com>", goodPassword}, 400, "invalid_email", "Please enter a valid email address."},
		{creds{"ann@example.com", "short"}, 400, "weak_password", "Password is too weak. Please use a stronger password."},
		{creds{"ann@example.com", "Password1"}, 400, "weak_password", "Password is too weak. Please use a stronger password."},
		{creds{"ann@example.com", "qwertyuiop"}, 400, "weak_password", "Password is too weak. Please use a stronger password."},
		{"a string", 400, "bad_request", "The request body is not valid JSON."},
	} {
		wantError(t, c, "POST", ts.URL+"/api/auth/signup", tc.body, tc.status, tc.code, tc.message)
	}
	wantError(t, c, "POST", ts.URL+"/api/auth/login", creds{"", ""}, 400, "validation", "Please enter your email and password.")
	wantError(t, c, "GET", ts.URL+"/api/me", nil, 401, "unauthorized", "You are not signed in.")

	var policy struct {
		MinLength    int
		Requirements []string
	}
	if res := call(t, c, "GET", ts.URL+"/api/auth/password-policy", nil, &policy); res.StatusCode != 200 || policy.MinLength != 8 || len(policy.Requirements) == 0 {
		t.Fatalf("policy: %d %+v", res.StatusCode, policy)
	}
}

func TestRename(t *testing.T) {
	ts := newAuthEnv(t, nil)
	ann, _ := ts.signedIn(t, "Ann")
	ts.signedIn(t, "Parvati")
	patch := func(name string) map[string]string { return map[string]string{"displayName": name} }

	wantError(t, newClient(), "PATCH", ts.URL+"/api/me", patch("X"), 401, "unauthorized", "You must be signed in to change your username.")
	wantError(t, ann, "PATCH", ts.URL+"/api/me", patch("   "), 400, "validation", "Username cannot be empty")
	wantError(t, ann, "PATCH", ts.URL+"/api/me", map[string]string{}, 400, "validation", "Username cannot be empty")
	wantError(t, ann, "PATCH", ts.URL+"/api/me", patch(strings.Repeat("x", 31)), 400, "validation", "Username must be 30 characters or fewer.")
	wantError(t, ann, "PATCH", ts.URL+"/api/me", patch("PARVATI"), 409, "username_taken", "This username is already taken (case-insensitive match). Please choose another.")

	var me meBody
	if res := call(t, ann, "PATCH", ts.URL+"/api/me", patch("  Queen Sandra  "), &me); res.StatusCode != 200 || me.DisplayName != "Queen Sandra" {
		t.Fatalf("rename: %d %+v", res.StatusCode, me)
	}
	// Changing only the letter case of one's own name is not a clash.
	if res := call(t, ann, "PATCH", ts.URL+"/api/me", patch("queen sandra"), &me); res.StatusCode != 200 || me.DisplayName != "queen sandra" {
		t.Fatalf("own name, new case: %d %+v", res.StatusCode, me)
	}
	if res := call(t, ann, "GET", ts.URL+"/api/me", nil, &me); res.StatusCode != 200 || me.DisplayName != "queen sandra" {
		t.Fatalf("me after rename: %+v", me)
	}
}

func TestRacingRenamesHaveOneWinner(t *testing.T) {
	ts := newAuthEnv(t, nil)
	var clients []*http.Client
	for _, n := range []string{"a", "b", "c", "d", "e", "f", "g", "h"} {
		c, _ := ts.signedIn(t, n)
		clients = append(clients, c)
	}
	statuses := make([]int, len(clients))
	var wg sync.WaitGroup
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := []string{"Tony Vlachos", "TONY VLACHOS", "tony vlachos"}[i%3]
			statuses[i] = call(t, c, "PATCH", ts.URL+"/api/me", map[string]string{"displayName": name}, nil).StatusCode
		}()
	}
	wg.Wait()
	ok, conflict := 0, 0
	for _, s := range statuses {
		switch s {
		case 200:
			ok++
		case 409:
			conflict++
		}
	}
	if ok != 1 || conflict != len(clients)-1 {
		t.Fatalf("statuses %v: want one 200 and the rest 409", statuses)
	}
}

var resetLink = regexp.MustCompile(`(http://\S+)/login\?reset=(\S+)`)

func TestPasswordResetThroughMail(t *testing.T) {
	smtp := mailtest.Start(t)
	ts := newAuthEnv(t, map[string]string{"CASTAWAY_SMTP_URL": smtp.URL})
	first := newClient()
	call(t, first, "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, nil)

	const sent = "Password reset email sent. Check your inbox for instructions."
	wantError(t, newClient(), "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "  "}, 400, "validation", "Please enter your email address to reset your password.")
	// An unknown address gets the very same answer, and no mail.
	var msg struct{ Message string }
	if res := call(t, newClient(), "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "nobody@example.com"}, &msg); res.StatusCode != 200 || msg.Message != sent {
		t.Fatalf("unknown address: %d %+v", res.StatusCode, msg)
	}
	if res := call(t, newClient(), "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "ANN@example.com"}, &msg); res.StatusCode != 200 || msg.Message != sent {
		t.Fatalf("reset request: %d %+v", res.StatusCode, msg)
	}
	// The sign-up's verification and the reset, queued a moment apart.
	mail := smtp.Wait(t, 0)
	if other := smtp.Wait(t, 1); strings.Contains(mail.Body, "/login?verify=") {
		mail = other
	}
	if smtp.Count() != 2 || mail.To != "ann@example.com" || mail.Subject != "Reset your Survivor Rankings password" || !strings.Contains(mail.HTML, "Choose a new password") {
		t.Fatalf("mail: %d messages, %+v", smtp.Count(), mail)
	}
	m := resetLink.FindStringSubmatch(mail.Body)
	if m == nil || m[1] != ts.URL {
		t.Fatalf("no reset link to %s in:\n%s", ts.URL, mail.Body)
	}
	token := m[2]

	browser := newClient()
	confirm := func(token, password string) map[string]string {
		return map[string]string{"token": token, "password": password}
	}
	wantError(t, browser, "POST", ts.URL+"/api/auth/password-reset/confirm", confirm(token, "password1"), 400, "weak_password", "Password is too weak. Please use a stronger password.")
	wantError(t, browser, "POST", ts.URL+"/api/auth/password-reset/confirm", confirm("made-up", "a-brand-new-secret"), 400, "invalid_token", "This reset link is invalid or has expired. Please request a new one.")
	var me meBody
	if res := call(t, browser, "POST", ts.URL+"/api/auth/password-reset/confirm", confirm(token, "a-brand-new-secret"), &me); res.StatusCode != 200 || me.Email != "ann@example.com" {
		t.Fatalf("confirm: %d %+v", res.StatusCode, me)
	}
	// The link reached the address: that proves it.
	var after verifiedMe
	if res := call(t, browser, "GET", ts.URL+"/api/me", nil, &after); res.StatusCode != 200 || !after.EmailVerified {
		t.Fatalf("after reset: %d %+v", res.StatusCode, after)
	}
	// Every earlier session is revoked, the link works once, and only the new password signs in.
	wantError(t, first, "GET", ts.URL+"/api/me", nil, 401, "unauthorized", "You are not signed in.")
	wantError(t, browser, "POST", ts.URL+"/api/auth/password-reset/confirm", confirm(token, "another-new-secret"), 400, "invalid_token", "This reset link is invalid or has expired. Please request a new one.")
	wantError(t, newClient(), "POST", ts.URL+"/api/auth/login", creds{"ann@example.com", goodPassword}, 401, "wrong_password", "Incorrect password. Please try again.")
	if res := call(t, newClient(), "POST", ts.URL+"/api/auth/login", creds{"ann@example.com", "a-brand-new-secret"}, nil); res.StatusCode != 200 {
		t.Fatalf("login with new password: %d", res.StatusCode)
	}
}

func TestSignInAndResetAreRateLimited(t *testing.T) {
	ts := newAuthEnv(t, nil)
	// Signed up elsewhere: the browser that signed up holds a device cookie, counted on its own.
	call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, nil)
	c := newClient()
	for range 10 {
		wantError(t, c, "POST", ts.URL+"/api/auth/login", creds{"ann@example.com", "not-the-password"}, 401, "wrong_password", "Incorrect password. Please try again.")
	}
	// Now even the right password is refused until the window ends.
	res := wantError(t, c, "POST", ts.URL+"/api/auth/login", creds{"Ann@Example.com", goodPassword}, 429, "rate_limited", "Too many attempts. Please wait a few minutes and try again.")
	if ra := res.Header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Fatalf("Retry-After %q", ra)
	}

	// Per client: 30 failures spread over many addresses block this client for a fresh one too.
	for i := range 20 {
		call(t, c, "POST", ts.URL+"/api/auth/login", creds{strings.Repeat("x", i+1) + "@example.com", goodPassword}, nil)
	}
	wantError(t, c, "POST", ts.URL+"/api/auth/login", creds{"fresh@example.com", goodPassword}, 429, "rate_limited", "Too many attempts. Please wait a few minutes and try again.")

	for range 5 {
		if res := call(t, c, "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "ann@example.com"}, nil); res.StatusCode != 200 {
			t.Fatalf("reset request: %d", res.StatusCode)
		}
	}
	res = wantError(t, c, "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "ann@example.com"}, 429, "rate_limited", "Too many attempts. Please wait a few minutes and try again.")
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After on reset limit")
	}
}

func TestResetMailGoesToOutboxWithoutSMTP(t *testing.T) {
	ts := newAuthEnv(t, nil)
	call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"ann@example.com", goodPassword}, nil)
	if res := call(t, newClient(), "POST", ts.URL+"/api/auth/password-reset", map[string]string{"email": "ann@example.com"}, nil); res.StatusCode != 200 {
		t.Fatalf("reset: %d", res.StatusCode)
	}
	// The sign-up's verification and the reset, queued a moment apart.
	m := awaitOutbox(t, ts, "ann@example.com", 1)
	if other := outbox(t, ts, "ann@example.com")[0]; strings.Contains(m.Body, "/login?verify=") {
		m = other
	}
	if !strings.Contains(m.Body, ts.URL+"/login?reset") || !strings.Contains(m.HTML, ts.URL+"/login?reset") {
		t.Fatalf("no reset link in the outbox mail:\n%+v", m)
	}
}

// Every sign-up costs a password hash, so one client may make only so many accounts an hour.
func TestSignUpIsRateLimited(t *testing.T) {
	ts := newAuthEnv(t, nil)
	for i := range 20 {
		if st := callStatus(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{fmt.Sprintf("fan%d@example.com", i), goodPassword}, nil); st != 201 {
			t.Fatalf("sign-up %d: %d", i, st)
		}
	}
	wantError(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"one-more@example.com", goodPassword}, 429, "rate_limited", "Too many attempts. Please wait a few minutes and try again.")
}
