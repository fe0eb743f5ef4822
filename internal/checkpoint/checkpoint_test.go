package checkpoint_test

import (
	"context"
	"database/sql"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"castaway/internal/checkpoint"
	"castaway/internal/model"
	"castaway/internal/store"
)

// What a SQLite writer commits reaches the database file itself within moments, though
// the WAL is far below the size at which the writer would copy it back on its own: the
// checkpoints do it, off the writers' path. The file is read as it lies on disk
// (immutable: the WAL unread).
func TestCommittedRowsReachTheDatabaseFileOffTheWritersPath(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "castaway.db")
	s, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	defer checkpoint.Start(s, slog.Default())()
	if err := s.CreateUser(ctx, &model.User{ID: "u-ckpt", Email: "ckpt@example.com", DisplayName: "Ckpt", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	// A read of a file being copied into may fail or miss the row: it is asked again.
	onDisk := func() (int, error) {
		db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&immutable=1")
		if err != nil {
			return 0, err
		}
		defer db.Close()
		var n int
		err = db.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE id = 'u-ckpt'`).Scan(&n)
		return n, err
	}
	deadline := time.Now().Add(10 * time.Second)
	for n, err := onDisk(); n != 1; n, err = onDisk() {
		if time.Now().After(deadline) {
			t.Fatalf("the row is not in the database file after 10 s (last read: %d, %v)", n, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
