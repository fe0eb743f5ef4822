package cli

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"castaway/internal/app"
	"castaway/internal/config"
	"castaway/internal/lists"
)

// startServe runs serve with cfg until the test ends; stop ends it early and gives its
// error.
func startServe(t *testing.T, cfg *config.Config) (served <-chan struct{}, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var serveErr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		serveErr = app.Serve(ctx, cfg, fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}, slog.New(slog.DiscardHandler))
	}()
	stop = func() error {
		cancel()
		<-done
		return serveErr
	}
	t.Cleanup(func() { stop() })
	return done, stop
}

// A site upgraded to kept weeks, or loaded in bulk without them, has its home page's
// week counted by serve as it starts, not by its first visitor.
func TestServeCountsTheHomeWeek(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "castaway.db")
	if out, err := runCmd(t, "demo-data", "--users", "20", "--lists", "40", "--quiet", "-database-url", db); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	st, err := openDB(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	week := lists.HomeWeek(time.Now())
	counted := func() (weeks, rows int) {
		t.Helper()
		if err := st.DB().QueryRow(`SELECT (SELECT count(*) FROM list_upvote_weeks WHERE end_day = $1),
			(SELECT count(*) FROM list_upvotes_week WHERE end_day = $1)`, week).Scan(&weeks, &rows); err != nil {
			t.Fatal(err)
		}
		return weeks, rows
	}
	_, want := counted()
	if want == 0 {
		t.Fatal("the demo community has no upvotes this week")
	}
	for _, q := range []string{`DELETE FROM list_upvotes_week`, `DELETE FROM list_upvote_weeks`} {
		if _, err := st.DB().Exec(q); err != nil {
			t.Fatal(err)
		}
	}

	cfg, err := config.Load([]string{"-addr", freeAddr(t), "-data-dir", dir, "-database-url", db}, noEnv)
	if err != nil {
		t.Fatal(err)
	}
	served, stop := startServe(t, cfg)
	deadline := time.Now().Add(20 * time.Second)
	for {
		if weeks, rows := counted(); weeks == 1 {
			if rows != want {
				t.Errorf("serve counted %d lists' upvotes this week, want %d", rows, want)
			}
			break
		}
		select {
		case <-served:
			t.Fatalf("serve ended before it counted the week: %v", stop())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("serve never counted the home page's week")
		}
		time.Sleep(20 * time.Millisecond) // another process's count: there is no event to wait on
	}
	if err := stop(); err != nil {
		t.Errorf("serve: %v", err)
	}
}
