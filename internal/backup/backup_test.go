package backup_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"castaway/internal/backup"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A backup taken while a writer keeps adding users opens as a working database holding
// every user written before it began, and nothing torn.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	st := storetest.OpenSQLite(t)
	var written atomic.Int64
	stop, going := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			u := &model.User{ID: fmt.Sprintf("u%05d", i), Email: fmt.Sprintf("u%d@example.com", i), DisplayName: fmt.Sprintf("Fan %d", i), CreatedAt: time.Now()}
			if err := st.CreateUser(ctx, u); err != nil {
				t.Error(err)
				return
			}
			if written.Add(1) == 50 {
				close(going)
			}
		}
	})
	<-going
	before := written.Load()
	path := filepath.Join(t.TempDir(), "backup.db")
	if _, err := backup.File(ctx, st.URL(), path); err != nil {
		t.Fatal(err)
	}
	close(stop)
	wg.Wait()

	restored, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	if err := restored.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	for i := range before {
		if _, err := restored.UserByID(ctx, fmt.Sprintf("u%05d", i)); err != nil {
			t.Fatalf("user %d, written before the backup began, is not in it: %v", i, err)
		}
	}
	if _, err := backup.File(ctx, st.URL(), path); err == nil {
		t.Error("a backup over an existing file was allowed")
	}
}

// PostgreSQL has its own tools, which the refusals name.
func TestBackupAndRestoreRefusePostgres(t *testing.T) {
	ctx := context.Background()
	db := "postgres://castaway@127.0.0.1:1/castaway"
	if _, err := backup.File(ctx, db, filepath.Join(t.TempDir(), "b.db")); err != backup.ErrPostgresBackup {
		t.Errorf("backup of PostgreSQL: %v", err)
	}
	if _, err := backup.Restore(ctx, db, filepath.Join(t.TempDir(), "b.db"), time.Now()); err != backup.ErrPostgresRestore {
		t.Errorf("restore of PostgreSQL: %v", err)
	}
}

// A backup never makes or migrates a database: a missing file is an error and stays
// missing, an empty one (no schema) is an error and stays empty; neither leaves a copy.
func TestBackupRefusesMissingOrEmpty(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	missing := filepath.Join(dir, "typo", "castaway.db")
	dest := filepath.Join(dir, "copy.db")
	if _, err := backup.File(ctx, missing, dest); err == nil || !strings.Contains(err.Error(), "no database at") {
		t.Errorf("backup of a missing database: %v", err)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the backup made the missing database's folder: %v", err)
	}
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := backup.File(ctx, empty, dest); err == nil || !strings.Contains(err.Error(), "no castaway database") {
		t.Errorf("backup of an empty database: %v", err)
	}
	if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 {
		t.Errorf("the empty database was written to: %v %v", fi, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("files left behind: %v", entries)
	}
}

// The copy is written with mode 0600 (it holds password hashes and sessions), checked, and
// at the live database's schema version; the live database's file is not migrated.
func TestBackupIsPrivateAndChecked(t *testing.T) {
	ctx := context.Background()
	st := storetest.OpenSQLite(t)
	dest := filepath.Join(t.TempDir(), "copy.db")
	if _, err := backup.File(ctx, st.URL(), dest); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(dest)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("the copy's mode is %v, want 0600", fi.Mode().Perm())
	}
	v, err := backup.Check(ctx, dest)
	if err != nil || v != store.LatestSchema(store.SQLite) {
		t.Errorf("check of the copy: %d %v", v, err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(dest)); len(entries) != 1 {
		t.Errorf("files beside the copy: %v", entries)
	}
}

// Restore refuses while a castaway process has the database open, refuses a file that is
// no castaway database (or a newer one's), and then puts the copy in place, keeping the
// replaced database with its WAL under a new name.
func TestRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "castaway.db")
	live, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if err := live.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	u := &model.User{ID: "u-before", Email: "before@example.com", DisplayName: "Before", CreatedAt: time.Now()}
	if err := live.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(dir, "backup.db")
	if _, err := backup.File(ctx, live.URL(), saved); err != nil {
		t.Fatal(err)
	}
	after := &model.User{ID: "u-after", Email: "after@example.com", DisplayName: "After", CreatedAt: time.Now()}
	if err := live.CreateUser(ctx, after); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if _, err := backup.Restore(ctx, db, saved, now); !errors.Is(err, store.ErrInUse) {
		t.Fatalf("restore while the database is open: %v", err)
	}
	junk := filepath.Join(dir, "junk.db")
	os.WriteFile(junk, []byte("not a database at all, but long enough to look at...."), 0o600)
	if _, err := backup.Restore(ctx, db, junk, now); err == nil {
		t.Error("restore of a file that is no database")
	}
	live.Close()

	replaced, err := backup.Restore(ctx, db, saved, now)
	if err != nil {
		t.Fatal(err)
	}
	if want := db + ".replaced-20260301T120000Z"; replaced != want {
		t.Errorf("replaced kept as %q, want %q", replaced, want)
	}
	restored, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	if _, err := restored.UserByID(ctx, "u-before"); err != nil {
		t.Errorf("the user saved before the backup: %v", err)
	}
	if _, err := restored.UserByID(ctx, "u-after"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the user saved after the backup: %v", err)
	}
	old, err := store.Open(ctx, replaced)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	if _, err := old.UserByID(ctx, "u-after"); err != nil {
		t.Errorf("the replaced database lost the write in its WAL: %v", err)
	}
	if _, err := os.Stat(saved); err != nil {
		t.Errorf("the backup was not kept: %v", err)
	}
}

// A newer castaway's database is neither copied as a checked backup nor restored by this
// binary.
func TestBackupAndRestoreRefuseANewerSchema(t *testing.T) {
	ctx := context.Background()
	st := storetest.OpenSQLite(t)
	dir := t.TempDir()
	saved := filepath.Join(dir, "backup.db")
	if _, err := backup.File(ctx, st.URL(), saved); err != nil {
		t.Fatal(err)
	}
	if _, err := st.DB().ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (99999, 0)`); err != nil {
		t.Fatal(err)
	}
	newer := filepath.Join(dir, "newer.db")
	if _, err := backup.File(ctx, st.URL(), newer); err == nil || !strings.Contains(err.Error(), "newer castaway") {
		t.Fatalf("backup of a newer database: %v", err)
	}
	edit, err := sql.Open("sqlite", "file:"+saved)
	if err != nil {
		t.Fatal(err)
	}
	_, err = edit.Exec(`INSERT INTO schema_migrations (version, applied_at) VALUES (99999, 0)`)
	edit.Close()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := backup.Restore(ctx, filepath.Join(dir, "castaway.db"), saved, time.Now()); err == nil || !strings.Contains(err.Error(), "newer castaway") {
		t.Fatalf("restore of a newer database: %v", err)
	}
}

// A backup taken by a newer binary before an upgrade leaves the running server's schema as
// it is: a database one migration behind is copied one migration behind, and stays so.
func TestBackupDoesNotMigrate(t *testing.T) {
	ctx := context.Background()
	st := storetest.OpenSQLite(t)
	latest := store.LatestSchema(store.SQLite)
	if _, err := st.DB().ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = $1`, latest); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(t.TempDir(), "copy.db")
	if _, err := backup.File(ctx, st.URL(), dest); err != nil {
		t.Fatal(err)
	}
	if p, err := st.Pending(ctx); err != nil || len(p) != 1 {
		t.Errorf("the live database after the backup: pending %v %v, want the one migration still pending", p, err)
	}
	if v, err := backup.Check(ctx, dest); err != nil || v >= latest {
		t.Errorf("the copy's schema %d (%v), want below %d", v, err, latest)
	}
}
