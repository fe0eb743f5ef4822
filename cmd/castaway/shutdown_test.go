package main

import (
	"bufio"
	"context"
	"database/sql"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"castaway/internal/store"
)

// The real server, with another process holding SQLite's write lock: a write answers 503
// within the db-timeout setting; then a write caught in flight by SIGTERM still finishes
// (201, and saved) once the lock goes, and the server exits cleanly.
func TestShutdownFinishesRequestsInFlight(t *testing.T) {
	db := filepath.Join(t.TempDir(), "castaway.db")
	base, cmd := startServe(t, db, "CASTAWAY_DB_TIMEOUT=3s")
	exited := false
	defer func() {
		if !exited {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	f := newFan(base)
	if status, err := f.post("/api/auth/signup", map[string]any{"email": "fan@example.com", "password": "Tribal-Council-2025!"}, nil); status != 201 {
		t.Fatalf("sign up: %d %v", status, err)
	}
	list := map[string]any{"name": "Saved on the way out", "contestants": []map[string]any{{"id": "s45", "isSeason": true}}}

	other, err := sql.Open("sqlite", "file:"+db+"?_pragma=busy_timeout(5000)") // wait out the server's own short writes (mail, sessions)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	lock, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if _, err := lock.ExecContext(context.Background(), `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}

	start := time.Now()
	if status, err := f.post("/api/lists", list, nil); status != http.StatusServiceUnavailable || time.Since(start) > 6*time.Second {
		t.Fatalf("a write under a lock held elsewhere: %d %v after %v, want 503 within the 3 s setting", status, err, time.Since(start))
	}

	done := make(chan int, 1)
	go func() {
		status, _ := f.post("/api/lists", list, nil)
		done <- status
	}()
	awaitInFlight(t, base, 2) // the write, and the metrics request asking
	cmd.Process.Signal(syscall.SIGTERM)
	// The listener closes as shutdown begins; the write is still waiting on the lock.
	for {
		res, err := http.Get(base + "/healthz")
		if err != nil {
			break
		}
		res.Body.Close()
	}
	if _, err := lock.ExecContext(context.Background(), `ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	if status := <-done; status != http.StatusCreated {
		t.Fatalf("the write in flight at SIGTERM answered %d, want 201", status)
	}
	exited = true
	if code := exitCode(cmd); code != 0 {
		t.Fatalf("exit status %d after SIGTERM", code)
	}

	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var n int
	if err := st.DB().QueryRow(`SELECT count(*) FROM lists WHERE name = 'Saved on the way out'`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("lists saved on the way out: %d (%v), want 1", n, err)
	}
}

// awaitInFlight polls /metrics until at least n requests are being served.
func awaitInFlight(t *testing.T, base string, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for {
		if inFlight(t, base) >= n {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("fewer than %d requests in flight", n)
		case <-time.After(20 * time.Millisecond): // polling the server's own count
		}
	}
}

func inFlight(t *testing.T, base string) int {
	res, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	for sc := bufio.NewScanner(res.Body); sc.Scan(); {
		if v, ok := strings.CutPrefix(sc.Text(), "castaway_http_requests_in_flight "); ok {
			n, _ := strconv.ParseFloat(v, 64)
			return int(n)
		}
	}
	return 0
}
