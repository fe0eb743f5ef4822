package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"testing"
	"time"
)

// startServe runs `castaway serve` (this test binary re-entering main) on a free port
// over dbURL, with env added, and returns its base URL once /readyz says ready.
func startServe(t *testing.T, dbURL string, env ...string) (string, *exec.Cmd) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestVerifyExitStatus$")
	cmd.Env = append(os.Environ(), "CASTAWAY_MAIN_ARGS=serve --addr "+addr+" --trust-proxy --data-dir "+t.TempDir()+" --database-url "+dbURL,
		"CASTAWAY_LOG_LEVEL=error")
	cmd.Env = append(cmd.Env, env...)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	base := "http://" + addr
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return base, cmd
			}
		}
		select {
		case <-ctx.Done():
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal("the server did not get ready")
		case <-time.After(50 * time.Millisecond): // polling the server's own readiness answer
		}
	}
}

// exitCode waits for cmd and returns its exit status.
func exitCode(cmd *exec.Cmd) int {
	err := cmd.Wait()
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// fan is a browser of its own (cookies kept) talking JSON to the server at base.
type fan struct {
	client *http.Client
	base   string
}

func newFan(base string) *fan {
	jar, _ := cookiejar.New(nil)
	return &fan{client: &http.Client{Jar: jar, Timeout: 10 * time.Second}, base: base}
}

// post sends body as JSON and decodes the answer into out (when not nil); a request
// that gets no answer gives status 0 and the error.
func (f *fan) post(path string, body, out any) (int, error) {
	b, _ := json.Marshal(body)
	res, err := f.client.Post(f.base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if out != nil {
		json.NewDecoder(res.Body).Decode(out)
	}
	return res.StatusCode, nil
}
