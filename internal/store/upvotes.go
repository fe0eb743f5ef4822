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

// ListVisibilityOf looks a list up, or returns ErrNotFound.
func (s *Store) ListVisibilityOf(ctx context.Context, ownerID, listID string) (*model.ListVisibility, error) {
	l := model.ListVisibility{UserID: ownerID, ID: listID}
	err := s.rdb.QueryRowContext(ctx, StmtListVisibility, ownerID, listID).
		Scan(&l.Name, &l.IsPublic, &l.ThreadVersion)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("look up list: %w", err)
	}
	return &l, nil
}

// AddUpvote records userID's vote for a list, once, keeping lists.upvote_count and the
// day's count exact in the same transaction and leaving the rest to the tally
// (FoldVotes); announce says the list's author is to hear of the vote. ErrNotFound when
// the list does not exist or userID may not see it.
func (s *Store) AddUpvote(ctx context.Context, ownerID, listID, userID string, now time.Time, announce bool) (model.UpvoteResult, error) {
	if s.marks != nil {
		return s.addUpvoteAtOnce(ctx, ownerID, listID, userID, now, announce)
	}
	var r model.UpvoteResult
	err := s.batched(ctx, func(ctx context.Context, tx dbtx) error {
		r = model.UpvoteResult{}
		res, err := tx.ExecContext(ctx, `INSERT INTO list_upvotes (list_user_id, list_id, user_id, created_at)
			SELECT $1, $2, $3, CAST($4 AS BIGINT) WHERE EXISTS (`+stmtVisibleToVoter+`)
			ON CONFLICT (list_user_id, list_id, user_id) DO NOTHING`, ownerID, listID, userID, millis(now))
		if isForeignKeyViolation(err) { // the voter's account went meanwhile
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("add upvote: %w", err)
		}
		if added, _ := res.RowsAffected(); added == 0 { // voted before, or not a list the voter sees
			if err := visibleToVoter(ctx, tx, ownerID, listID, userID); err != nil {
				return err
			}
			r.Upvoted = true
			return upvoteCount(ctx, tx, ownerID, listID, &r.UpvoteCount)
		}
		r.Upvoted, r.Changed = true, true
		if err := tx.QueryRowContext(ctx, stmtCountUpvote, ownerID, listID).Scan(&r.UpvoteCount); err != nil {
			return fmt.Errorf("count upvote: %w", err)
		}
		voter := ""
		if announce {
			voter = userID
		}
		if _, err := tx.ExecContext(ctx, StmtVotePending, ownerID, listID, voter); err != nil {
			return fmt.Errorf("count upvote: %w", err)
		}
		if _, err := tx.ExecContext(ctx, StmtDailyUpvoteAdd, ownerID, listID, dayOf(millis(now))); err != nil {
			return fmt.Errorf("count upvote of the day: %w", err)
		}
		return nil
	})
	return r, err
}

// RemoveUpvote withdraws userID's vote, if any. ErrNotFound when the list does not exist
// or userID may not see it.
func (s *Store) RemoveUpvote(ctx context.Context, ownerID, listID, userID string) (model.UpvoteResult, error) {
	if s.marks != nil {
		return s.removeUpvoteAtOnce(ctx, ownerID, listID, userID)
	}
	var r model.UpvoteResult
	err := s.batched(ctx, func(ctx context.Context, tx dbtx) error {
		r = model.UpvoteResult{}
		removed, err := removeUpvote(ctx, tx, ownerID, listID, userID, true, &r.UpvoteCount)
		if r.Changed = removed; err != nil || removed {
			return err
		}
		if err := visibleToVoter(ctx, tx, ownerID, listID, userID); err != nil {
			return err
		}
		return upvoteCount(ctx, tx, ownerID, listID, &r.UpvoteCount)
	})
	return r, err
}

// stmtVisibleToVoter finds list ($1, $2) when voter $3 may see it (model.ListVisible).
var stmtVisibleToVoter = `SELECT 1 FROM lists l WHERE l.user_id = $1 AND l.id = $2 AND ` + model.ListVisibleSQL("l", "$3", "FALSE")

// visibleToVoter checks, in the vote's own transaction, that the voter may see the list:
// ErrNotFound otherwise, as for a list that does not exist. The writer holds the list's
// pages already; a reader's cache, emptied by every commit, would read them again.
func visibleToVoter(ctx context.Context, tx dbtx, ownerID, listID, voterID string) error {
	var one int
	err := tx.QueryRowContext(ctx, stmtVisibleToVoter, ownerID, listID, voterID).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("look up list: %w", err)
	}
	return nil
}

// stmtCountUpvote counts one more upvote of list ($1, $2).
const stmtCountUpvote = `UPDATE lists SET upvote_count = upvote_count + 1 WHERE user_id = $1 AND id = $2 RETURNING upvote_count`

// StmtVotePending leaves list ($1, $2) one more vote for the tally to catch up, naming
// voter $3 as the one its author is to hear of (an empty $3 keeps the one named before).
const StmtVotePending = `INSERT INTO list_votes_pending (list_user_id, list_id, n, last_voter_id) VALUES ($1, $2, 1, $3)
	ON CONFLICT (list_user_id, list_id) DO UPDATE SET n = list_votes_pending.n + 1,
		last_voter_id = CASE WHEN excluded.last_voter_id = '' THEN list_votes_pending.last_voter_id ELSE excluded.last_voter_id END`

// stmtWithdrawalPending leaves list ($1, $2) one more withdrawal for the tally to catch up;
// its voter $3, if the one the author was to hear of, is not announced.
const stmtWithdrawalPending = `INSERT INTO list_votes_pending (list_user_id, list_id, n, last_voter_id) VALUES ($1, $2, 1, '')
	ON CONFLICT (list_user_id, list_id) DO UPDATE SET n = list_votes_pending.n + 1,
		last_voter_id = CASE WHEN list_votes_pending.last_voter_id = $3 THEN '' ELSE list_votes_pending.last_voter_id END`

// removeUpvote withdraws userID's vote on a list in tx, if any (and, when seen, if they
// may see the list), keeping its count and its day's exact, the rest left to the tally;
// when it was there, count is the list's upvotes left. A voter the author has yet to
// hear of is not announced.
func removeUpvote(ctx context.Context, tx dbtx, ownerID, listID, userID string, seen bool, count *int) (bool, error) {
	var cast int64
	only := ""
	if seen {
		only = ` AND EXISTS (` + stmtVisibleToVoter + `)`
	}
	err := tx.QueryRowContext(ctx, `DELETE FROM list_upvotes WHERE list_user_id = $1 AND list_id = $2 AND user_id = $3`+only+`
		RETURNING created_at`, ownerID, listID, userID).Scan(&cast)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("remove upvote: %w", err)
	}
	if err := tx.QueryRowContext(ctx, `UPDATE lists SET upvote_count = upvote_count - 1 WHERE user_id = $1 AND id = $2
		RETURNING upvote_count`, ownerID, listID).Scan(count); err != nil {
		return false, fmt.Errorf("count upvote: %w", err)
	}
	if _, err := tx.ExecContext(ctx, stmtWithdrawalPending, ownerID, listID, userID); err != nil {
		return false, fmt.Errorf("count upvote: %w", err)
	}
	// The vote leaves the day it was cast on, so "this week" forgets it too once the
	// tally recounts the list's weeks; a day left with none goes.
	var left int
	if err := tx.QueryRowContext(ctx, `UPDATE list_upvotes_daily SET n = n - 1 WHERE list_user_id = $1 AND list_id = $2 AND day = $3
		RETURNING n`, ownerID, listID, dayOf(cast)).Scan(&left); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("uncount upvote of the day: %w", err)
	}
	if left <= 0 {
		if _, err := tx.ExecContext(ctx, `DELETE FROM list_upvotes_daily WHERE list_user_id = $1 AND list_id = $2 AND day = $3 AND n <= 0`,
			ownerID, listID, dayOf(cast)); err != nil {
			return false, fmt.Errorf("uncount upvote of the day: %w", err)
		}
	}
	return true, nil
}

// StmtDailyUpvoteAdd counts one more upvote for a list ($1, $2) on day $3.
const StmtDailyUpvoteAdd = `INSERT INTO list_upvotes_daily (list_user_id, list_id, day, n) VALUES ($1, $2, $3, 1)
	ON CONFLICT (list_user_id, list_id, day) DO UPDATE SET n = list_upvotes_daily.n + 1`

// dayMillis is one UTC day; upvotes are counted per day number ms / dayMillis.
const dayMillis = 24 * 60 * 60 * 1000

// dayOf is the UTC day number of a time in milliseconds.
func dayOf(ms int64) int64 { return ms / dayMillis }

func upvoteCount(ctx context.Context, tx dbtx, ownerID, listID string, count *int) error {
	err := tx.QueryRowContext(ctx, `SELECT upvote_count FROM lists WHERE user_id = $1 AND id = $2`, ownerID, listID).Scan(count)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("read upvote count: %w", err)
	}
	return nil
}

// On PostgreSQL a vote and a withdrawal are each one statement on the marks' pool (see
// batched), its parts in data-modifying CTEs: the vote's row, the list's count and the
// day's commit together, and the list's row, which every voter of the list updates, is
// locked for one statement's run rather than across round trips (which on a busy machine
// queued a popular list's voters behind each other). The list's row is locked before its
// pending row (a sub-statement the main one does not read runs after it), as the tally's
// catch-up locks them (FoldListsTogether).

// stmtAddUpvoteAtOnce adds voter $3's vote on list ($1, $2) at $4 (day $5) when the voter
// may see the list, counting it on the list (naming the voter when $6) and on the day; it
// returns the list's count when the vote was added, and no row otherwise.
var stmtAddUpvoteAtOnce = `WITH added AS (
	INSERT INTO list_upvotes (list_user_id, list_id, user_id, created_at)
	SELECT $1, $2, $3, CAST($4 AS BIGINT) WHERE EXISTS (` + stmtVisibleToVoter + `)
	ON CONFLICT (list_user_id, list_id, user_id) DO NOTHING RETURNING 1
), daily AS (
	INSERT INTO list_upvotes_daily (list_user_id, list_id, day, n) SELECT $1, $2, CAST($5 AS BIGINT), 1 FROM added
	ON CONFLICT (list_user_id, list_id, day) DO UPDATE SET n = list_upvotes_daily.n + 1
), pending AS (
	INSERT INTO list_votes_pending (list_user_id, list_id, n, last_voter_id)
	SELECT $1, $2, 1, CASE WHEN CAST($6 AS BOOLEAN) THEN $3 ELSE '' END FROM added
	ON CONFLICT (list_user_id, list_id) DO UPDATE SET n = list_votes_pending.n + 1,
		last_voter_id = CASE WHEN excluded.last_voter_id = '' THEN list_votes_pending.last_voter_id ELSE excluded.last_voter_id END
)
UPDATE lists SET upvote_count = upvote_count + 1
WHERE user_id = $1 AND id = $2 AND EXISTS (SELECT 1 FROM added) RETURNING upvote_count`

// stmtRemoveUpvoteAtOnce withdraws voter $3's vote on list ($1, $2) when the voter may see
// the list, uncounting it on the list and on the day it was cast; it returns the list's
// count left and the day's (NULL when the vote was not there, or its day had no row).
var stmtRemoveUpvoteAtOnce = `WITH removed AS (
	DELETE FROM list_upvotes WHERE list_user_id = $1 AND list_id = $2 AND user_id = $3 AND EXISTS (` + stmtVisibleToVoter + `)
	RETURNING created_at
), counted AS (
	UPDATE lists SET upvote_count = upvote_count - 1
	WHERE user_id = $1 AND id = $2 AND EXISTS (SELECT 1 FROM removed) RETURNING upvote_count
), pending AS (
	INSERT INTO list_votes_pending (list_user_id, list_id, n, last_voter_id) SELECT $1, $2, 1, '' FROM removed
	ON CONFLICT (list_user_id, list_id) DO UPDATE SET n = list_votes_pending.n + 1,
		last_voter_id = CASE WHEN list_votes_pending.last_voter_id = $3 THEN '' ELSE list_votes_pending.last_voter_id END
), daily AS (
	UPDATE list_upvotes_daily d SET n = d.n - 1 FROM removed r
	WHERE d.list_user_id = $1 AND d.list_id = $2 AND d.day = r.created_at / ` + strconv.Itoa(dayMillis) + `
	RETURNING d.day, d.n
)
SELECT (SELECT upvote_count FROM counted), (SELECT day FROM daily), (SELECT n FROM daily)`

// addUpvoteAtOnce is AddUpvote on PostgreSQL: one statement, and when it added nothing
// (voted before, or not a list the voter may see) the reads that say which.
func (s *Store) addUpvoteAtOnce(ctx context.Context, ownerID, listID, userID string, now time.Time, announce bool) (model.UpvoteResult, error) {
	r := model.UpvoteResult{Upvoted: true}
	err := s.marks.QueryRowContext(ctx, stmtAddUpvoteAtOnce, ownerID, listID, userID, millis(now), dayOf(millis(now)), announce).
		Scan(&r.UpvoteCount)
	switch {
	case err == nil:
		r.Changed = true
		return r, nil
	case isForeignKeyViolation(err): // the voter's account went meanwhile
		return model.UpvoteResult{}, ErrNotFound
	case !errors.Is(err, sql.ErrNoRows):
		return model.UpvoteResult{}, fmt.Errorf("add upvote: %w", err)
	}
	return r, s.upvoteAsItStands(ctx, ownerID, listID, userID, &r)
}

// removeUpvoteAtOnce is RemoveUpvote on PostgreSQL: one statement, then a day left with
// no votes goes (a row of 0 counts as none meanwhile).
func (s *Store) removeUpvoteAtOnce(ctx context.Context, ownerID, listID, userID string) (model.UpvoteResult, error) {
	var r model.UpvoteResult
	var count, day, left sql.NullInt64
	if err := s.marks.QueryRowContext(ctx, stmtRemoveUpvoteAtOnce, ownerID, listID, userID).Scan(&count, &day, &left); err != nil {
		return r, fmt.Errorf("remove upvote: %w", err)
	}
	if !count.Valid {
		return r, s.upvoteAsItStands(ctx, ownerID, listID, userID, &r)
	}
	r.Changed, r.UpvoteCount = true, int(count.Int64)
	if day.Valid && left.Int64 <= 0 {
		if _, err := s.marks.ExecContext(ctx, `DELETE FROM list_upvotes_daily WHERE list_user_id = $1 AND list_id = $2 AND day = $3 AND n <= 0`,
			ownerID, listID, day.Int64); err != nil {
			return r, fmt.Errorf("uncount upvote of the day: %w", err)
		}
	}
	return r, nil
}

// upvoteAsItStands sets r's count for a vote or withdrawal that changed nothing, once the
// voter is found to see the list (ErrNotFound otherwise).
func (s *Store) upvoteAsItStands(ctx context.Context, ownerID, listID, userID string, r *model.UpvoteResult) error {
	if err := visibleToVoter(ctx, s.marks, ownerID, listID, userID); err != nil {
		return err
	}
	return upvoteCount(ctx, s.marks, ownerID, listID, &r.UpvoteCount)
}
