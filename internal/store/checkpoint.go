package store

import (
	"context"
	"database/sql"
)

// SQLite's WAL is copied back into the database file (a checkpoint, with its fsyncs) by a
// connection of its own, off the writers' path: internal/checkpoint calls Checkpoint on a
// clock. Left to the writer, every thousandth page committed made one write wait for the
// copy and its fsyncs while all the others queued behind it (upvotes at 10,000 lists: 600
// a second against 900 without).
//
// walFallbackPages is where the writer checkpoints by itself after all (SQLite's
// wal_autocheckpoint, in pages): a bound on the WAL should no one checkpoint, or fall
// behind.
const walFallbackPages = 10000

// openCheckpoints is the one connection Checkpoint runs on (opened at its first use).
func openCheckpoints(dsn string) (*sql.DB, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

// Checkpoint copies what SQLite's WAL holds back into the database file, as far as it can
// without waiting for, or holding up, a reader or the writer (a passive checkpoint). On
// PostgreSQL there is nothing to do.
func (s *Store) Checkpoint(ctx context.Context) error {
	if s.checkpoints == nil {
		return nil
	}
	_, err := s.checkpoints.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
	return err
}
