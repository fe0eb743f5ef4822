package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// A follow and an unfollow change the follower's feed off the request: each queues its
// pair in feed_syncs in its own transaction (queueFeedSync, or castaway_follow and
// castaway_unfollow on PostgreSQL), and the fan-out worker (internal/follows FanOut)
// makes the feed match the follow as it stands then (SyncFeeds). Meanwhile the feed
// shows no list of a fan no longer followed: StmtFeedKeys reads the queue, and follows
// for the pairs in it.

// FeedSyncBatch bounds the pairs one SyncFeeds transaction syncs.
const FeedSyncBatch = 100

// queueFeedSync records, in tx, that followerID's feed is to match their follow of
// followedID: one row per pair however often it changes before the worker comes.
func queueFeedSync(ctx context.Context, tx dbtx, followerID, followedID string) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO feed_syncs (reader_id, followed_id) VALUES ($1, $2)
		ON CONFLICT DO NOTHING`, followerID, followedID); err != nil {
		return fmt.Errorf("queue feed sync: %w", err)
	}
	return nil
}

// stmtTakeFeedSyncs deletes up to $1 queued pairs and answers them. On PostgreSQL the
// pairs another node's worker holds are skipped, and a follow that queues a pair held
// here waits for this transaction, then queues it again.
func stmtTakeFeedSyncs(d Dialect) string {
	if d == Postgres {
		return `DELETE FROM feed_syncs WHERE (reader_id, followed_id) IN (
	SELECT reader_id, followed_id FROM feed_syncs LIMIT CAST($1 AS BIGINT) FOR UPDATE SKIP LOCKED)
	RETURNING reader_id, followed_id`
	}
	return `DELETE FROM feed_syncs WHERE rowid IN (SELECT rowid FROM feed_syncs LIMIT CAST($1 AS BIGINT))
	RETURNING reader_id, followed_id`
}

// StmtClearFeed deletes the lists of fan $2 from the feed of $1 unless $1 follows them.
const StmtClearFeed = `DELETE FROM feed_items WHERE reader_id = $1 AND list_user_id = $2
	AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1 AND f.followed_id = $2)`

// SyncFeeds makes the feeds of up to limit queued pairs match their follows, in one
// transaction: a follow that stands gets the followed fan's newest public lists
// (StmtFollowBackfill), one that ended loses them (StmtClearFeed). It answers how many
// pairs it synced: fewer than limit once none is left.
func (s *Store) SyncFeeds(ctx context.Context, now time.Time, limit int) (int, error) {
	n := 0
	err := s.tx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, stmtTakeFeedSyncs(s.dialect), limit)
		pairs, err := rowsOf(rows, err, "take feed syncs", func(rows *sql.Rows) (p [2]string, err error) {
			return p, rows.Scan(&p[0], &p[1])
		})
		if err != nil {
			return err
		}
		for _, p := range pairs {
			if _, err := tx.ExecContext(ctx, StmtFollowBackfill, p[0], p[1], millis(now.Add(-FeedRetention)), FeedBackfill); err != nil {
				return fmt.Errorf("fill feed: %w", err)
			}
			if _, err := tx.ExecContext(ctx, StmtClearFeed, p[0], p[1]); err != nil {
				return fmt.Errorf("clear feed: %w", err)
			}
		}
		n = len(pairs)
		return nil
	})
	return n, err
}
