package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// SQLitePath is the file a SQLite database URL names.
func SQLitePath(dbURL string) string { return strings.TrimPrefix(dbURL, "sqlite://") }

// SQLiteFile is a SQLite database file opened for reading only, never created nor
// migrated: what internal/backup copies and checks.
type SQLiteFile struct{ db *sql.DB }

// OpenSQLiteFile opens the SQLite file at path, which must exist (mode=ro creates
// nothing). One connection: the checks and the copy are one thing at a time.
func OpenSQLiteFile(path string) (*SQLiteFile, error) {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return &SQLiteFile{db}, nil
}

// Close closes the file.
func (f *SQLiteFile) Close() error { return f.db.Close() }

// SchemaVersion is the castaway schema version of the file, 0 when it holds none.
func (f *SQLiteFile) SchemaVersion(ctx context.Context) (int, error) {
	return schemaVersion(ctx, f.db, SQLite)
}

// CopyInto writes a consistent copy of the database into dest, an empty file whose mode
// it keeps (VACUUM INTO: one read transaction, so writers carry on).
func (f *SQLiteFile) CopyInto(ctx context.Context, dest string) error {
	_, err := f.db.ExecContext(ctx, `VACUUM INTO $1`, dest)
	return err
}

// Check tells whether the file is a whole castaway database this binary can run: PRAGMA
// integrity_check answers ok and its schema version is set and not newer than this
// binary's. It returns the schema version.
func (f *SQLiteFile) Check(ctx context.Context) (int, error) {
	var result string
	if err := f.db.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&result); err != nil {
		return 0, fmt.Errorf("integrity check: %w", err)
	}
	if result != "ok" {
		return 0, fmt.Errorf("integrity check: %s", result)
	}
	version, err := f.SchemaVersion(ctx)
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

// CheckSchema refuses a file whose schema is not exactly the one castaway's migrations
// make at version (schema_compare.go), so nothing planted in it (a trigger, a view, an
// index) comes in with the rows.
func (f *SQLiteFile) CheckSchema(ctx context.Context, version int) error {
	return checkSchema(ctx, f.db, version)
}
