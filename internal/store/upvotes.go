package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
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
		count, args := stmtCountUpvote, []any{ownerID, listID}
		if announce {
			count, args = stmtCountAnnouncedUpvote, append(args, userID)
		}
		if err := tx.QueryRowContext(ctx, count, args...).Scan(&r.UpvoteCount); err != nil {
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

// stmtCountUpvote counts one more upvote of list ($1, $2) for the tally to catch up;
// stmtCountAnnouncedUpvote also names its voter $3 as the one the author is to hear of.
const (
	stmtCountUpvote = `UPDATE lists SET upvote_count = upvote_count + 1, votes_pending = votes_pending + 1
		WHERE user_id = $1 AND id = $2 RETURNING upvote_count`
	stmtCountAnnouncedUpvote = `UPDATE lists SET upvote_count = upvote_count + 1, votes_pending = votes_pending + 1,
		last_voter_id = $3 WHERE user_id = $1 AND id = $2 RETURNING upvote_count`
)

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
	if err := tx.QueryRowContext(ctx, `UPDATE lists SET upvote_count = upvote_count - 1, votes_pending = votes_pending + 1,
		last_voter_id = CASE WHEN last_voter_id = $3 THEN '' ELSE last_voter_id END WHERE user_id = $1 AND id = $2
		RETURNING upvote_count`, ownerID, listID, userID).Scan(count); err != nil {
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
