package server

import (
	"context"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

const (
	firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0"
	chromeOnAndroid  = "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"
)

// device is a browser at an address: every request it sends carries its User-Agent and,
// through the trusted proxy, its address.
type device struct {
	userAgent, addr string
}

func (d device) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("User-Agent", d.userAgent)
	r.Header.Set("X-Forwarded-For", d.addr)
	return http.DefaultTransport.RoundTrip(r)
}

// signInOn signs email in on a new browser d, which keeps its cookies.
func signInOn(t *testing.T, e *testEnv, d device, email, password string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Transport: d}
	if status := callStatus(t, c, "POST", e.URL+"/api/auth/login", map[string]any{"email": email, "password": password}, nil); status != http.StatusOK {
		t.Fatalf("sign in from %s: %d", d.addr, status)
	}
	return c
}

type sessionOut struct {
	ID, Browser, OS, Device, Network string
	CreatedAt, LastSeenAt            time.Time
	Current                          bool
}

type sessionsOut struct {
	Sessions []sessionOut
	More     bool
}

func sessionsOf(t *testing.T, e *testEnv, c *http.Client) []sessionOut {
	t.Helper()
	var got sessionsOut
	if status := callStatus(t, c, "GET", e.URL+"/api/me/sessions", nil, &got); status != http.StatusOK {
		t.Fatalf("list sessions: %d", status)
	}
	return got.Sessions
}

// sessionHashOf is the stored name of the session c holds.
func sessionHashOf(t *testing.T, e *testEnv, c *http.Client) string {
	t.Helper()
	base, _ := url.Parse(e.URL)
	for _, k := range c.Jar.Cookies(base) {
		if k.Name == SessionCookie {
			return auth.HashToken(k.Value)
		}
	}
	t.Fatal("no session cookie")
	return ""
}

// A fan sees where they are signed in (browser and system from the User-Agent, the
// address's prefix only, this session marked) and ends any one of them, which ends its
// live streams too, or all the others; nobody else can end them.
func TestFanSeesAndEndsTheirSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newProxiedEnv(t, st)
		const password = "a-fine-long-secret"
		withPassword(t, st, "ann@example.com", password)
		withPassword(t, st, "bob@example.com", password)
		laptop := signInOn(t, e, device{firefoxOnWindows, "203.0.113.7"}, "ann@example.com", password)
		phone := signInOn(t, e, device{chromeOnAndroid, "2001:db8:1:2::5"}, "ann@example.com", password)
		bob := signInOn(t, e, device{firefoxOnWindows, "198.51.100.9"}, "bob@example.com", password)

		fromLaptop := sessionsOf(t, e, laptop)
		if len(fromLaptop) != 2 {
			t.Fatalf("the laptop lists %+v, want Ann's two sessions", fromLaptop)
		}
		var mine, phones sessionOut
		for _, s := range fromLaptop {
			if s.Current {
				mine = s
			} else {
				phones = s
			}
		}
		if mine.Browser != "Firefox" || mine.OS != "Windows" || mine.Device != "computer" || mine.Network != "203.0.113.0/24" {
			t.Errorf("the laptop's own session: %+v", mine)
		}
		if phones.Browser != "Chrome" || phones.OS != "Android" || phones.Device != "phone" || phones.Network != "2001:db8:1::/48" {
			t.Errorf("the phone's session seen from the laptop: %+v", phones)
		}
		if time.Since(mine.LastSeenAt) > time.Minute || mine.ID == "" || mine.ID == phones.ID {
			t.Errorf("ids %q %q, last seen %v", mine.ID, phones.ID, mine.LastSeenAt)
		}
		for _, s := range sessionsOf(t, e, phone) {
			if s.Current != (s.ID == phones.ID) {
				t.Errorf("from the phone, %+v is marked current %v", s, s.Current)
			}
		}
		for _, s := range append(fromLaptop, sessionsOf(t, e, bob)...) {
			if strings.Contains(s.ID, sessionHashOf(t, e, laptop)[:12]) || strings.Contains(s.ID, sessionHashOf(t, e, phone)[:12]) {
				t.Errorf("a session's id %q shows its token's hash", s.ID)
			}
		}

		// Bob cannot end Ann's sessions: 404, and the laptop's stream goes on receiving.
		laptopInbox := holdStream(t, laptop, e.URL+"/api/notifications/stream")
		phoneInbox := holdStream(t, phone, e.URL+"/api/notifications/stream")
		if status := callStatus(t, bob, "DELETE", e.URL+"/api/me/sessions/"+mine.ID, nil, nil); status != http.StatusNotFound {
			t.Errorf("Bob ending Ann's laptop session: %d, want 404", status)
		}
		if status := callStatus(t, laptop, "GET", e.URL+"/api/me", nil, nil); status != http.StatusOK {
			t.Errorf("the laptop after Bob's try: %d", status)
		}

		// The laptop ends the phone's session: the phone's stream ends, its next request is signed out.
		if status := callStatus(t, laptop, "DELETE", e.URL+"/api/me/sessions/"+phones.ID, nil, nil); status != http.StatusNoContent {
			t.Fatalf("ending the phone's session: %d", status)
		}
		awaitEnded(t, phoneInbox, "the phone's inbox")
		if status := callStatus(t, phone, "GET", e.URL+"/api/me", nil, nil); status != http.StatusUnauthorized {
			t.Errorf("the phone after its session ended: %d, want 401", status)
		}
		if status := callStatus(t, laptop, "DELETE", e.URL+"/api/me/sessions/"+phones.ID, nil, nil); status != http.StatusNotFound {
			t.Errorf("ending it again: %d, want 404", status)
		}
		e.srv.hub.Publish(context.Background(), userByEmail(t, st, "ann@example.com").ID)
		select {
		case _, open := <-laptopInbox.events:
			if !open {
				t.Fatal("the laptop's stream ended with the phone's session (or Bob's try)")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("the laptop's stream received nothing")
		}
		laptopInbox.end()

		// Ending all the others keeps this one.
		tablet := signInOn(t, e, device{chromeOnAndroid, "198.51.100.20"}, "ann@example.com", password)
		phone = signInOn(t, e, device{chromeOnAndroid, "2001:db8:1:2::5"}, "ann@example.com", password)
		if status := callStatus(t, laptop, "POST", e.URL+"/api/me/sessions/end-others", nil, nil); status != http.StatusNoContent {
			t.Fatalf("ending the others: %d", status)
		}
		for name, c := range map[string]*http.Client{"tablet": tablet, "phone": phone} {
			if status := callStatus(t, c, "GET", e.URL+"/api/me", nil, nil); status != http.StatusUnauthorized {
				t.Errorf("the %s after the others ended: %d, want 401", name, status)
			}
		}
		if left := sessionsOf(t, e, laptop); len(left) != 1 || left[0].ID != mine.ID || !left[0].Current {
			t.Errorf("after ending the others: %+v", left)
		}
		if status := callStatus(t, bob, "GET", e.URL+"/api/me", nil, nil); status != http.StatusOK {
			t.Errorf("Bob after Ann ended her others: %d", status)
		}

		// Ending this one signs this browser out, on the server too.
		hash := sessionHashOf(t, e, laptop)
		if status := callStatus(t, laptop, "DELETE", e.URL+"/api/me/sessions/"+mine.ID, nil, nil); status != http.StatusNoContent {
			t.Fatalf("ending this session: %d", status)
		}
		if _, err := st.SessionUser(context.Background(), hash, time.Now()); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the ended session still signs in: %v", err)
		}
		if status := callStatus(t, laptop, "GET", e.URL+"/api/me", nil, nil); status != http.StatusUnauthorized {
			t.Errorf("the laptop after ending its own session: %d, want 401", status)
		}
		if status := callStatus(t, &http.Client{}, "GET", e.URL+"/api/me/sessions", nil, nil); status != http.StatusUnauthorized {
			t.Errorf("listing signed out: %d, want 401", status)
		}
	})
}

func userByEmail(t *testing.T, st *store.Store, email string) *model.User {
	t.Helper()
	u, err := st.UserByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// A signed-in request writes nothing to say it was seen unless the session was last seen
// over LastSeenEvery ago: then one request writes it, and the next ones do not.
func TestLastSeenCostsAWriteOnlyEveryFewMinutes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		c, u := e.signedIn(t, "Ann")
		hash := sessionHashOf(t, e, c)
		setSeen := func(at time.Time) {
			t.Helper()
			if _, err := st.DB().Exec(`UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2`, at.UnixMilli(), hash); err != nil {
				t.Fatal(err)
			}
		}
		seen := func() time.Time {
			t.Helper()
			_, at, err := st.SessionOf(context.Background(), hash, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			return at
		}
		stale := time.Now().Add(-auth.LastSeenEvery - time.Minute).Truncate(time.Millisecond)
		setSeen(stale)
		before := time.Now().Truncate(time.Millisecond)
		if status := callStatus(t, c, "GET", e.URL+"/api/me", nil, nil); status != http.StatusOK {
			t.Fatal(status)
		}
		if got := seen(); got.Before(before) {
			t.Fatalf("a session last seen %v was not marked seen (%v)", stale, got)
		}
		// Marked a minute ago: requests leave it alone.
		recent := time.Now().Add(-time.Minute).Truncate(time.Millisecond)
		setSeen(recent)
		for range 5 {
			callStatus(t, c, "GET", e.URL+"/api/me", nil, nil)
			callStatus(t, c, "GET", e.URL+"/api/users/"+u.ID+"/lists", nil, nil)
		}
		if got := seen(); !got.Equal(recent) {
			t.Errorf("last seen %v after requests within %v of %v: each request wrote", got, auth.LastSeenEvery, recent)
		}
	})
}

// Whatever a browser sends as its User-Agent (bytes that are not UTF-8, 10 kB of it) signs
// in on both engines and is kept bounded; an address that is no address counts as the
// trusted proxy that passed it on.
func TestOddUserAgentsAreKeptBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newProxiedEnv(t, st)
		withPassword(t, st, "ann@example.com", "a-fine-long-secret")
		odd := "Mozilla/5.0 \xff\xfe Firefox\t" + strings.Repeat("é", 5000)
		c := signInOn(t, e, device{odd, "not-an-address"}, "ann@example.com", "a-fine-long-secret")
		list, err := st.UserSessions(context.Background(), userByEmail(t, st, "ann@example.com").ID, "", time.Now(), 10)
		if err != nil || len(list) != 1 {
			t.Fatalf("sessions %+v, %v", list, err)
		}
		if ua := list[0].UserAgent; len(ua) > auth.MaxUserAgent || !strings.HasPrefix(ua, "Mozilla/5.0 ? Firefox é") {
			t.Errorf("kept User-Agent %q (%d bytes)", ua[:min(40, len(ua))], len(ua))
		}
		if got := sessionsOf(t, e, c); len(got) != 1 || got[0].Network != "127.0.0.0/24" || !got[0].Current {
			t.Errorf("listed %+v", got)
		}
	})
}

// Ending sessions is limited per account like other writes: past 30 in 15 minutes, 429
// with Retry-After, and nothing more is ended.
func TestEndingSessionsIsLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		c, u := e.signedIn(t, "Ann")
		other := e.clientWithSession(t, st, u)
		for i := range auth.EndSessionsPerUser.Max {
			if status := callStatus(t, c, "DELETE", e.URL+"/api/me/sessions/no-such-session", nil, nil); status != http.StatusNotFound {
				t.Fatalf("try %d: %d, want 404", i+1, status)
			}
		}
		res := call(t, c, "POST", e.URL+"/api/me/sessions/end-others", nil, nil)
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Errorf("past the limit: %d (Retry-After %q), want 429", res.StatusCode, res.Header.Get("Retry-After"))
		}
		if status := callStatus(t, other, "GET", e.URL+"/api/me", nil, nil); status != http.StatusOK {
			t.Errorf("the other session after a refused end-others: %d", status)
		}
	})
}

// Dismissing the account's notice and marking notifications read are writes, limited per
// account like the others: past the limit, 429 with Retry-After.
func TestNoticeAndInboxMarksAreLimited(t *testing.T) {
	e := newEnv(t)
	e.setClock(time.Now()) // the limits are rates: a slow machine must not let them refill
	c, _ := e.signedIn(t, "Ann")
	for _, w := range []struct {
		method, path string
		max          int
	}{
		{"DELETE", "/api/me/notice", auth.NoticePerUser.Max},
		{"POST", "/api/notifications/read-all", notify.ReadPerUser.Max},
	} {
		for i := range w.max {
			if res := call(t, c, w.method, e.URL+w.path, nil, nil); res.StatusCode >= 300 {
				t.Fatalf("%s %s, try %d: %d", w.method, w.path, i+1, res.StatusCode)
			}
		}
		if res := call(t, c, w.method, e.URL+w.path, nil, nil); res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
			t.Errorf("%s %s past the limit: %d (Retry-After %q), want 429", w.method, w.path, res.StatusCode, res.Header.Get("Retry-After"))
		}
	}
}
