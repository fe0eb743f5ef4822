package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
)

// ErrBackupPostgres: a PostgreSQL database is backed up with its own tools (pg_dump).
var ErrBackupPostgres = errors.New("castaway backup copies a SQLite database; back up PostgreSQL with pg_dump (see the README)")

// Backup writes a consistent copy of the live SQLite database to path (VACUUM INTO:
// one read transaction, so writers carry on and the copy is the database as it stood
// at one moment). path must not exist yet.
func (s *Store) Backup(ctx context.Context, path string) error {
	if s.dialect != SQLite {
		return ErrBackupPostgres
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("backup: %s already exists", path)
	}
	// A connection of its own: the readers may not write (VACUUM INTO writes the copy) and
	// the writer stays free for the server's writes meanwhile.
	db, err := sql.Open("sqlite", s.sqliteDSN)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO $1`, path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}
