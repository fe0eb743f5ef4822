package cli

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"castaway/internal/app"
	"castaway/internal/config"
	"castaway/internal/lists"
)

// serving is a serve started by a test, ended when the test ends.
type serving struct {
	done chan struct{}
	err  error // serve's, once done is closed
	stop context.CancelFunc
}

// startServe runs serve with cfg until the test ends or end.
func startServe(t *testing.T, cfg *config.Config) *serving {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &serving{done: make(chan struct{}), stop: cancel}
	go func() {
		defer close(s.done)
		s.err = app.Serve(ctx, cfg, fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}, slog.New(slog.DiscardHandler))
	}()
	t.Cleanup(func() { s.end() })
	return s
}

// end stops serve and gives its error.
func (s *serving) end() error {
	s.stop()
	<-s.done
	return s.err
}

// await calls cond, which tells what is not so yet (nil once it is), until it is; the
// test fails if serve ends first or 20 s pass.
func (s *serving) await(t *testing.T, cond func() error) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		err := cond()
		if err == nil {
			return
		}
		select {
		case <-s.done:
			t.Fatalf("serve ended (%v) first: %v", s.err, err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("still after 20 s: %v", err)
		}
		time.Sleep(20 * time.Millisecond) // another goroutine's or process's doing: no event to wait on
	}
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
	srv := startServe(t, cfg)
	srv.await(t, func() error {
		if weeks, rows := counted(); weeks == 1 {
			if rows != want {
				t.Errorf("serve counted %d lists' upvotes this week, want %d", rows, want)
			}
			return nil
		}
		return errors.New("serve has not counted the home page's week")
	})
	if err := srv.end(); err != nil {
		t.Errorf("serve: %v", err)
	}
}
