// Package backup copies a live SQLite database into a checked file, on demand (castaway
// backup) or on a schedule (serve), and puts such a copy back in its place (castaway
// restore). The store does the SQL (store.SQLiteFile, store.LockExclusive); this package
// the files around it. PostgreSQL has its own tools.
package backup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"castaway/internal/store"
)

// ErrPostgresBackup: a PostgreSQL database is backed up with its own tools (pg_dump).
var ErrPostgresBackup = errors.New("castaway backup copies a SQLite database; back up PostgreSQL with pg_dump -Fc (see docs/operating.md)")

// File writes a consistent copy of the SQLite database dbURL names to dest and returns its
// schema version. The database is opened read-only and never created or migrated: a
// missing file, or one without castaway's schema, is an error. The copy goes to a
// temporary file beside dest with mode 0600, is opened and checked (integrity, schema
// version), and only then takes dest's name. dest must not exist yet.
func File(ctx context.Context, dbURL, dest string) (int, error) {
	if store.IsPostgresURL(dbURL) {
		return 0, ErrPostgresBackup
	}
	path := store.SQLitePath(dbURL)
	if _, err := os.Stat(path); err != nil {
		return 0, fmt.Errorf("backup: no database at %s (check --data-dir or --database-url): %w", path, err)
	}
	if _, err := os.Lstat(dest); err == nil {
		return 0, fmt.Errorf("backup: %s already exists", dest)
	}
	src, err := store.OpenSQLiteFile(path)
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	defer src.Close()
	version, err := src.SchemaVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("backup of %s: %w", path, err)
	}
	if version == 0 {
		return 0, fmt.Errorf("backup: %s holds no castaway database (no schema): nothing to back up", path)
	}

	tmp, err := os.CreateTemp(filepath.Dir(dest), "."+filepath.Base(dest)+".*.tmp") // mode 0600
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	tmp.Close()
	defer os.Remove(tmp.Name()) // gone once linked as dest, or on any failure
	if err := src.CopyInto(ctx, tmp.Name()); err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	got, err := Check(ctx, tmp.Name())
	if err != nil {
		return 0, fmt.Errorf("backup: the copy fails its check: %w", err)
	}
	if got != version {
		return 0, fmt.Errorf("backup: the copy has schema %d, the database %d", got, version)
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	// A link, unlike a rename, never replaces a file that appeared meanwhile.
	if err := os.Link(tmp.Name(), dest); err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	return version, nil
}

// Check opens the SQLite file at path read-only and checks it is a whole castaway
// database this binary can run: a regular file (see openRegular) that passes
// store.SQLiteFile's Check. It returns the schema version.
func Check(ctx context.Context, path string) (int, error) {
	if err := isRegular(path); err != nil {
		return 0, err
	}
	f, err := store.OpenSQLiteFile(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	version, err := f.Check(ctx)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return version, nil
}
