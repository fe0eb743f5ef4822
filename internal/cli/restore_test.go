package cli

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"castaway/internal/backup"
	"castaway/internal/model"
)

// restoreFixture is a migrated SQLite database holding one user, and a backup of it.
func restoreFixture(t *testing.T) (dir, db, saved string) {
	t.Helper()
	ctx := context.Background()
	dir = t.TempDir()
	db = filepath.Join(dir, "castaway.db")
	st, err := openDB(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.CreateUser(ctx, &model.User{ID: "u-kept", Email: "kept@example.com", DisplayName: "Kept", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	saved = filepath.Join(dir, "backup.db")
	if _, err := backup.File(ctx, db, saved); err != nil {
		t.Fatal(err)
	}
	return dir, db, saved
}

// runWithin runs the command line and fails the test if it has not returned within limit
// (a restore that blocks would hang the test otherwise).
func runWithin(t *testing.T, limit time.Duration, args ...string) (string, error) {
	t.Helper()
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		var out, errOut bytes.Buffer
		code := Main(context.Background(), args, Env{Stdout: &out, Stderr: &errOut, Getenv: noEnv})
		var err error
		if code != 0 {
			err = &exitError{code: code, stderr: errOut.String()}
		}
		done <- result{out.String() + errOut.String(), err}
	}()
	select {
	case r := <-done:
		return r.out, r.err
	case <-time.After(limit):
		t.Fatalf("castaway %s still running after %v", strings.Join(args, " "), limit)
		return "", nil
	}
}

// A backup whose schema is not the one castaway's migrations make (here a trigger that
// makes the next sign-up named attacker… an admin) is refused, naming the difference, and
// the database is left as it was; the same backup untouched restores.
func TestRestoreRefusesAForeignSchema(t *testing.T) {
	dir, db, backup := restoreFixture(t)
	planted := filepath.Join(dir, "planted.db")
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(planted, data, 0o600); err != nil {
		t.Fatal(err)
	}
	edit, err := sql.Open("sqlite", "file:"+planted)
	if err != nil {
		t.Fatal(err)
	}
	_, err = edit.Exec(`CREATE TRIGGER users_welcome AFTER INSERT ON users WHEN NEW.display_name LIKE 'attacker%'
		BEGIN UPDATE users SET is_admin = TRUE WHERE id = NEW.id; END`)
	edit.Close()
	if err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(db)

	out, err := runWithin(t, time.Minute, "restore", "--database-url", db, planted)
	if err == nil || !strings.Contains(out, `trigger "users_welcome"`) {
		t.Fatalf("restore of a backup with a planted trigger: %v\n%s", err, out)
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Error("the database changed")
	}
	if kept, _ := filepath.Glob(db + ".replaced-*"); len(kept) != 0 {
		t.Errorf("the database was moved aside: %v", kept)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".restore-*")); len(left) != 0 {
		t.Errorf("copies left behind: %v", left)
	}

	out, err = runWithin(t, time.Minute, "restore", "--database-url", db, backup)
	if err != nil || !strings.Contains(out, "restored") {
		t.Fatalf("restore of a clean backup: %v\n%s", err, out)
	}
	st, err := openDB(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.UserByID(context.Background(), "u-kept"); err != nil {
		t.Errorf("the restored database: %v", err)
	}
}

// A restore whose context ends (SIGTERM, Ctrl-C) stops and leaves the database as it was.
func TestRestoreStopsWhenCancelled(t *testing.T) {
	_, db, saved := restoreFixture(t)
	before, _ := os.ReadFile(db)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := backup.Restore(ctx, db, saved, time.Now()); !errors.Is(err, context.Canceled) {
		t.Fatalf("restore after cancel: %v", err)
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Error("the database changed")
	}
}
