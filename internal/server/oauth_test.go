package server

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"castaway/internal/auth/authtest"
)

// signInWith runs a whole provider round trip in c, following every redirect,
// and returns where the browser lands.
func signInWith(t *testing.T, ts *testEnv, c *http.Client, provider, redirect string) *url.URL {
	t.Helper()
	res, err := c.Get(ts.URL + "/api/auth/oauth/" + provider + "/start?redirect=" + url.QueryEscape(redirect))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.Request.URL
}

func TestOAuthSignIn(t *testing.T) {
	fake := authtest.Start(t)
	ts := newAuthEnv(t, fake.Env())

	var providers struct{ Google, Twitter bool }
	if call(t, newClient(), "GET", ts.URL+"/api/auth/providers", nil, &providers); !providers.Google || !providers.Twitter {
		t.Fatalf("providers: %+v", providers)
	}
	pagesName(t, ts.URL, "google twitter")

	// Google, first time: the account is made from the id_token and the user lands where they started.
	c := newClient()
	if landed := signInWith(t, ts, c, "google", "/list/u1/list_1"); landed.Path != "/list/u1/list_1" {
		t.Fatalf("landed on %s", landed)
	}
	var me meBody
	if res := call(t, c, "GET", ts.URL+"/api/me", nil, &me); res.StatusCode != 200 || me.DisplayName != "Jeff Probst" ||
		me.Email != "probst@gmail.com" || len(me.Providers) != 1 || me.Providers[0] != "google" {
		t.Fatalf("me: %d %+v", res.StatusCode, me)
	}
	// A later sign-in finds the same account; a foreign redirect is replaced by the home page.
	c2 := newClient()
	if landed := signInWith(t, ts, c2, "google", "https://evil.example/"); landed.Host != mustHost(ts.URL) || landed.Path != "/" {
		t.Fatalf("landed on %s", landed)
	}
	var again meBody
	if call(t, c2, "GET", ts.URL+"/api/me", nil, &again); again.ID != me.ID {
		t.Fatalf("second sign-in made another account: %+v", again)
	}

	// Twitter, no email: a new account named after the Twitter name, made unique.
	call(t, newClient(), "POST", ts.URL+"/api/auth/signup", creds{"boston.rob@example.com", goodPassword}, nil)
	call(t, c2, "PATCH", ts.URL+"/api/me", map[string]string{"displayName": "Boston Rob"}, nil)
	tw := newClient()
	if landed := signInWith(t, ts, tw, "twitter", "/mylists"); landed.Path != "/mylists" {
		t.Fatalf("twitter landed on %s", landed)
	}
	if call(t, tw, "GET", ts.URL+"/api/me", nil, &me); me.DisplayName != "Boston Rob2" || me.Providers[0] != "twitter" {
		t.Fatalf("twitter me: %+v", me)
	}

	// Google with the address of a password account that it did not verify: refused, and no second account.
	fake.SetUser("google", authtest.User{Subject: "google-unverified", Name: "Rob", Email: "boston.rob@example.com"})
	refused := newClient()
	if landed := signInWith(t, ts, refused, "google", "/"); landed.Path != "/login" || landed.Query().Get("error") != "account_exists" {
		t.Fatalf("landed on %s", landed)
	}
	if res := call(t, refused, "GET", ts.URL+"/api/me", nil, nil); res.StatusCode != 401 {
		t.Fatalf("signed in anyway: %d", res.StatusCode)
	}
	if _, err := ts.store.UserByIdentity(t.Context(), "google", "google-unverified"); err == nil {
		t.Fatal("an identity was linked to the existing account")
	}

	// Cancelled at the provider.
	fake.Deny("twitter")
	if landed := signInWith(t, ts, newClient(), "twitter", "/"); landed.Path != "/login" || landed.Query().Get("error") != "twitter_failed" {
		t.Fatalf("denied twitter landed on %s", landed)
	}
	fake.Deny("google")
	if landed := signInWith(t, ts, newClient(), "google", "/"); landed.Query().Get("error") != "google_failed" {
		t.Fatalf("denied google landed on %s", landed)
	}

	// Google with the verified address of a password account that verified it too joins that account.
	if st := callStatus(t, newClient(), "POST", ts.URL+"/api/auth/verify-email", map[string]string{"token": verifyToken(t, ts, "boston.rob@example.com", 0)}, nil); st != 200 {
		t.Fatalf("verify: %d", st)
	}
	fake.SetUser("google", authtest.User{Subject: "google-2", Email: "boston.rob@example.com", EmailVerified: true, Name: "Rob M"})
	joined := newClient()
	signInWith(t, ts, joined, "google", "/")
	if call(t, joined, "GET", ts.URL+"/api/me", nil, &me); me.Email != "boston.rob@example.com" || len(me.Providers) != 2 || me.Providers[0] != "password" || me.Providers[1] != "google" {
		t.Fatalf("joined account: %+v", me)
	}
}

func TestOAuthCallbackChecksState(t *testing.T) {
	fake := authtest.Start(t)
	ts := newAuthEnv(t, fake.Env())
	noFollow := &http.Client{Jar: newClient().Jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	res, err := noFollow.Get(ts.URL + "/api/auth/oauth/twitter/start?redirect=/mylists")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	authorize, _ := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != 302 || authorize.Query().Get("code_challenge_method") != "S256" || authorize.Query().Get("state") == "" {
		t.Fatalf("start: %d %s", res.StatusCode, authorize)
	}
	// The provider's answer replayed in another browser (no state cookie) is refused.
	back, err := noFollow.Get(authorize.String())
	if err != nil {
		t.Fatal(err)
	}
	back.Body.Close()
	callback, _ := url.Parse(back.Header.Get("Location"))
	other := &http.Client{CheckRedirect: noFollow.CheckRedirect}
	res, _ = other.Get(callback.String())
	if loc := res.Header.Get("Location"); loc != "/login?error=twitter_failed" {
		t.Fatalf("replayed callback went to %q", loc)
	}
	// A state this browser was not given is refused too.
	forged := *callback
	q := forged.Query()
	q.Set("state", "forged")
	forged.RawQuery = q.Encode()
	res, _ = noFollow.Get(forged.String())
	if loc := res.Header.Get("Location"); loc != "/login?error=twitter_failed" {
		t.Fatalf("forged state went to %q", loc)
	}
	// A fresh round trip in one browser works, exactly once: replaying it with the state cookie put back fails.
	fresh := &http.Client{Jar: newClient().Jar, CheckRedirect: noFollow.CheckRedirect}
	res, _ = fresh.Get(ts.URL + "/api/auth/oauth/twitter/start?redirect=/mylists")
	stateCookie := res.Cookies()[0]
	res, _ = fresh.Get(res.Header.Get("Location"))
	genuine := res.Header.Get("Location")
	if res, _ = fresh.Get(genuine); res.Header.Get("Location") != "/mylists" {
		t.Fatalf("genuine callback went to %q", res.Header.Get("Location"))
	}
	fresh.Jar.SetCookies(callback, []*http.Cookie{stateCookie})
	if res, _ = fresh.Get(genuine); res.Header.Get("Location") != "/login?error=twitter_failed" {
		t.Fatalf("replayed state went to %q", res.Header.Get("Location"))
	}
	for _, p := range []string{"/api/auth/oauth/facebook/start", "/api/auth/oauth/facebook/callback"} {
		wantError(t, newClient(), "GET", ts.URL+p, nil, 404, "not_found", "Sign-in with this provider is not available.")
	}
	plain := newAuthEnv(t, nil)
	var providers struct{ Google, Twitter bool }
	if call(t, newClient(), "GET", plain.URL+"/api/auth/providers", nil, &providers); providers.Google || providers.Twitter {
		t.Fatalf("unconfigured providers: %+v", providers)
	}
	pagesName(t, plain.URL, "")
	wantError(t, newClient(), "GET", plain.URL+"/api/auth/oauth/google/start", nil, 404, "not_found", "Sign-in with this provider is not available.")
}

// pagesName checks that the sign-in page and home, as served, name the sign-in
// providers set up (enabled, space-separated), as /api/auth/providers does.
func pagesName(t *testing.T, base, enabled string) {
	t.Helper()
	want := `<meta name="castaway-providers" content="` + enabled + `" />`
	for _, path := range []string{"/login", "/"} {
		res, err := newClient().Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if head, _, _ := strings.Cut(string(body), "</head>"); !strings.Contains(head, want) {
			t.Fatalf("%s: no %s in its head:\n%s", path, want, body)
		}
	}
}

func mustHost(raw string) string {
	u, _ := url.Parse(raw)
	return u.Host
}
