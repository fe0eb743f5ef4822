package store

import (
	"context"
	"fmt"
	"time"
)

// FeedPruneBatch bounds the feed rows one PruneFeed statement deletes: a long backlog (a
// first run, a year's worth of lists coming of age) goes in short statements, each
// holding SQLite's write lock, or PostgreSQL's row locks, only briefly.
const FeedPruneBatch = 5000

// StmtPruneFeed deletes up to $2 of the oldest feed rows of lists published at or before
// $1: one range of feed_items_age (created_at) from its start, then each row by its
// physical address (rowid, ctid). By key instead, (reader_id, ...) IN (...), PostgreSQL
// hash-joins the batch against a scan of the whole table.
func StmtPruneFeed(d Dialect) string {
	if d == Postgres {
		return `DELETE FROM feed_items WHERE ctid = ANY (ARRAY(
	SELECT ctid FROM feed_items WHERE created_at <= $1 ORDER BY created_at LIMIT CAST($2 AS BIGINT)))`
	}
	return `DELETE FROM feed_items WHERE rowid IN (
	SELECT rowid FROM feed_items WHERE created_at <= $1 ORDER BY created_at LIMIT CAST($2 AS BIGINT))`
}

// PruneFeed deletes up to limit feed rows older than FeedRetention as of now, the oldest
// first, and answers how many went: fewer than limit once none is left (or another node
// took some).
func (s *Store) PruneFeed(ctx context.Context, now time.Time, limit int) (int, error) {
	res, err := s.db.ExecContext(ctx, StmtPruneFeed(s.dialect), millis(now.Add(-FeedRetention)), limit)
	if err != nil {
		return 0, fmt.Errorf("prune feed: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("prune feed: %w", err)
	}
	return int(n), nil
}
