package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
)

// A list made public reaches its author's followers off the save: the save records one
// fanout_jobs row (queueFanOut), whatever the follower count, and a worker (internal/follows
// FanOut) leases the row (ClaimFanOut) and writes the feed rows and followed_list
// notifications a bounded batch at a time (FanOutBatch), each batch a transaction of its own.

// FanOutJob is a leased fan-out: the list it spreads and when it was published.
type FanOutJob struct {
	ListUserID, ListID string
	PublishedAt        time.Time
}

// queueFanOut records, in the save's transaction, the fan-out of list ($1, $2) if it is
// public and its author has followers: one row, and none again while one is pending.
func queueFanOut(ctx context.Context, tx *sql.Tx, userID, listID string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO fanout_jobs (list_user_id, list_id, created_at)
		SELECT l.user_id, l.id, CAST($3 AS BIGINT) FROM lists l
		WHERE l.user_id = $1 AND l.id = $2 AND l.is_public = TRUE
		  AND EXISTS (SELECT 1 FROM follows f WHERE f.followed_id = $1)
		ON CONFLICT (list_user_id, list_id) DO NOTHING`, userID, listID, millis(now)); err != nil {
		return fmt.Errorf("queue fan-out: %w", err)
	}
	return nil
}

// ClaimFanOut leases the oldest fan-out no live lease holds to owner until now+lease, or
// answers false when there is none. A worker that died gives its job back as its lease
// ends; on PostgreSQL, SKIP LOCKED lets the nodes' workers claim side by side.
func (s *Store) ClaimFanOut(ctx context.Context, owner string, now time.Time, lease time.Duration) (FanOutJob, bool, error) {
	lock := ""
	if s.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	const free = `(lease_until IS NULL OR lease_until <= $3)`
	var j FanOutJob
	var published int64
	err := s.db.QueryRowContext(ctx, `WITH due AS MATERIALIZED (SELECT list_user_id, list_id FROM fanout_jobs WHERE `+free+`
		ORDER BY created_at LIMIT 1`+lock+`)
		UPDATE fanout_jobs SET lease_owner = $1, lease_until = $2
		WHERE `+free+` AND (list_user_id, list_id) IN (SELECT list_user_id, list_id FROM due)
		RETURNING list_user_id, list_id, created_at`, owner, millis(now.Add(lease)), millis(now)).Scan(&j.ListUserID, &j.ListID, &published)
	if errors.Is(err, sql.ErrNoRows) {
		return FanOutJob{}, false, nil
	}
	if err != nil {
		return FanOutJob{}, false, fmt.Errorf("claim fan-out: %w", err)
	}
	j.PublishedAt = fromMillis(published)
	return j, true, nil
}

// FanOutBatch does the next batch of job for owner, in one transaction: the next limit
// followers of the author by id after the last one done get the list in their feed and,
// those who kept the setting on, a followed_list notification (nothing twice: the feed's
// key and the notifications' dedupe keys), and the lease is renewed until now+lease. It
// answers who was notified and whether the job is over: done, its list no longer public
// (made private, hidden, deleted, its author suspended), or no longer owner's (its lease
// ran out and another worker took it on).
func (s *Store) FanOutBatch(ctx context.Context, job FanOutJob, owner string, limit int, now time.Time, lease time.Duration) (notified []string, done bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		notified, done = nil, true
		// The job's row, locked on PostgreSQL until the batch commits: a worker that took
		// it over after this one's lease ended finds no row of its own here.
		var after string
		err := tx.QueryRowContext(ctx, `UPDATE fanout_jobs SET lease_until = $4
			WHERE list_user_id = $1 AND list_id = $2 AND lease_owner = $3 RETURNING after_follower`,
			job.ListUserID, job.ListID, owner, millis(now.Add(lease))).Scan(&after)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("renew fan-out: %w", err)
		}
		// Whether the list is still public, its row held on PostgreSQL so that a change
		// of its visibility waits for this batch, or this batch reads the change.
		lock := ""
		if s.dialect == Postgres {
			lock = " FOR SHARE OF l"
		}
		var public bool
		err = tx.QueryRowContext(ctx, `SELECT l.is_public AND u.suspended_at IS NULL FROM lists l JOIN users u ON u.id = l.user_id
			WHERE l.user_id = $1 AND l.id = $2`+lock, job.ListUserID, job.ListID).Scan(&public)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read fanned-out list: %w", err)
		}
		if !public {
			return endFanOut(ctx, tx, job)
		}
		rows, err := tx.QueryContext(ctx, `SELECT follower_id FROM follows WHERE followed_id = $1 AND follower_id > $2
			ORDER BY follower_id LIMIT CAST($3 AS BIGINT)`, job.ListUserID, after, limit)
		followers, err := stringsOf(rows, err, "read followers")
		if err != nil {
			return err
		}
		if len(followers) == 0 {
			return endFanOut(ctx, tx, job)
		}
		last := followers[len(followers)-1]
		// The followers (after, last] as of now: a follow started since the read above is
		// in it too, which its own backfill would have given it anyway.
		if _, err := tx.ExecContext(ctx, `INSERT INTO feed_items (reader_id, list_user_id, list_id, created_at)
			SELECT f.follower_id, l.user_id, l.id, l.created_at FROM follows f JOIN lists l ON l.user_id = f.followed_id AND l.id = $2
			WHERE f.followed_id = $1 AND f.follower_id > $3 AND f.follower_id <= $4
			ON CONFLICT DO NOTHING`, job.ListUserID, job.ListID, after, last); err != nil {
			return fmt.Errorf("fan out to feeds: %w", err)
		}
		// A notification's id is its (list, reader) pair, as its dedupe key is.
		rows, err = tx.QueryContext(ctx, `INSERT INTO notifications
			(id, user_id, type, actor_id, created_by_name, content, is_new, list_user_id, list_id, comment_id, dedupe_key, created_at)
			SELECT 'fl-' || l.user_id || '-' || l.id || '-' || f.follower_id, f.follower_id, '`+model.NoteFollowedList+`',
				l.user_id, a.display_name, l.name, TRUE, l.user_id, l.id, '',
				'`+model.NoteFollowedList+`:' || l.user_id || '/' || l.id || ':' || f.follower_id, CAST($5 AS BIGINT)
			FROM follows f JOIN users r ON r.id = f.follower_id
			JOIN lists l ON l.user_id = f.followed_id AND l.id = $2 JOIN users a ON a.id = l.user_id
			WHERE f.followed_id = $1 AND f.follower_id > $3 AND f.follower_id <= $4 AND r.notify_followed_lists
			ON CONFLICT (dedupe_key) DO NOTHING RETURNING user_id`,
			job.ListUserID, job.ListID, after, last, millis(job.PublishedAt))
		if notified, err = stringsOf(rows, err, "notify followers"); err != nil {
			return err
		}
		if len(followers) < limit {
			return endFanOut(ctx, tx, job)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE fanout_jobs SET after_follower = $3 WHERE list_user_id = $1 AND list_id = $2`,
			job.ListUserID, job.ListID, last); err != nil {
			return fmt.Errorf("record fan-out: %w", err)
		}
		done = false
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return notified, done, nil
}

// endFanOut removes a finished (or pointless) fan-out.
func endFanOut(ctx context.Context, tx *sql.Tx, job FanOutJob) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM fanout_jobs WHERE list_user_id = $1 AND list_id = $2`, job.ListUserID, job.ListID); err != nil {
		return fmt.Errorf("end fan-out: %w", err)
	}
	return nil
}

// ReleaseFanOuts gives back, at once, every fan-out owner leases, for a worker that stops a
// job early (shut down, failed, panicked): another takes it on now rather than when the
// lease ends. after_follower moves in each batch's own transaction, so the next worker
// carries on exactly where the written batches end, whether or not the batch cut short
// committed. It reads every pending job (there is no index on the owner): it runs only
// as a worker stops early, and the table holds only the jobs not yet done.
func (s *Store) ReleaseFanOuts(ctx context.Context, owner string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE fanout_jobs SET lease_owner = NULL, lease_until = NULL
		WHERE lease_owner = $1`, owner); err != nil {
		return fmt.Errorf("release fan-outs: %w", err)
	}
	return nil
}

// FanOutsCounted bounds FanOutsPending: a longer backlog reads as FanOutsCounted, so that
// /metrics costs the same however far the workers fall behind.
const FanOutsCounted = 10000

// StmtFanOutsPending counts the fan-outs and the feed syncs not yet done, up to $1 of each.
const StmtFanOutsPending = `SELECT (SELECT count(*) FROM (SELECT 1 FROM fanout_jobs LIMIT CAST($1 AS BIGINT)) j)
	+ (SELECT count(*) FROM (SELECT 1 FROM feed_syncs LIMIT CAST($1 AS BIGINT)) syncs)`

// FanOutsPending counts the fan-outs and feed syncs (feed_sync.go) not yet done, up to
// FanOutsCounted (for /metrics and tests).
func (s *Store) FanOutsPending(ctx context.Context) (int, error) {
	return s.fanOutsUpTo(ctx, FanOutsCounted)
}

func (s *Store) fanOutsUpTo(ctx context.Context, most int) (int, error) {
	var n int
	if err := s.rdb.QueryRowContext(ctx, StmtFanOutsPending, most).Scan(&n); err != nil {
		return 0, fmt.Errorf("count fan-outs: %w", err)
	}
	return min(n, most), nil
}
