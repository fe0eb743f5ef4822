package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"castaway/internal/auth"
	"castaway/internal/config"
	"castaway/internal/events"
	"castaway/internal/game"
	"castaway/internal/mail"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/services"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// testEnv is a running server on a fresh SQLite database.
type testEnv struct {
	*httptest.Server
	cfg   *config.Config
	store *store.Store
	srv   *Server
	clock *testClock // the time the services' limits read (setClock)
}

// testClock is the time the services read: time.Now until a test sets it.
type testClock struct{ at atomic.Int64 }

func (c *testClock) now() time.Time {
	if at := c.at.Load(); at != 0 {
		return time.Unix(0, at)
	}
	return time.Now()
}

// newEnv starts a server for one test.
func newEnv(t *testing.T) *testEnv {
	t.Helper()
	return newEnvOn(t, storetest.OpenSQLite(t))
}

// newEnvOn starts a server over st.
func newEnvOn(t *testing.T, st *store.Store) *testEnv {
	t.Helper()
	return newEnvWithHub(t, st, nil)
}

// newEnvWithHub starts a server over st whose live events go through hub (nil: in process).
func newEnvWithHub(t testing.TB, st *store.Store, hub *notify.Hub) *testEnv {
	t.Helper()
	return newEnvWithSettings(t, st, hub, nil)
}

// newEnvWithSettings starts a server over st whose environment holds env.
func newEnvWithSettings(t testing.TB, st *store.Store, hub *notify.Hub, env map[string]string) *testEnv {
	t.Helper()
	cfg, err := config.Load([]string{"-data-dir", t.TempDir()}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	clock := &testClock{}
	d := testDepsWith(t, cfg, st, hub, slog.New(slog.NewTextHandler(io.Discard, nil)), clock.now)
	d.Web = testWeb()
	srv, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	// Published lists reach followers as internal/app's worker would bring them.
	fanCtx, stopFanOut := context.WithCancel(context.Background())
	d.Services.FanOut.Start(fanCtx)
	t.Cleanup(d.Services.FanOut.Wait)
	t.Cleanup(stopFanOut)
	// Lists voted on are caught up with their votes as internal/app's tally would.
	tallyCtx, stopTally := context.WithCancel(context.Background())
	d.Services.Tally.Start(tallyCtx)
	t.Cleanup(d.Services.Tally.Wait)
	t.Cleanup(stopTally)
	// Predictions are scored as boots are recorded as internal/app's scorer would.
	scoreCtx, stopScorer := context.WithCancel(context.Background())
	d.Services.Scorer.Start(scoreCtx)
	t.Cleanup(d.Services.Scorer.Wait)
	t.Cleanup(stopScorer)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	t.Cleanup(srv.CloseStreams) // runs first: open event streams end, so ts.Close does not wait on them
	return &testEnv{Server: ts, cfg: cfg, store: st, srv: srv, clock: clock}
}

// testWeb is a small build of the app: its page and one script.
func testWeb() fstest.MapFS {
	return fstest.MapFS{
		"index.html":        {Data: []byte("<!doctype html><html><head><meta name=\"description\" content=\"The site's own description.\" /><title>Survivor Rankings</title></head><body><div id=root><!--boot--></div></body></html>")},
		"assets/app-123.js": {Data: []byte(strings.Repeat("console.log('castaway');\n", 100))},
	}
}

// fanOutDone waits until every published list has reached its author's followers, and
// every follow started or ended has synced its follower's feed.
func (e *testEnv) fanOutDone(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		n, err := e.store.FanOutsPending(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d fan-outs still pending", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// testDeps wires a server over st as internal/app does, logging nowhere.
func testDeps(t testing.TB, cfg *config.Config, st *store.Store) Deps {
	t.Helper()
	return testDepsLogging(t, cfg, st, slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// testDepsLogging is testDeps logging to log.
func testDepsLogging(t testing.TB, cfg *config.Config, st *store.Store, log *slog.Logger) Deps {
	t.Helper()
	return testDepsWith(t, cfg, st, nil, log, time.Now)
}

// testDepsWith wires a server over st as internal/app does: its use cases built by
// services.New on the clock now, live events through hub (nil: in process), and a mail
// worker delivering the queue until the test ends.
func testDepsWith(t testing.TB, cfg *config.Config, st *store.Store, hub *notify.Hub, log *slog.Logger, now func() time.Time) Deps {
	t.Helper()
	if hub == nil {
		var err error
		if hub, err = notify.NewHub(events.NewLocal(), notify.Heartbeat, log); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(hub.Close)
	}
	g, shipped := game.Shipped()
	cat := shipped.Clone()
	uses := services.New(services.Deps{Store: st, Catalog: cat, Game: g, Hub: hub, Log: log, BaseURL: cfg.BaseURL,
		AuthLimits: auth.DefaultLimits(), Now: now})
	sender, err := mail.New(cfg.SMTPURL, cfg.MailFrom, filepath.Join(cfg.DataDir, "outbox"), log)
	if err != nil {
		t.Fatal(err)
	}
	worker := mail.NewWorker(st, signalSends(cfg, sender), log)
	uses.Accounts.OnMailQueued(worker.Wake)
	ctx, cancel := context.WithCancel(context.Background())
	worker.Start(ctx)
	t.Cleanup(worker.Wait)
	t.Cleanup(cancel)
	return Deps{Config: cfg, Database: st, Catalog: cat, Logger: log, Version: "test-1.2", Mail: worker, Hub: hub,
		Services:  uses,
		Providers: auth.Configured(cfg, &http.Client{Timeout: 10 * time.Second})}
}

// signedIn makes a user named name and returns a client holding their session.
func (e *testEnv) signedIn(t *testing.T, name string) (*http.Client, *model.User) {
	t.Helper()
	u := &model.User{ID: model.NewID(), Email: strings.ToLower(name) + "@example.com", DisplayName: name, CreatedAt: time.Now()}
	if err := e.store.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return e.clientWithSession(t, e.store, u), u
}

// clientWithSession returns a client holding a new session of u, made in st.
func (e *testEnv) clientWithSession(t *testing.T, st *store.Store, u *model.User) *http.Client {
	t.Helper()
	token, hash := auth.NewToken()
	if err := st.CreateSession(context.Background(), model.NewSession{TokenHash: hash, ID: model.NewID(), UserID: u.ID, Created: time.Now(), Expires: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	jar, _ := cookiejar.New(nil)
	base, _ := url.Parse(e.URL)
	jar.SetCookies(base, []*http.Cookie{{Name: SessionCookie, Value: token, Path: "/"}})
	return &http.Client{Jar: jar}
}

// rawTransport does not negotiate gzip behind a test's back. It is shared, so
// requests made one after another reuse one keep-alive connection, which the
// server only reads from again once the previous handler (and its metrics) is done.
var rawTransport = &http.Transport{DisableCompression: true}

// get fetches url and reads the whole body before returning, so the server has
// finished with the request; res.Body holds the bytes read.
func get(t *testing.T, url string, header map[string]string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := rawTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatalf("GET %s: read body: %v", url, err)
	}
	res.Body = io.NopCloser(bytes.NewReader(body))
	return res
}

// call sends body (nil for none) as JSON with c (nil: the default client) and
// decodes a JSON answer into out (nil to skip). The body is read and closed.
func call(t *testing.T, c *http.Client, method, url string, body, out any) *http.Response {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c == nil {
		c = http.DefaultClient
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %d %s: %v", method, url, res.StatusCode, raw, err)
		}
	}
	return res
}

// callStatus is call for tests that only need the status.
func callStatus(t *testing.T, c *http.Client, method, url string, body, out any) int {
	t.Helper()
	return call(t, c, method, url, body, out).StatusCode
}
