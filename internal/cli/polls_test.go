package cli

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"castaway/internal/app"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func noEnv(string) string { return "" }

// engines are database URLs for the maintenance commands: SQLite always,
// PostgreSQL when configured.
func engines(t *testing.T) map[string]func(t *testing.T) string {
	m := map[string]func(t *testing.T) string{
		"sqlite": func(t *testing.T) string { return filepath.Join(t.TempDir(), "castaway.db") },
	}
	for _, e := range storetest.Engines() {
		if e.Name == "postgres" {
			m["postgres"] = func(t *testing.T) string { return storetest.PostgresURL(t) }
		}
	}
	return m
}

// runCmd runs the command line with no environment; a run that exits other than 0 gives
// an exitError carrying its status and what it wrote to stderr.
func runCmd(t *testing.T, args ...string) (string, error) {
	t.Helper()
	return runEnv(t, noEnv, args...)
}

func runEnv(t *testing.T, getenv func(string) string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(context.Background(), args, Env{Stdout: &out, Stderr: &errOut, Getenv: getenv})
	if code != 0 {
		return out.String() + errOut.String(), &exitError{code: code, stderr: errOut.String()}
	}
	return out.String() + errOut.String(), nil
}

type exitError struct {
	code   int
	stderr string
}

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d: %s", e.code, e.stderr) }

// openDB opens the database at url, migrated, as the commands do.
func openDB(ctx context.Context, url string) (*store.Store, error) {
	st, err := store.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	if err := st.Migrate(ctx); err != nil {
		st.Close()
		return nil, err
	}
	return st, nil
}

func TestPollsCommand(t *testing.T) {
	for name, url := range engines(t) {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			out, err := runCmd(t, "polls", "list", "-database-url", db)
			if err != nil || !strings.Contains(out, "season-48") || !strings.Contains(out, "open") {
				t.Fatalf("list: %v\n%s", err, out)
			}
			out, err = runCmd(t, "polls", "add", "--id", "season-47", "--season", "s47", "--title", "Survivor 47 Global Rankings",
				"--description", "Rank the cast of 47.", "-database-url", db)
			if err != nil || !strings.Contains(out, "added poll season-47") {
				t.Fatalf("add: %v\n%s", err, out)
			}
			for _, tt := range []struct {
				args []string
				want string
			}{
				{[]string{"add", "--id", "season-47", "--season", "s47", "--title", "Again"}, "already exists"},
				{[]string{"add", "--id", "Season 47", "--season", "s47", "--title", "x"}, "poll id"},
				{[]string{"add", "--id", "season-99", "--season", "s99", "--title", "x"}, `no season "s99"`},
				{[]string{"add", "--id", "season-46", "--season", "s46"}, "title"},
				{[]string{"close", "nope"}, `no poll "nope"`},
				{[]string{"close"}, "name one poll id"},
				{[]string{"rename", "season-48"}, "unknown subcommand"},
			} {
				if out, err := runCmd(t, append([]string{"polls"}, append(tt.args, "-database-url", db)...)...); err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("%v: %v, want %q\n%s", tt.args, err, tt.want, out)
				}
			}
			// Flags may follow the id.
			if out, err := runCmd(t, "polls", "close", "season-47", "-database-url", db); err != nil || !strings.Contains(out, "closed") {
				t.Fatalf("close: %v\n%s", err, out)
			}
			st, err := store.Open(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			p, err := st.Poll(context.Background(), "season-47")
			if err != nil || p.IsOpen || p.SeasonID != "s47" || p.Title != "Survivor 47 Global Rankings" || p.Description != "Rank the cast of 47." {
				t.Fatalf("poll %+v, %v", p, err)
			}
			if out, err := runCmd(t, "polls", "-database-url", db, "open", "season-47"); err != nil || !strings.Contains(out, "open for ballots") {
				t.Fatalf("open: %v\n%s", err, out)
			}
			if p, _ := st.Poll(context.Background(), "season-47"); !p.IsOpen {
				t.Fatal("poll still closed")
			}
			out, _ = runCmd(t, "polls", "list", "-database-url", db)
			if !strings.Contains(out, "season-47  s47 (Survivor 47)  open") {
				t.Fatalf("list after changes:\n%s", out)
			}
		})
	}
}

func TestVerifyCommand(t *testing.T) {
	for name, url := range engines(t) {
		t.Run(name, func(t *testing.T) {
			db := url(t)
			ctx := context.Background()
			if out, err := runCmd(t, "verify", "-database-url", db); err != nil || !strings.Contains(out, "all aggregates match") {
				t.Fatalf("fresh database: %v\n%s", err, out)
			}
			st, err := store.Open(ctx, db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			u := &model.User{ID: model.NewID(), DisplayName: "Ann", CreatedAt: time.Now()}
			if err := st.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
			ranking := make([]string, 10)
			ranking[0] = "kyle-fraser"
			if err := st.SubmitBallot(ctx, &model.Ballot{PollID: "season-48", UserID: u.ID, Ranking: ranking,
				Names: []string{"Kyle Fraser"}, SubmittedAt: time.Now()}); err != nil {
				t.Fatal(err)
			}
			if out, err := runCmd(t, "verify", "-database-url", db); err != nil {
				t.Fatalf("after a ballot: %v\n%s", err, out)
			}
			// Corrupt the aggregate: verify fails with a readable report.
			if _, err := st.DB().ExecContext(ctx, `UPDATE global_scores SET total_score = 3`); err != nil {
				t.Fatal(err)
			}
			out, err := runCmd(t, "verify", "-database-url", db)
			if ee, ok := err.(*exitError); !ok || ee.code != 1 || !strings.Contains(ee.stderr, app.ErrAggregatesDiffer.Error()) || !strings.Contains(out, "kyle-fraser: stored 3 points from 1 ballots, the ballots give 10 points from 1 ballots") {
				t.Fatalf("corrupted: %v\n%s", err, out)
			}
			if out, err := runCmd(t, "verify", "--repair", "-database-url", db); err != nil || !strings.Contains(out, "fixed") ||
				!strings.Contains(out, "all aggregates match") {
				t.Fatalf("repair: %v\n%s", err, out)
			}
			if out, err := runCmd(t, "verify", "-database-url", db); err != nil {
				t.Fatalf("after repair: %v\n%s", err, out)
			}
		})
	}
}
