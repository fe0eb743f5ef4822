package server

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// tcpProxy forwards connections to target until cut, which closes them all and refuses
// new ones: the database seen from the server goes down.
type tcpProxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
	down  bool
}

func newTCPProxy(t *testing.T, target string) *tcpProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &tcpProxy{ln: ln}
	t.Cleanup(func() { p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			up, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			if p.down {
				c.Close()
				up.Close()
			}
			p.conns = append(p.conns, c, up)
			p.mu.Unlock()
			go func() { io.Copy(up, c); up.Close() }()
			go func() { io.Copy(c, up); c.Close() }()
		}
	}()
	return p
}

func (p *tcpProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	p.ln.Close()
	for _, c := range p.conns {
		c.Close()
	}
}

// With PostgreSQL out of reach, a signed-in fan is not told they are signed out: reads
// and writes answer 503 with a clear message and Retry-After, and /readyz says so within
// a second.
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
	e := newEnvOn(t, viaProxy)
	fan := &store.User{ID: auth.NewID(), Email: "fan@example.com", DisplayName: "Fan", CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), fan); err != nil {
		t.Fatal(err)
	}
	c := e.clientWithSession(t, st, fan)
	if status := callStatus(t, c, "GET", e.URL+"/api/me", nil, nil); status != 200 {
		t.Fatalf("before the outage: %d", status)
	}

	proxy.cut()
	for _, tc := range []struct{ method, path string }{
		{"GET", "/api/me"},
		{"GET", "/api/lists?sort=oldest"},
		{"POST", "/api/lists"},
	} {
		res := call(t, c, tc.method, e.URL+tc.path, map[string]any{"name": "x", "contestants": []map[string]any{{"id": "s45", "isSeason": true}}}, nil)
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
			t.Errorf("%s %s with the database down: %d (Retry-After %q), want 503", tc.method, tc.path, res.StatusCode, res.Header.Get("Retry-After"))
		}
	}
	start := time.Now()
	if res := get(t, e.URL+"/readyz", nil); res.StatusCode != http.StatusServiceUnavailable || time.Since(start) > time.Second {
		t.Errorf("/readyz: %d after %v, want 503 within a second", res.StatusCode, time.Since(start))
	}
}
