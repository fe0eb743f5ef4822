package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/live"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// burst sends n requests at once; each gets its own client address when spread.
func burst(t *testing.T, url string, n int, spread bool, body func(i int) map[string]any) map[int]int {
	t.Helper()
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req := jsonRequest(t, "POST", url, body(i))
			if spread {
				req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i%250))
			}
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Error(err)
				return
			}
			res.Body.Close()
			mu.Lock()
			codes[res.StatusCode]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	return codes
}

// withPassword makes a user who signs in with email and password.
func withPassword(t *testing.T, st *store.Store, email, password string) {
	t.Helper()
	u := &model.User{ID: model.NewID(), Email: email, DisplayName: email[:5], PasswordHash: auth.HashPassword(password), CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
}

// 150 wrong passwords at once from one client, then the right one: the limit is
// counted before any password is checked, so at most its 10 guesses are weighed and the
// right password sent last is refused too. (It used to read the counter, hash, then count.)
func TestSignInLimitHoldsUnderParallelGuesses(t *testing.T) {
	env := newEnv(t)
	env.setClock(time.Now()) // the limit is a rate: a slow machine must not let it refill
	withPassword(t, env.store, "owner@example.com", "the-right-password")
	codes := burst(t, env.URL+"/api/auth/login", 150, false, func(int) map[string]any {
		return map[string]any{"email": "owner@example.com", "password": "a-wrong-guess"}
	})
	if codes[http.StatusUnauthorized] > 10 || codes[http.StatusTooManyRequests]+codes[http.StatusServiceUnavailable] < 140 || codes[http.StatusInternalServerError] > 0 {
		t.Fatalf("150 parallel guesses: %v; want at most 10 weighed, the rest 429", codes)
	}
	// On a loaded machine a guess may have found the database busy (503) before it was
	// counted; such a guess used up nothing, so fill what is left of the limit one by one.
	wrong := map[string]any{"email": "owner@example.com", "password": "a-wrong-guess"}
	for weighed := codes[http.StatusUnauthorized]; ; weighed++ {
		res := call(t, nil, "POST", env.URL+"/api/auth/login", wrong, nil)
		if res.StatusCode == http.StatusTooManyRequests {
			break
		}
		if res.StatusCode != http.StatusUnauthorized || weighed >= 10 {
			t.Fatalf("guess %d after the burst: %d, want 401 until 10 were weighed, then 429", weighed+1, res.StatusCode)
		}
	}
	if res := call(t, nil, "POST", env.URL+"/api/auth/login", map[string]any{"email": "owner@example.com", "password": "the-right-password"}, nil); res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("the right password after the guesses: %d, want 429 with Retry-After", res.StatusCode)
	}
}

// The guesser's client is stopped; the owner, elsewhere, still signs in, and their own
// sign-ins use up nothing.
func TestSignInThrottleLeavesTheOwnerIn(t *testing.T) {
	env := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{"CASTAWAY_TRUST_PROXY": "true"})
	withPassword(t, env.store, "owner@example.com", "the-right-password")
	login := func(from, password string) int {
		req := jsonRequest(t, "POST", env.URL+"/api/auth/login", map[string]any{"email": "owner@example.com", "password": password})
		req.Header.Set("X-Forwarded-For", from)
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for range 12 {
		login("203.0.113.9", "a-wrong-guess")
	}
	if got := login("203.0.113.9", "the-right-password"); got != http.StatusTooManyRequests {
		t.Fatalf("the guesser's client after 12 guesses: %d, want 429", got)
	}
	for i := range 15 {
		if got := login("192.0.2.1", "the-right-password"); got != http.StatusOK {
			t.Fatalf("the owner's sign-in %d from their own client: %d, want 200", i+1, got)
		}
	}
}

// heapGrowth runs fn and returns by how much the heap in use grew at most meanwhile,
// sampled every few milliseconds.
func heapGrowth(fn func()) int64 {
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	fn()
	close(done)
	<-sampled
	return int64(peak.Load()) - int64(before.HeapInuse)
}

// A burst of password hashes (sign-ins, each from its own client) runs a few at a time:
// the heap stays far below what 60 argon2id hashes at once would take (19 MiB each).
func TestPasswordHashingKeepsMemoryBounded(t *testing.T) {
	env := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{"CASTAWAY_TRUST_PROXY": "true"})
	withPassword(t, env.store, "owner@example.com", "the-right-password")
	var codes map[int]int
	grew := heapGrowth(func() {
		codes = burst(t, env.URL+"/api/auth/login", 60, true, func(int) map[string]any {
			return map[string]any{"email": "owner@example.com", "password": "a-wrong-guess"}
		})
	})
	t.Logf("60 parallel hashes: %v, heap grew by at most %d MiB", codes, grew>>20)
	if codes[http.StatusInternalServerError] > 0 || codes[http.StatusUnauthorized]+codes[http.StatusServiceUnavailable]+codes[http.StatusTooManyRequests] != 60 {
		t.Errorf("answers: %v", codes)
	}
	if grew > 400<<20 {
		t.Errorf("the heap grew by %d MiB under the burst; 60 hashes at once would take over 1 GiB, the bound allows %d", grew>>20, auth.HashSlots())
	}
}

// The crowd that arrives after an episode: 30 fans signing up at once, each from their own
// address, all get their account: beyond the hashing slots they wait their turn in the
// queue rather than being turned away, and the queue holds no hash's memory, so the heap
// stays far below what 30 hashes at once would take (570 MiB).
func TestSignUpBurst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		env := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_TRUST_PROXY": "true"})
		var codes map[int]int
		grew := heapGrowth(func() {
			codes = burst(t, env.URL+"/api/auth/signup", 30, true, func(i int) map[string]any {
				return map[string]any{"email": fmt.Sprintf("fan%d@example.com", i), "password": goodPassword}
			})
		})
		t.Logf("30 sign-ups at once: %v, heap grew by at most %d MiB", codes, grew>>20)
		if codes[http.StatusCreated] != 30 {
			t.Errorf("30 sign-ups at once: %v, want every one to succeed", codes)
		}
		if grew > 300<<20 {
			t.Errorf("the heap grew by %d MiB under the burst; the queue should hold no hash's memory (%d hashes at once)", grew>>20, auth.HashSlots())
		}
		var users int
		if err := st.DB().QueryRow(`SELECT COUNT(*) FROM users WHERE email LIKE 'fan%@example.com'`).Scan(&users); err != nil {
			t.Fatal(err)
		}
		if users != 30 {
			t.Errorf("%d accounts stored, want 30", users)
		}
	})
}

// Made-up reset tokens are turned away before any hashing, and tries are limited per client.
func TestResetConfirmChecksTheTokenFirst(t *testing.T) {
	env := newEnv(t)
	start := time.Now()
	codes := burst(t, env.URL+"/api/auth/password-reset/confirm", 40, false, func(i int) map[string]any {
		return map[string]any{"token": fmt.Sprintf("made-up-%d", i), "password": "a-good-new-password"}
	})
	if codes[http.StatusBadRequest] != 20 || codes[http.StatusTooManyRequests] != 20 {
		t.Fatalf("40 made-up tokens from one client: %v; want 20 refused as invalid, then 429", codes)
	}
	// Twenty hashes would take seconds on two cores; twenty lookups do not.
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("made-up tokens took %v: hashed before looking at the token?", took)
	}
}

func jsonRequest(t *testing.T, method, url string, body any) *http.Request {
	t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest(method, url, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	return req
}

// One account cannot flood a list with comments: past 10 a minute it gets 429 with
// Retry-After and nothing is stored; another account still can comment.
func TestCommentsAreLimitedPerAccount(t *testing.T) {
	e := newEnv(t)
	_, ownerUser := e.signedIn(t, "Owner")
	flooder, _ := e.signedIn(t, "Flooder")
	other, _ := e.signedIn(t, "Other")
	list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)
	for i := range 10 {
		if status := callStatus(t, flooder, "POST", list+"/comments", map[string]any{"text": fmt.Sprintf("comment %d", i)}, nil); status != 201 {
			t.Fatalf("comment %d: %d", i+1, status)
		}
	}
	res := call(t, flooder, "POST", list+"/comments", map[string]any{"text": "one too many"}, nil)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("the 11th comment in a minute: %d (Retry-After %q), want 429", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if status := callStatus(t, other, "POST", list+"/comments", map[string]any{"text": "still welcome"}, nil); status != 201 {
		t.Fatalf("another account: %d", status)
	}
	var thread []struct{ Text string }
	call(t, nil, "GET", list+"/comments", nil, &thread)
	if len(thread) != 11 {
		t.Fatalf("%d comments stored, want 11 (the refused one not among them)", len(thread))
	}
}

// Names that pass for someone else's are refused: look-alike letters of another
// alphabet, invisible characters, and the names the site speaks as.
func TestLookAlikeNamesAreRefused(t *testing.T) {
	e := newEnv(t)
	e.signedIn(t, "Pace")
	c, _ := e.signedIn(t, "Impostor")
	for _, tc := range []struct {
		name   string
		status int
		want   string
	}{
		{"Расе", http.StatusConflict, problem.MsgUsernameTaken},        // all Cyrillic, looks like Pace
		{"P\u0430ce", http.StatusBadRequest, problem.MsgUsernameMixed}, // a Cyrillic а among Latin letters
		{"Pa\u200bce", http.StatusBadRequest, problem.MsgUsernameHidden},
		{"Anonymous", http.StatusBadRequest, problem.MsgUsernameReserved},
	} {
		var got apiErr
		if status := callStatus(t, c, "PATCH", e.URL+"/api/me", map[string]any{"displayName": tc.name}, &got); status != tc.status || got.Error.Message != tc.want {
			t.Errorf("rename to %q: %d %q, want %d %q", tc.name, status, got.Error.Message, tc.status, tc.want)
		}
	}
	var me struct{ DisplayName string }
	if status := callStatus(t, c, "PATCH", e.URL+"/api/me", map[string]any{"displayName": "Ｉｍｐｏｓｔｏｒ Two"}, &me); status != 200 || me.DisplayName != "Impostor Two" {
		t.Errorf("a full-width name: %d %q, want it stored as NFKC", status, me.DisplayName)
	}
}

// Live streams are bounded per account, per client and per process: past a bound the
// next one is refused (429, or 503 when the process is full) and a closed one frees its place.
func TestStreamsAreBounded(t *testing.T) {
	e := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{"CASTAWAY_TRUST_PROXY": "true"})
	e.srv.liveStreams.SetLimits(live.Limits{PerAccount: 2, PerClient: 3, PerProcess: 4, PendingBudget: live.DefaultLimits.PendingBudget})
	c, _ := e.signedIn(t, "Watcher")
	open := func(c *http.Client, path, from string) (int, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		req, _ := http.NewRequestWithContext(ctx, "GET", e.URL+path, nil)
		req.Header.Set("X-Forwarded-For", from)
		res, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != http.StatusOK {
			res.Body.Close()
		}
		return res.StatusCode, cancel
	}
	for i := range 2 {
		if status, _ := open(c, "/api/notifications/stream", "192.0.2.1"); status != 200 {
			t.Fatalf("stream %d of the account: %d", i+1, status)
		}
	}
	if status, _ := open(c, "/api/notifications/stream", "192.0.2.2"); status != http.StatusTooManyRequests {
		t.Fatalf("a third stream of one account: %d, want 429", status)
	}
	// Signed-out legacy streams from one address: the third place of that client is its last.
	if status, _ := open(http.DefaultClient, "/api/legacy-rankings/stream", "192.0.2.1"); status != 200 {
		t.Fatalf("a visitor's stream: %d", status)
	}
	if status, _ := open(http.DefaultClient, "/api/legacy-rankings/stream", "192.0.2.1"); status != http.StatusTooManyRequests {
		t.Fatalf("a fourth stream from one client: %d, want 429", status)
	}
	if status, _ := open(http.DefaultClient, "/api/legacy-rankings/stream", "192.0.2.9"); status != 200 {
		t.Fatalf("the process's fourth stream: %d", status)
	}
	if status, _ := open(http.DefaultClient, "/api/legacy-rankings/stream", "192.0.2.10"); status != http.StatusServiceUnavailable {
		t.Fatalf("a fifth stream in a process that holds four: %d, want 503", status)
	}
}

// Changing the password needs the current one, ends every other session and keeps this
// device signed in with a new token; signing out everywhere ends them all.
func TestChangePasswordAndSignOutEverywhere(t *testing.T) {
	e := newEnv(t)
	withPassword(t, e.store, "owner@example.com", "the-old-password")
	signIn := func(password string) (*http.Client, int) {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar}
		return c, callStatus(t, c, "POST", e.URL+"/api/auth/login", map[string]any{"email": "owner@example.com", "password": password}, nil)
	}
	laptop, _ := signIn("the-old-password")
	phone, _ := signIn("the-old-password")
	var got apiErr
	if status := callStatus(t, laptop, "PUT", e.URL+"/api/me/password", map[string]any{"currentPassword": "a-wrong-guess", "newPassword": "a-brand-new-password"}, &got); status != 401 || got.Error.Message != problem.MsgWrongPassword {
		t.Fatalf("a wrong current password: %d %q", status, got.Error.Message)
	}
	if status := callStatus(t, laptop, "PUT", e.URL+"/api/me/password", map[string]any{"currentPassword": "the-old-password", "newPassword": "a-brand-new-password"}, nil); status != 204 {
		t.Fatalf("change: %d", status)
	}
	if status := callStatus(t, laptop, "GET", e.URL+"/api/me", nil, nil); status != 200 {
		t.Errorf("the device that changed it: %d, want still signed in", status)
	}
	if status := callStatus(t, phone, "GET", e.URL+"/api/me", nil, nil); status != 401 {
		t.Errorf("another device after the change: %d, want signed out", status)
	}
	if _, status := signIn("the-old-password"); status != 401 {
		t.Errorf("the old password: %d", status)
	}
	tablet, status := signIn("a-brand-new-password")
	if status != 200 {
		t.Fatalf("the new password: %d", status)
	}
	if status := callStatus(t, tablet, "POST", e.URL+"/api/auth/logout-everywhere", nil, nil); status != 204 {
		t.Fatalf("sign out everywhere: %d", status)
	}
	for name, c := range map[string]*http.Client{"laptop": laptop, "tablet": tablet} {
		if status := callStatus(t, c, "GET", e.URL+"/api/me", nil, nil); status != 401 {
			t.Errorf("%s after signing out everywhere: %d", name, status)
		}
	}
}

// Reports at once from one account: exactly the limit's worth are recorded, the rest
// get 429, whatever the timing; the reporter's filter count matches what was stored. On
// SQLite the counters are the process's own (in memory), on PostgreSQL the database's.
func TestReportsAreLimitedPerAccount(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) { reportsAreLimited(t, newEnvOn(t, engine.Open(t))) })
	}
}

func reportsAreLimited(t *testing.T, e *testEnv) {
	_, ownerUser := e.signedIn(t, "Owner")
	reporter, reporterUser := e.signedIn(t, "Reporter")
	e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)
	const n = 30
	ids := make([]string, n)
	for i := range ids {
		// Written directly: more comments than one account may post in a minute.
		c := &model.Comment{ID: fmt.Sprintf("c%02d", i), ListUserID: ownerUser.ID, ListID: "list_1", UserID: ownerUser.ID,
			Text: "comment", CreatedAt: time.Now()}
		if _, err := e.store.CreateComment(context.Background(), c, nil); err != nil {
			t.Fatal(err)
		}
		ids[i] = c.ID
	}
	var mu sync.Mutex
	codes := map[int]int{}
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := callStatus(t, reporter, "POST", e.URL+"/api/reports", map[string]any{"targetType": "comment", "commentId": id, "reason": "spam"}, nil)
			mu.Lock()
			codes[s]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if codes[204] != 20 || codes[429] != n-20 {
		t.Fatalf("answers %v, want 20 x 204 and %d x 429", codes, n-20)
	}
	u, err := e.store.UserByID(context.Background(), reporterUser.ID)
	if err != nil || u.Filters != 20 {
		t.Fatalf("filters %d %v", u.Filters, err)
	}
}

// Password changes are limited per client as well as per account: each weighs the current
// password and hashes the new one, so one address with many accounts is bounded too. Past
// the client's limit a change is refused (429) and the old password still signs in.
func TestChangePasswordIsLimitedPerClient(t *testing.T) {
	e := newEnv(t)
	now := time.Now()
	e.setClock(now) // the limit is a rate: hold the time still
	withPassword(t, e.store, "owner@example.com", "the-old-password")
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	if status := callStatus(t, c, "POST", e.URL+"/api/auth/login", map[string]any{"email": "owner@example.com", "password": "the-old-password"}, nil); status != 200 {
		t.Fatalf("sign-in: %d", status)
	}
	perIP := auth.DefaultLimits().ChangePerIP
	for range perIP.Max {
		if _, err := e.store.HitRateLimit(t.Context(), perIP.Hit("127.0.0.1"), now); err != nil {
			t.Fatal(err)
		}
	}
	res := call(t, c, "PUT", e.URL+"/api/me/password", map[string]any{"currentPassword": "the-old-password", "newPassword": "a-brand-new-password"}, nil)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Errorf("past the client's limit: %d (Retry-After %q), want 429", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if status := callStatus(t, nil, "POST", e.URL+"/api/auth/login", map[string]any{"email": "owner@example.com", "password": "the-old-password"}, nil); status != 200 {
		t.Errorf("the old password after a refused change: %d", status)
	}
}
