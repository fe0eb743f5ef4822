package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrBackupPostgres: a PostgreSQL database is backed up with its own tools (pg_dump).
var ErrBackupPostgres = errors.New("castaway backup copies a SQLite database; back up PostgreSQL with pg_dump -Fc (see docs/operating.md)")

// Backup writes a checked copy of the store's SQLite database to dest (see BackupFile).
func (s *Store) Backup(ctx context.Context, dest string) error {
	_, err := BackupFile(ctx, s.url, dest)
	return err
}

// BackupFile writes a consistent copy of the SQLite database dbURL names to dest and
// returns its schema version. The database is opened read-only and never created or
// migrated: a missing file, or one without castaway's schema, is an error. The copy
// (VACUUM INTO: one read transaction, so writers carry on) goes to a temporary file
// beside dest with mode 0600, is opened and checked (integrity, schema version), and
// only then takes dest's name. dest must not exist yet.
func BackupFile(ctx context.Context, dbURL, dest string) (int, error) {
	if IsPostgresURL(dbURL) {
		return 0, ErrBackupPostgres
	}
	path := SQLitePath(dbURL)
	if _, err := os.Stat(path); err != nil {
		return 0, fmt.Errorf("backup: no database at %s (check --data-dir or --database-url): %w", path, err)
	}
	if _, err := os.Lstat(dest); err == nil {
		return 0, fmt.Errorf("backup: %s already exists", dest)
	}
	src, err := openReadOnly(path)
	if err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	defer src.Close()
	version, err := schemaVersion(ctx, src, SQLite)
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
	// VACUUM INTO accepts an existing empty file and keeps its mode.
	if _, err := src.ExecContext(ctx, `VACUUM INTO $1`, tmp.Name()); err != nil {
		return 0, fmt.Errorf("backup: %w", err)
	}
	got, err := CheckFile(ctx, tmp.Name())
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

// CheckFile opens the SQLite file at path read-only and checks it is a whole castaway
// database this binary can run: a regular file (see openRegular), PRAGMA integrity_check
// answers ok and its schema version is set and not newer than this binary's. It returns
// the schema version.
func CheckFile(ctx context.Context, path string) (int, error) {
	if err := isRegular(path); err != nil {
		return 0, err
	}
	db, err := openReadOnly(path)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	version, err := checkDB(ctx, db)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return version, nil
}

// checkDB checks an open SQLite database as CheckFile does and returns its schema version.
func checkDB(ctx context.Context, db *sql.DB) (int, error) {
	var result string
	if err := db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&result); err != nil {
		return 0, fmt.Errorf("integrity check: %w", err)
	}
	if result != "ok" {
		return 0, fmt.Errorf("integrity check: %s", result)
	}
	version, err := schemaVersion(ctx, db, SQLite)
	if err != nil {
		return 0, err
	}
	if version == 0 {
		return 0, errors.New("no castaway database (no schema)")
	}
	if err := checkNotNewer(SQLite, version); err != nil {
		return 0, err
	}
	return version, nil
}

// openReadOnly opens a SQLite file that must exist, for reading only (mode=ro creates
// nothing). One connection: the checks and the copy are one thing at a time.
func openReadOnly(path string) (*sql.DB, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// SQLitePath is the file a SQLite database URL names.
func SQLitePath(dbURL string) string { return strings.TrimPrefix(dbURL, "sqlite://") }
