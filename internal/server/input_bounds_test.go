package server

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"castaway/internal/auth/authtest"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// rateRows counts the rate-limit counters stored and returns their keys.
func rateRows(t *testing.T, st *store.Store) (n int, keys []string) {
	t.Helper()
	rows, err := st.DB().QueryContext(context.Background(), `SELECT key FROM rate_limits`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return len(keys), keys
}

// An address longer than any address can be (254 characters) is refused with the field's
// message before anything is counted or stored: no 900 kB counter keys on SQLite, no 500
// on PostgreSQL (whose index takes no 4 kB key).
func TestOversizeEmailsAreRefusedBeforeAnythingIsStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		for _, size := range []int{255, 4 << 10, 900 << 10} {
			email := strings.Repeat("a", size-len("@example.com")) + "@example.com"
			for _, tc := range []struct {
				path string
				body map[string]string
			}{
				{"/api/auth/login", map[string]string{"email": email, "password": "a-wrong-guess"}},
				{"/api/auth/signup", map[string]string{"email": email, "password": goodPassword}},
				{"/api/auth/password-reset", map[string]string{"email": email}},
			} {
				var e2 struct {
					Error struct{ Code, Message, Field string }
				}
				res := call(t, nil, "POST", e.URL+tc.path, tc.body, &e2)
				if res.StatusCode != 400 || e2.Error.Code != "validation" || e2.Error.Field != "email" ||
					e2.Error.Message != "An email address is at most 254 characters." {
					t.Errorf("%s with a %d-byte address: %d %+v, want 400 for the email field", tc.path, size, res.StatusCode, e2.Error)
				}
			}
		}
		if n, keys := rateRows(t, st); n != 0 {
			t.Fatalf("refused requests stored %d rate-limit rows: %.80q", n, keys)
		}
	})
}

// Every counter is stored under the limit's name and a hash of what it counts, so an
// address of the longest allowed length takes the same room as any other.
func TestRateLimitKeysAreFixedSize(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		longest := strings.Repeat("a", 254-len("@example.com")) + "@example.com"
		call(t, nil, "POST", e.URL+"/api/auth/signup", map[string]string{"email": longest, "password": goodPassword}, nil)
		for _, email := range []string{longest, "ann@example.com"} {
			call(t, nil, "POST", e.URL+"/api/auth/login", map[string]string{"email": email, "password": "a-wrong-guess"}, nil)
			call(t, nil, "POST", e.URL+"/api/auth/password-reset", map[string]string{"email": email}, nil)
		}
		fixed := regexp.MustCompile(`^[a-z-]{1,32}:[0-9a-f]{64}$`)
		n, keys := rateRows(t, st)
		if n < 7 { // sign-up per client; 3 sign-in and 2 reset counters per address, sharing the client's
			t.Fatalf("only %d counters stored: %q", n, keys)
		}
		for _, k := range keys {
			if !fixed.MatchString(k) {
				t.Errorf("rate-limit key %.80q is not a name and a sha256", k)
			}
		}
	})
}

// Starting a provider sign-in stores one round trip: a redirect that is not a short local
// path is replaced by the home page rather than stored, and one client may start only 30
// in 10 minutes (429 with Retry-After), so nobody fills the table.
func TestOAuthStartIsBoundedAndLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		fake := authtest.Start(t)
		e := newAuthEnvOn(t, fake.Env(), st)
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		start := func(redirect string) *http.Response {
			res, err := noFollow.Get(e.URL + "/api/auth/oauth/google/start?redirect=" + url.QueryEscape(redirect))
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res
		}
		for i, redirect := range []string{"/" + strings.Repeat("x", 60<<10), "https://evil.example/", "//evil.example/x", "/mylists"} {
			if res := start(redirect); res.StatusCode != http.StatusFound {
				t.Fatalf("start %d: %d", i, res.StatusCode)
			}
		}
		var stored []string
		rows, err := st.DB().QueryContext(t.Context(), `SELECT redirect_to FROM oauth_states ORDER BY redirect_to`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var r string
			if err := rows.Scan(&r); err != nil {
				t.Fatal(err)
			}
			stored = append(stored, r)
		}
		rows.Close()
		if strings.Join(stored, " ") != "/ / / /mylists" {
			t.Fatalf("stored redirects %.100q, want the home page for each unsafe or over-long one", stored)
		}
		for i := 4; i < 30; i++ {
			if res := start("/"); res.StatusCode != http.StatusFound {
				t.Fatalf("start %d: %d", i+1, res.StatusCode)
			}
		}
		var over struct {
			Error struct{ Code, Message string }
		}
		res := call(t, noFollow, "GET", e.URL+"/api/auth/oauth/google/start?redirect=/", nil, &over)
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || over.Error.Code != "rate_limited" ||
			over.Error.Message != "Too many attempts. Please wait a few minutes and try again." {
			t.Fatalf("start 31 from one client: %d %+v (Retry-After %q), want 429", res.StatusCode, over.Error, res.Header.Get("Retry-After"))
		}
		var n, longest int
		if err := st.DB().QueryRowContext(t.Context(), `SELECT count(*), coalesce(max(length(state) + length(provider) +
			length(verifier) + length(nonce) + length(redirect_to)), 0) FROM oauth_states`).Scan(&n, &longest); err != nil {
			t.Fatal(err)
		}
		if n != 30 || longest > 512 {
			t.Fatalf("%d round trips stored, the longest %d bytes; want 30, each small", n, longest)
		}
	})
}
