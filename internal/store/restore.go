package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
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

// Restore puts the SQLite database file from in place of the one dbURL names. from must
// be a regular file (openRegular); it is copied beside the database and the copy checked
// (CheckFile's checks, and a schema that is exactly the one the migrations make at its
// version, checkSchema), so what was checked is what goes in place. The restore refuses
// while any castaway process has the database open. The database it replaces is kept
// beside it, with its -wal and -shm, as <file>.replaced-<UTC time> (returned; "" when there
// was none). from is copied, not moved. It stops when ctx ends, the database as it was.
func Restore(ctx context.Context, dbURL, from string, now time.Time) (replaced string, err error) {
	if IsPostgresURL(dbURL) {
		return "", ErrRestorePostgres
	}
	path := SQLitePath(dbURL)
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
	lock := flock.New(lockPath(path))
	ok, err := lock.TryLock()
	if err != nil {
		return "", fmt.Errorf("restore: lock %s: %w", lock.Path(), err)
	}
	if !ok {
		return "", fmt.Errorf("restore: %w", ErrInUse)
	}
	defer lock.Unlock()
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
	db, err := openReadOnly(path)
	if err != nil {
		return err
	}
	defer db.Close()
	version, err := checkDB(ctx, db)
	if err != nil {
		return err
	}
	return checkSchema(ctx, db, version)
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

// openRegular opens the regular file at path for reading. It looks before it opens and
// opens without blocking, so a FIFO or a device is refused at once rather than holding
// the process (and its signals' handling) until something writes to it; what it opened
// is looked at again, in case the name changed hands in between.
func openRegular(path string) (*os.File, error) {
	if err := isRegular(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = notRegular(path, fi.Mode())
		}
		return nil, err
	}
	return f, nil
}

// isRegular is nil when path names a regular file, else why not.
func isRegular(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return notRegular(path, fi.Mode())
	}
	return nil
}

func notRegular(path string, m fs.FileMode) error {
	kind := "something other than a file"
	switch {
	case m.IsDir():
		kind = "a folder"
	case m&fs.ModeNamedPipe != 0:
		kind = "a FIFO"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	}
	return fmt.Errorf("%s is not a regular file (it is %s): name the backup file itself", path, kind)
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
