package store

import (
	"context"
	"database/sql"
	"fmt"
)

// SearchMergePages bounds the index pages (about 4 KB each) one MergeSearch step writes,
// so a step holds SQLite's write lock for milliseconds.
const SearchMergePages = 100

// MergeSearch runs one step of merging SQLite's full-text index (migration 0084): up to
// pages pages of its segments joined, or, with all, every segment into one. It answers
// whether it found work, so a caller repeats it until it answers false. PostgreSQL's
// index has no segments: nothing to do there.
func (s *Store) MergeSearch(ctx context.Context, pages int, all bool) (more bool, err error) {
	if s.dialect == Postgres {
		return false, nil
	}
	if all {
		pages = -pages // a negative budget joins every segment, whatever its level
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		// FTS5 says whether a merge found work by the rows it changed: two or more.
		var before, after int64
		if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&before); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO list_fts (list_fts, rank) VALUES ('merge', $1)`, pages); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT total_changes()`).Scan(&after); err != nil {
			return err
		}
		more = after-before >= 2
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("merge search index: %w", err)
	}
	return more, nil
}

// compactSearch merges SQLite's full-text index into one segment, a step (and a
// transaction) at a time, after a bulk load wrote it in many.
func (s *Store) compactSearch(ctx context.Context) error {
	for {
		more, err := s.MergeSearch(ctx, 10*SearchMergePages, true)
		if err != nil || !more {
			return err
		}
	}
}
