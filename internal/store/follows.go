package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"castaway/internal/model"
)

// FeedBackfill is how many of a fan's newest public lists a new follower's feed gains.
const FeedBackfill = 50

// FeedRetention is how long a list stays in its readers' feeds (PruneFeed deletes older rows).
const FeedRetention = 365 * 24 * time.Hour

// Errors of a follow.
var (
	ErrTooManyFollows = errors.New("too many follows")
	ErrUserSuspended  = errors.New("user suspended")
	ErrBlockedEither  = errors.New("one of the two blocked the other")
)

// Follow makes followerID follow followedID, counting it on both accounts, queueing the
// follower's feed sync (feed_sync.go) and adding note (the
// new_follower notification, nil for none), in one transaction; following again changes
// nothing. ErrNotFound when followedID is no account, ErrUserSuspended when it is
// suspended, ErrBlockedEither when either blocked the other, ErrTooManyFollows past
// model.MaxFollows. It returns whether the follow is new, and who was notified.
func (s *Store) Follow(ctx context.Context, followerID, followedID string, now time.Time, note *model.Notification) (added bool, notified []string, err error) {
	if s.marks != nil {
		return s.followAtOnce(ctx, followerID, followedID, now, note)
	}
	err = s.batched(ctx, func(ctx context.Context, tx dbtx) error {
		added, notified = false, nil
		// SQLite: the transaction holds the database's one write lock, so one fan's follows
		// count in turn with no row lock (PostgreSQL's function locks both fans' rows).
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM follows WHERE follower_id = $1`, followerID).Scan(&n); err != nil {
			return fmt.Errorf("count follows: %w", err)
		}
		var suspended, blocked bool
		err = tx.QueryRowContext(ctx, `SELECT u.suspended_at IS NOT NULL, EXISTS (SELECT 1 FROM blocks b
			WHERE (b.blocker_id = $1 AND b.blocked_id = $2) OR (b.blocker_id = $2 AND b.blocked_id = $1))
			FROM users u WHERE u.id = $2`, followerID, followedID).Scan(&suspended, &blocked)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return fmt.Errorf("read followed user: %w", err)
		case suspended:
			return ErrUserSuspended
		case blocked:
			return ErrBlockedEither
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO follows (follower_id, followed_id, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (follower_id, followed_id) DO NOTHING`, followerID, followedID, millis(now))
		if err != nil {
			return fmt.Errorf("follow: %w", err)
		}
		if rows, _ := res.RowsAffected(); rows == 0 {
			return nil
		}
		if n >= model.MaxFollows {
			return ErrTooManyFollows
		}
		if err := countFollow(ctx, tx, followerID, followedID, 1); err != nil {
			return err
		}
		if err := queueFeedSync(ctx, tx, followerID, followedID); err != nil {
			return err
		}
		if added = true; note == nil {
			return nil
		}
		notified, err = insertNotifications(ctx, tx, []*model.Notification{note})
		return err
	})
	return added, notified, err
}

// followOutcomes are Follow's refusals by castaway_follow's outcome (migration 0105).
var followOutcomes = map[string]error{"missing": ErrNotFound, "suspended": ErrUserSuspended,
	"blocked": ErrBlockedEither, "cap": ErrTooManyFollows}

// followAtOnce is Follow on PostgreSQL: one call of the function migration 0105 made, on
// the marks' pool (its steps as a transaction took nine round trips, both fans' rows
// locked across them all).
func (s *Store) followAtOnce(ctx context.Context, followerID, followedID string, now time.Time, note *model.Notification) (bool, []string, error) {
	n := note
	if n == nil {
		n = &model.Notification{}
	}
	var outcome, told string
	err := s.marks.QueryRowContext(ctx, `SELECT outcome, told FROM castaway_follow($1, $2, CAST($3 AS BIGINT), CAST($4 AS INTEGER),
		$5, $6, $7, $8, $9, CAST($10 AS BIGINT))`,
		followerID, followedID, millis(now), model.MaxFollows,
		n.ID, n.Type, n.CreatedByName, n.Content, n.DedupeKey, millis(n.CreatedAt)).Scan(&outcome, &told)
	switch {
	case err != nil:
		return false, nil, fmt.Errorf("follow: %w", err)
	case followOutcomes[outcome] != nil:
		return false, nil, followOutcomes[outcome]
	case outcome == "again":
		return false, nil, nil
	case told != "":
		return true, []string{told}, nil
	}
	return true, nil, nil
}

// Unfollow ends followerID's follow of followedID, if any, with its counts, queueing the
// follower's feed sync (feed_sync.go); whether there was one.
func (s *Store) Unfollow(ctx context.Context, followerID, followedID string) (ended bool, err error) {
	if s.marks != nil {
		return unfollowAtOnce(ctx, s.marks, followerID, followedID)
	}
	err = s.batched(ctx, func(ctx context.Context, tx dbtx) (err error) {
		ended, err = unfollow(ctx, tx, followerID, followedID)
		return err
	})
	return ended, err
}

// unfollowAtOnce is unfollow on PostgreSQL, in q (the marks' pool, or a transaction): one
// call of the function migration 0105 made.
func unfollowAtOnce(ctx context.Context, q dbtx, followerID, followedID string) (bool, error) {
	var ended bool
	if err := q.QueryRowContext(ctx, `SELECT castaway_unfollow($1, $2)`, followerID, followedID).Scan(&ended); err != nil {
		return false, fmt.Errorf("unfollow: %w", err)
	}
	return ended, nil
}

// StmtFollowBackfill puts the newest public lists of fan $2, made after $3, at most $4,
// into the feed of $1 if $1 follows them. "IS TRUE" rather than "= TRUE": with it
// SQLite walked every public list of the weeks kept, newest first, for the few of one
// fan (each follow took 0.2-0.4 s at 100,000 lists); it now reads the fan's lists by
// their index and sorts those.
const StmtFollowBackfill = `INSERT INTO feed_items (reader_id, list_user_id, list_id, created_at)
	SELECT $1, l.user_id, l.id, l.created_at FROM lists l
	WHERE l.user_id = $2 AND l.is_public IS TRUE AND l.created_at > $3
	  AND EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = $1 AND f.followed_id = $2)
	ORDER BY l.created_at DESC LIMIT CAST($4 AS BIGINT)
	ON CONFLICT DO NOTHING`

// unfollow is Unfollow on SQLite, in tx (whose write lock stands for the rows' locks of
// castaway_unfollow).
func unfollow(ctx context.Context, tx dbtx, followerID, followedID string) (bool, error) {
	res, err := tx.ExecContext(ctx, `DELETE FROM follows WHERE follower_id = $1 AND followed_id = $2`, followerID, followedID)
	if err != nil {
		return false, fmt.Errorf("unfollow: %w", err)
	}
	if gone, _ := res.RowsAffected(); gone == 0 {
		return false, nil
	}
	if err := countFollow(ctx, tx, followerID, followedID, -1); err != nil {
		return false, err
	}
	return true, queueFeedSync(ctx, tx, followerID, followedID)
}

// countFollow adds delta to the counts one follow is part of: each side counts it while
// the other account is not suspended.
func countFollow(ctx context.Context, tx dbtx, followerID, followedID string, delta int) error {
	for _, q := range []string{
		`UPDATE users SET following_count = following_count + $3 WHERE id = $1 AND NOT ` + suspendedUser("$2"),
		`UPDATE users SET follower_count = follower_count + $3 WHERE id = $2 AND NOT ` + suspendedUser("$1"),
	} {
		if _, err := tx.ExecContext(ctx, q, followerID, followedID, delta); err != nil {
			return fmt.Errorf("count follow: %w", err)
		}
	}
	return nil
}

// suspendedUser is SQL true when the user id expression id is suspended.
func suspendedUser(id string) string {
	return `EXISTS (SELECT 1 FROM users su WHERE su.id = ` + id + ` AND su.suspended_at IS NOT NULL)`
}

// countFollowsOf adds delta to the counts of every account userID follows or is
// followed by: -1 as userID is suspended or deleted, +1 as its suspension is lifted.
func countFollowsOf(ctx context.Context, tx *sql.Tx, userID string, delta int) error {
	for _, q := range []string{
		`UPDATE users SET follower_count = follower_count + $2 WHERE id IN (SELECT followed_id FROM follows WHERE follower_id = $1)`,
		`UPDATE users SET following_count = following_count + $2 WHERE id IN (SELECT follower_id FROM follows WHERE followed_id = $1)`,
	} {
		if _, err := tx.ExecContext(ctx, q, userID, delta); err != nil {
			return fmt.Errorf("count follows: %w", err)
		}
	}
	return nil
}

// endFollows ends the follows between a and b both ways (a block), in tx.
func (s *Store) endFollows(ctx context.Context, tx *sql.Tx, a, b string) error {
	end := unfollow
	if s.dialect == Postgres {
		end = unfollowAtOnce
	}
	if _, err := end(ctx, tx, a, b); err != nil {
		return err
	}
	_, err := end(ctx, tx, b, a)
	return err
}

// Follows tells whether followerID follows followedID.
func (s *Store) Follows(ctx context.Context, followerID, followedID string) (bool, error) {
	var ok bool
	err := s.rdb.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND followed_id = $2)`,
		followerID, followedID).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("read follow: %w", err)
	}
	return ok, nil
}

// StmtFollowing reads up to $4 of the active accounts $1 follows, newest follow first,
// after the follow ($2 created_at, $3 followed id).
const StmtFollowing = `SELECT f.followed_id, u.display_name, f.created_at FROM follows f JOIN users u ON u.id = f.followed_id
	WHERE f.follower_id = $1 AND u.suspended_at IS NULL
	  AND (f.created_at < $2 OR (f.created_at = $2 AND f.followed_id < $3))
	ORDER BY f.created_at DESC, f.followed_id DESC LIMIT CAST($4 AS BIGINT)`

// Following returns up to limit of the accounts userID follows (suspended ones left
// out, as the counts leave them), newest first, after cursor ("" first), and the next
// page's cursor ("" when none). ErrBadCursor for a cursor it did not make.
func (s *Store) Following(ctx context.Context, userID, cursor string, limit int) ([]model.Followed, string, error) {
	at, k, err := timeCursor(cursor, 1)
	if err != nil {
		return nil, "", err
	}
	rows, err := s.rdb.QueryContext(ctx, StmtFollowing, userID, at, k[0], limit+1)
	out, err := rowsOf(rows, err, "list follows", func(rows *sql.Rows) (f model.Followed, err error) {
		var ms int64
		err = rows.Scan(&f.UserID, &f.DisplayName, &ms)
		f.FollowedAt = fromMillis(ms)
		return f, err
	})
	if err != nil {
		return nil, "", err
	}
	out, next := cutPage(out, limit, func(last *model.Followed) string { return nextTimeCursor(last.FollowedAt, last.UserID) })
	return out, next, nil
}

// FollowCounts reads userID's follower and following counts and whether they follow anyone.
func (s *Store) FollowCounts(ctx context.Context, userID string) (followers, following int, err error) {
	err = s.rdb.QueryRowContext(ctx, `SELECT follower_count, following_count FROM users WHERE id = $1`, userID).Scan(&followers, &following)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, ErrNotFound
	}
	return followers, following, err
}

// followCounts are the counts follows keep on users, each as (column, its rows grouped
// by user): a follow counts while the account at its other end is not suspended.
var followCounts = []struct{ column, recount string }{
	{"follower_count", `SELECT f.followed_id AS k, count(*) AS n FROM follows f JOIN users a ON a.id = f.follower_id
		WHERE a.suspended_at IS NULL GROUP BY f.followed_id`},
	{"following_count", `SELECT f.follower_id AS k, count(*) AS n FROM follows f JOIN users a ON a.id = f.followed_id
		WHERE a.suspended_at IS NULL GROUP BY f.follower_id`},
}

// followDiffs are the users whose column differs from its recount.
func followDiffs(column, recount string) string {
	return `SELECT u.id, '` + column + `' AS what, u.` + column + ` AS kept, COALESCE(r.n, 0) AS n FROM users u
		LEFT JOIN (` + recount + `) r ON r.k = u.id WHERE u.` + column + ` <> COALESCE(r.n, 0)`
}

// followChecks are the checks of AggFollows.
func followChecks() []check {
	var out []check
	for _, c := range followCounts {
		out = append(out, check{"user %s: %s %v, recounted %v", followDiffs(c.column, c.recount)})
	}
	return out
}

// followRepairs set what followChecks check, writing only the users that differ.
func followRepairs() []string {
	var out []string
	for _, c := range followCounts {
		out = append(out, `UPDATE users SET `+c.column+` = d.n FROM (`+followDiffs(c.column, c.recount)+`) d WHERE users.id = d.id`)
	}
	return out
}

// feedScan is how many of a reader's feed rows one StmtFeedKeys reads: a whole page and one
// more (to tell whether there is a next), however few the caller asks for, so the statement
// text, and with it PostgreSQL's cached plan, is one.
const feedScan = 21

// feedScans bounds the StmtFeedKeys reads of one page: a reader whose newer rows are all of
// lists no longer public gets a short page (and the cursor past what was read), never a
// read that grows with them.
const feedScans = 5

// StmtFeedKeys reads the next feedScan keys of reader $1's feed, newest first, after the row
// ($2 created_at, $3 owner, $4 id), without the lists of fans they no longer follow
// whose feed sync is still queued (feed_sync.go: a probe of that small table, where a
// probe of follows for every row cost the page 10-15 % on PostgreSQL), they reported or
// whose authors they blocked: one index range of the reader's own rows, with point lookups. It joins no list
// (lists_by_key.go says why).
var StmtFeedKeys = `SELECT f.list_user_id, f.list_id, f.created_at FROM feed_items f
	WHERE f.reader_id = $1 AND (f.created_at, f.list_user_id, f.list_id) < ($2, $3, $4)
	  AND NOT EXISTS (SELECT 1 FROM feed_syncs fs WHERE fs.reader_id = $1 AND fs.followed_id = f.list_user_id
	      AND NOT EXISTS (SELECT 1 FROM follows fo WHERE fo.follower_id = $1 AND fo.followed_id = f.list_user_id))
	  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = f.list_user_id)
	  AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.reporter_id = $1 AND r.kind = '` + KindList + `'
	      AND r.target_key = f.list_user_id || '/' || f.list_id)
	ORDER BY f.created_at DESC, f.list_user_id DESC, f.list_id DESC LIMIT ` + strconv.Itoa(feedScan)

// Feed returns up to limit (at most feedScan-1) lists of readerID's feed, newest first,
// after cursor ("" for the newest), and the next page's cursor ("" when none): the keys of
// the reader's own rows (StmtFeedKeys), then their lists by key (StmtFeedLists), again
// from the last key read while lists no longer public left the page short. ErrBadCursor for
// a cursor it did not make.
func (s *Store) Feed(ctx context.Context, readerID, cursor string, limit int) ([]model.ListSummary, string, error) {
	at, k, err := timeCursor(cursor, 2)
	if err != nil {
		return nil, "", err
	}
	limit = min(limit, feedScan-1)
	afterUser, afterList := k[0], k[1]
	out := []model.ListSummary{}
	var lists []*model.List
	next := ""
	for scan := 0; ; scan++ {
		keys, err := s.feedKeys(ctx, readerID, at, afterUser, afterList)
		if err != nil {
			return nil, "", fmt.Errorf("read feed: %w", err)
		}
		if len(keys) == 0 {
			break
		}
		byKey := make([]listKey, len(keys))
		for i, k := range keys {
			byKey[i] = listKey{k.userID, k.listID}
		}
		found, err := s.listedByKey(ctx, byKey)
		if err != nil {
			return nil, "", fmt.Errorf("read feed: %w", err)
		}
		for _, key := range keys {
			f, ok := found[listKey{key.userID, key.listID}]
			if !ok {
				continue
			}
			if len(out) == limit { // one more: there is a next page, after the last kept
				last := out[limit-1]
				next = nextTimeCursor(last.CreatedAt, last.UserID, last.ID)
				break
			}
			lists = append(lists, f.list)
			out = append(out, f.summary)
		}
		if next != "" || len(keys) < feedScan {
			break
		}
		last := keys[len(keys)-1]
		at, afterUser, afterList = last.createdAt, last.userID, last.listID
		if scan+1 == feedScans { // bounded: the next page carries on from the last row read
			next = nextTimeCursor(fromMillis(at), afterUser, afterList)
			break
		}
	}
	return out, next, s.addCards(ctx, lists, out)
}

type feedKey struct {
	userID, listID string
	createdAt      int64
}

// feedKeys reads the next StmtFeedKeys rows of readerID's feed after (at, user, list).
func (s *Store) feedKeys(ctx context.Context, readerID string, at int64, user, list string) ([]feedKey, error) {
	rows, err := s.rdb.QueryContext(ctx, StmtFeedKeys, readerID, at, user, list)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []feedKey
	for rows.Next() {
		var k feedKey
		if err := rows.Scan(&k.userID, &k.listID, &k.createdAt); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// SetNotifyFollowedLists sets whether userID hears when a fan they follow publishes a list.
func (s *Store) SetNotifyFollowedLists(ctx context.Context, userID string, on bool) error {
	res, err := s.db.ExecContext(ctx, `UPDATE users SET notify_followed_lists = $2 WHERE id = $1`, userID, on)
	if err != nil {
		return fmt.Errorf("save setting: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
