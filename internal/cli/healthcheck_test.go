package cli

import (
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"castaway/internal/config"
)

func healthcheck(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

// freeAddr is a loopback address nothing listens on (until the test starts something there).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// The container's HEALTHCHECK: exit 0 while the real server's /readyz answers 200, and an
// error once it has stopped. The address comes from CASTAWAY_ADDR as for serve, and a
// wildcard listen address is probed on loopback.
func TestHealthcheckAgainstServe(t *testing.T) {
	addr := freeAddr(t)
	_, port, _ := net.SplitHostPort(addr)
	dir := t.TempDir()
	cfg, err := config.Load([]string{"-addr", addr, "-data-dir", dir, "-database-url", filepath.Join(dir, "castaway.db")}, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	srv := startServe(t, cfg)
	check := healthcheck(map[string]string{"CASTAWAY_ADDR": "0.0.0.0:" + port})
	var out string
	srv.await(t, func() (err error) {
		out, err = runEnv(t, check, "healthcheck")
		return err
	})
	if !strings.Contains(out, "ready") {
		t.Errorf("a passing check says %q", out)
	}

	if err := srv.end(); err != nil {
		t.Fatalf("serve: %v", err)
	}
	if _, err := runEnv(t, check, "healthcheck"); err == nil {
		t.Error("the check passed with the server stopped")
	}
}

// Anything but a 200 fails, and a server that never answers fails within -timeout.
func TestHealthcheckFails(t *testing.T) {
	var status atomic.Int32 // the handler runs on the server's goroutines
	status.Store(http.StatusServiceUnavailable)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/readyz" {
			http.NotFound(w, r)
			return
		}
		code := int(status.Load())
		if code == 0 { // hang until the client gives up
			<-r.Context().Done()
			return
		}
		w.WriteHeader(code)
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	check := healthcheck(nil)

	out, err := runEnv(t, check, "healthcheck", "-addr", addr)
	if err == nil || !strings.Contains(err.Error(), "503") {
		t.Errorf("a 503 gave %v\n%s", err, out)
	}

	status.Store(http.StatusOK)
	if out, err := runEnv(t, check, "healthcheck", "--addr", addr); err != nil {
		t.Errorf("a 200 gave %v\n%s", err, out)
	}

	status.Store(0)
	start := time.Now()
	if _, err := runEnv(t, check, "healthcheck", "-addr", addr, "-timeout", "200ms"); err == nil {
		t.Error("a server that never answered passed")
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the check took %v with -timeout 200ms", took)
	}

	if _, err := runEnv(t, check, "healthcheck", "-addr", addr, "extra"); err == nil {
		t.Error("an argument passed")
	}
}
