package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// ErrRestorePostgres: a PostgreSQL database is restored with its own tools (pg_restore).
var ErrRestorePostgres = errors.New("castaway restore puts back a SQLite database; restore PostgreSQL with pg_restore into an empty database (see docs/operating.md)")

// ErrInUse: a castaway process (serve, or a command) has the database open.
var ErrInUse = errors.New("the database is in use by a running castaway (serve or a command): stop it, then restore")

// ErrRestoring: a restore holds the database.
var ErrRestoring = errors.New("a castaway restore is putting this database in place: start again once it is done")

// Every process that opens a SQLite database holds a shared lock on <file>.lock while it
// has it open; a restore takes the lock exclusively, so it refuses while any castaway
// has the database open, and none opens it while the file is being swapped. Advisory
// file locks end with their process, however it ends, so a crash leaves none behind.
func lockPath(dbPath string) string { return dbPath + ".lock" }

// holdShared takes the shared lock of the database at dbPath, for as long as it is open.
func holdShared(dbPath string) (*flock.Flock, error) {
	l := flock.New(lockPath(dbPath))
	ok, err := l.TryRLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", l.Path(), err)
	}
	if !ok {
		return nil, ErrRestoring
	}
	return l, nil
}

// Restore puts the SQLite database file from in place of the one dbURL names. from is
// checked first (CheckFile); the restore refuses while any castaway process has the
// database open. The database it replaces is kept beside it, with its -wal and -shm, as
// <file>.replaced-<UTC time> (returned; "" when there was none). from is copied, not moved.
func Restore(ctx context.Context, dbURL, from string, now time.Time) (replaced string, err error) {
	if IsPostgresURL(dbURL) {
		return "", ErrRestorePostgres
	}
	if _, err := CheckFile(ctx, from); err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	path := SQLitePath(dbURL)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	lock := flock.New(lockPath(path))
	ok, err := lock.TryLock()
	if err != nil {
		return "", fmt.Errorf("restore: lock %s: %w", lock.Path(), err)
	}
	if !ok {
		return "", fmt.Errorf("restore: %w", ErrInUse)
	}
	defer lock.Unlock()

	// The copy is made beside the database first, so the swap is one rename.
	tmp, err := copyTemp(from, filepath.Dir(path))
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	defer os.Remove(tmp) // gone once renamed into place
	if _, err := os.Stat(path); err == nil {
		replaced = path + ".replaced-" + now.UTC().Format("20060102T150405Z")
		// The -wal and -shm go with it under its new name, where SQLite looks for them.
		for _, suffix := range []string{"", "-wal", "-shm"} {
			if err := os.Rename(path+suffix, replaced+suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
				return "", fmt.Errorf("restore: keep the replaced database: %w", err)
			}
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("restore: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return replaced, fmt.Errorf("restore: %w", err)
	}
	return replaced, nil
}

// copyTemp copies the file from into a new temporary file (mode 0600) in dir, synced to
// disk, and returns its name.
func copyTemp(from, dir string) (string, error) {
	in, err := os.Open(from)
	if err != nil {
		return "", err
	}
	defer in.Close()
	out, err := os.CreateTemp(dir, ".restore-*.tmp")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out.Name())
		return "", err
	}
	return out.Name(), nil
}
