package server

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// proxyState is what the database looks like from the server through a tcpProxy.
type proxyState int

const (
	proxyUp      proxyState = iota // bytes flow both ways
	proxyRefuses                   // open connections are cut, new ones closed at once
	proxyHangs                     // connections are taken but nothing gets through
)

// tcpProxy stands between the server and PostgreSQL, so a test can take the database
// away (refused or hung) and give it back.
type tcpProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	state  proxyState
	resume chan struct{} // closed when a hang ends
	conns  map[net.Conn]bool
}

func newTCPProxy(t *testing.T, target string) *tcpProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{ln: ln, target: target, resume: make(chan struct{}), conns: map[net.Conn]bool{}}
	close(p.resume)
	t.Cleanup(func() {
		p.set(proxyRefuses)
		ln.Close()
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.serve(c)
		}
	}()
	return p
}

func (p *tcpProxy) serve(c net.Conn) {
	p.mu.Lock()
	state := p.state
	if state == proxyRefuses {
		p.mu.Unlock()
		c.Close()
		return
	}
	p.conns[c] = true
	p.mu.Unlock()
	if state == proxyHangs {
		p.wait()
	}
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		c.Close()
		return
	}
	p.mu.Lock()
	p.conns[up] = true
	p.mu.Unlock()
	go p.pipe(up, c)
	p.pipe(c, up)
}

// pipe copies from src to dst, holding each chunk while the proxy hangs.
func (p *tcpProxy) pipe(dst, src net.Conn) {
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.wait()
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// wait returns at once unless the proxy hangs, then when the hang ends.
func (p *tcpProxy) wait() {
	p.mu.Lock()
	resume := p.resume
	p.mu.Unlock()
	<-resume
}

func (p *tcpProxy) set(state proxyState) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.state == proxyHangs && state != proxyHangs {
		close(p.resume)
	}
	if state == proxyHangs && p.state != proxyHangs {
		p.resume = make(chan struct{})
	}
	if state == proxyRefuses {
		for c := range p.conns {
			c.Close()
		}
		clear(p.conns)
	}
	p.state = state
}

// outageDeadline is the db-timeout the outage tests give the server; every answer must
// come well within answerBound of it.
const (
	outageDeadline = "300ms"
	answerBound    = 3 * time.Second
)

// answer makes a request that must be answered within answerBound (a context deadline
// on the client's side) and returns its status and Retry-After.
func answer(t *testing.T, c *http.Client, method, url string, body any) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), answerBound)
	defer cancel()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequestWithContext(ctx, method, url, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.Do(req)
	if errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%s %s: no answer within %v", method, url, answerBound)
	}
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Retry-After")
}

var outageList = map[string]any{"name": "Outage picks", "contestants": []map[string]any{{"id": "s45", "isSeason": true}}}

// expectOutage checks that a signed-in fan's reads and writes answer 503 with
// Retry-After in bounded time, never "signed out", and that /readyz says so within a
// second.
func expectOutage(t *testing.T, e *testEnv, c *http.Client, how string) {
	t.Helper()
	for _, tc := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/api/me", nil},
		{"GET", "/api/me/draft", nil},
		{"GET", "/api/lists?sort=oldest", nil},
		{"POST", "/api/lists", outageList},
		{"PATCH", "/api/me", map[string]any{"displayName": "Still Me"}},
	} {
		if status, retry := answer(t, c, tc.method, e.URL+tc.path, tc.body); status != http.StatusServiceUnavailable || retry == "" {
			t.Errorf("%s: %s %s answered %d (Retry-After %q), want 503", how, tc.method, tc.path, status, retry)
		}
	}
	start := time.Now()
	if status, _ := answer(t, http.DefaultClient, "GET", e.URL+"/readyz", nil); status != http.StatusServiceUnavailable || time.Since(start) > time.Second {
		t.Errorf("%s: /readyz answered %d after %v, want 503 within a second", how, status, time.Since(start))
	}
}

// expectRecovered waits for /readyz to say ready again (the server reconnects by
// itself), then checks the fan is signed in and can write.
func expectRecovered(t *testing.T, e *testEnv, c *http.Client, how string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		if status, _ := answer(t, http.DefaultClient, "GET", e.URL+"/readyz", nil); status == http.StatusOK {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("after %s the server did not get ready again", how)
		case <-time.After(50 * time.Millisecond): // polling readiness, the condition awaited
		}
	}
	if status, _ := answer(t, c, "GET", e.URL+"/api/me", nil); status != http.StatusOK {
		t.Errorf("after %s: /api/me answered %d, want 200", how, status)
	}
	// A save is a transaction of many statements that must finish within the 300 ms
	// deadline: on a busy machine the first ones after the outage may miss it (a 503 that
	// loses nothing), so the save is retried until it lands or the 10 s run out.
	for {
		status, _ := answer(t, c, "POST", e.URL+"/api/lists", outageList)
		if status == http.StatusCreated {
			return
		}
		if status != http.StatusServiceUnavailable || ctx.Err() != nil {
			t.Errorf("after %s: saving a list answered %d, want 201", how, status)
			return
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func signedInFan(t *testing.T, e *testEnv, st *store.Store) *http.Client {
	t.Helper()
	fan := &model.User{ID: model.NewID(), Email: "fan@example.com", DisplayName: "Fan", CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), fan); err != nil {
		t.Fatal(err)
	}
	c := e.clientWithSession(t, st, fan)
	if status, _ := answer(t, c, "GET", e.URL+"/api/me", nil); status != http.StatusOK {
		t.Fatalf("before the outage: /api/me answered %d", status)
	}
	return c
}

// With PostgreSQL refusing connections, then hanging, a signed-in fan is never told they
// are signed out: reads and writes answer 503 in bounded time, /readyz within a second,
// and once the database is back the server serves again by itself.
func TestDatabaseOutageAnswers503(t *testing.T) {
	direct := storetest.PostgresURL(t)
	st := storetest.OpenPostgresAt(t, direct)
	u, _ := url.Parse(direct)
	proxy := newTCPProxy(t, u.Host)
	u.Host = proxy.ln.Addr().String()
	viaProxy, err := store.Open(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { viaProxy.Close() })
	e := newEnvWithSettings(t, viaProxy, nil, map[string]string{"CASTAWAY_DB_TIMEOUT": outageDeadline})
	c := signedInFan(t, e, st)

	proxy.set(proxyRefuses)
	expectOutage(t, e, c, "database refusing connections")
	proxy.set(proxyUp)
	expectRecovered(t, e, c, "refused connections")

	proxy.set(proxyHangs)
	expectOutage(t, e, c, "database hanging")
	proxy.set(proxyUp)
	expectRecovered(t, e, c, "a hang")
}

// With another process holding SQLite's write lock, writes answer 503 in bounded time
// while the fan stays signed in and reads keep working; once the lock goes, writes do.
func TestLockedSQLiteAnswers503(t *testing.T) {
	path := filepath.Join(t.TempDir(), "castaway.db")
	// Opened as app.Serve opens it: no write waits on the lock past the request's deadline.
	timeout, _ := time.ParseDuration(outageDeadline)
	st, err := store.OpenWith(context.Background(), path, store.Options{SQLiteBusyTimeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	e := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_DB_TIMEOUT": outageDeadline})
	c := signedInFan(t, e, st)

	// It waits its turn for the lock, as the server's connections do: a checkpoint may hold
	// the file for a moment just then.
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	holder, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := holder.ExecContext(context.Background(), `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/api/lists", outageList},
		{"PATCH", "/api/me", map[string]any{"displayName": "Still Me"}},
		{"PUT", "/api/me/draft", map[string]any{"name": "Draft", "contestants": []map[string]any{}}},
	} {
		if status, retry := answer(t, c, tc.method, e.URL+tc.path, tc.body); status != http.StatusServiceUnavailable || retry == "" {
			t.Errorf("write lock held elsewhere: %s %s answered %d (Retry-After %q), want 503", tc.method, tc.path, status, retry)
		}
	}
	for _, path := range []string{"/api/me", "/api/lists?sort=oldest", "/readyz"} {
		if status, _ := answer(t, c, "GET", e.URL+path, nil); status != http.StatusOK {
			t.Errorf("write lock held elsewhere: GET %s answered %d, want 200", path, status)
		}
	}
	if _, err := holder.ExecContext(context.Background(), `ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	holder.Close()
	if status, _ := answer(t, c, "POST", e.URL+"/api/lists", outageList); status != http.StatusCreated {
		t.Errorf("after the lock went: saving a list answered %d, want 201", status)
	}
}
