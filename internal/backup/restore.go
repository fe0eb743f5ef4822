package backup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"castaway/internal/store"
)

// ErrPostgresRestore: a PostgreSQL database is restored with its own tools (pg_restore).
var ErrPostgresRestore = errors.New("castaway restore puts back a SQLite database; restore PostgreSQL with pg_restore into an empty database (see docs/operating.md)")

// Restore puts the SQLite database file from in place of the one dbURL names. from must
// be a regular file (openRegular); it is copied beside the database and the copy checked
// (Check's checks, and a schema that is exactly the one the migrations make at its
// version, store.SQLiteFile.CheckSchema), so what was checked is what goes in place. The restore refuses
// while any castaway process has the database open. The database it replaces is kept
// beside it, with its -wal and -shm, as <file>.replaced-<UTC time> (returned; "" when there
// was none). from is copied, not moved. It stops when ctx ends, the database as it was.
func Restore(ctx context.Context, dbURL, from string, now time.Time) (replaced string, err error) {
	if store.IsPostgresURL(dbURL) {
		return "", ErrPostgresRestore
	}
	path := store.SQLitePath(dbURL)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	// The copy is made beside the database first, so the swap is one rename.
	tmp, err := copyTemp(ctx, from, filepath.Dir(path))
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	defer os.Remove(tmp) // gone once renamed into place
	if err := checkRestorable(ctx, tmp); err != nil {
		return "", fmt.Errorf("restore: %s: %w", from, err)
	}
	unlock, err := store.LockExclusive(path)
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	defer unlock()
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}

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

// checkRestorable checks the copy at path: whole, of a schema this binary knows, and
// that schema exactly as the migrations make it, so nothing planted in it (a trigger, a
// view, an index) comes in with the rows.
func checkRestorable(ctx context.Context, path string) error {
	f, err := store.OpenSQLiteFile(path)
	if err != nil {
		return err
	}
	defer f.Close()
	version, err := f.Check(ctx)
	if err != nil {
		return err
	}
	return f.CheckSchema(ctx, version)
}

// copyTemp copies the regular file from into a new temporary file (mode 0600) in dir,
// synced to disk, and returns its name. It stops when ctx ends.
func copyTemp(ctx context.Context, from, dir string) (string, error) {
	in, err := openRegular(from)
	if err != nil {
		return "", err
	}
	defer in.Close()
	out, err := os.CreateTemp(dir, ".restore-*.tmp")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(out, ctxReader{ctx, in})
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

// ctxReader reads from r until ctx ends.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
