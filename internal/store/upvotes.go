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

// AddUpvote records userID's vote for a list, once, keeping lists.upvote_count exact in
// the same transaction; note, when not nil, is added only when the vote is new.
// ErrNotFound when the list does not exist.
func (s *Store) AddUpvote(ctx context.Context, ownerID, listID, userID string, now time.Time, note *model.Notification) (model.UpvoteResult, error) {
	var r model.UpvoteResult
	err := s.batched(ctx, func(ctx context.Context, tx dbtx) error {
		r = model.UpvoteResult{}
		res, err := tx.ExecContext(ctx, `INSERT INTO list_upvotes (list_user_id, list_id, user_id, created_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (list_user_id, list_id, user_id) DO NOTHING`, ownerID, listID, userID, millis(now))
		if isForeignKeyViolation(err) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("add upvote: %w", err)
		}
		r.Upvoted = true
		if added, _ := res.RowsAffected(); added == 0 {
			return upvoteCount(ctx, tx, ownerID, listID, &r.UpvoteCount)
		}
		if err := tx.QueryRowContext(ctx, `UPDATE lists SET upvote_count = upvote_count + 1 WHERE user_id = $1 AND id = $2
			RETURNING upvote_count`, ownerID, listID).Scan(&r.UpvoteCount); err != nil {
			return fmt.Errorf("count upvote: %w", err)
		}
		if _, err := tx.ExecContext(ctx, StmtDailyUpvoteAdd, ownerID, listID, dayOf(millis(now))); err != nil {
			return fmt.Errorf("count upvote of the day: %w", err)
		}
		if _, err := tx.ExecContext(ctx, StmtWeekUpvoteAdd, ownerID, listID, dayOf(millis(now)), dayOf(millis(now))+weekDays-1); err != nil {
			return fmt.Errorf("count upvote of the week: %w", err)
		}
		if note != nil {
			r.Notified, err = insertNotifications(ctx, tx, []*model.Notification{note})
		}
		return err
	})
	return r, err
}

// RemoveUpvote withdraws userID's vote, if any. ErrNotFound when the list does not exist.
func (s *Store) RemoveUpvote(ctx context.Context, ownerID, listID, userID string) (model.UpvoteResult, error) {
	var r model.UpvoteResult
	err := s.batched(ctx, func(ctx context.Context, tx dbtx) error {
		r = model.UpvoteResult{}
		removed, err := removeUpvote(ctx, tx, ownerID, listID, userID, &r.UpvoteCount)
		if err != nil || removed {
			return err
		}
		return upvoteCount(ctx, tx, ownerID, listID, &r.UpvoteCount)
	})
	return r, err
}

// removeUpvote withdraws userID's vote on a list in tx, if any, keeping its counts exact;
// when it was there, count is the list's upvotes left.
func removeUpvote(ctx context.Context, tx dbtx, ownerID, listID, userID string, count *int) (bool, error) {
	var cast int64
	err := tx.QueryRowContext(ctx, `DELETE FROM list_upvotes WHERE list_user_id = $1 AND list_id = $2 AND user_id = $3
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
	// The vote leaves the day it was cast on, so "this week" forgets it too; a day left
	// with none goes.
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
	// And the kept weeks that day is in (weeks.go); a week left with none goes.
	for _, q := range []string{
		`UPDATE list_upvotes_week SET n = n - 1 WHERE list_user_id = $1 AND list_id = $2 AND end_day >= $3 AND end_day <= $4`,
		`DELETE FROM list_upvotes_week WHERE list_user_id = $1 AND list_id = $2 AND end_day >= $3 AND end_day <= $4 AND n <= 0`,
	} {
		if _, err := tx.ExecContext(ctx, q, ownerID, listID, dayOf(cast), dayOf(cast)+weekDays-1); err != nil {
			return false, fmt.Errorf("uncount upvote of the week: %w", err)
		}
	}
	return true, nil
}

// StmtDailyUpvoteAdd counts one more upvote for a list ($1, $2) on day $3.
const StmtDailyUpvoteAdd = `INSERT INTO list_upvotes_daily (list_user_id, list_id, day, n) VALUES ($1, $2, $3, 1)
	ON CONFLICT (list_user_id, list_id, day) DO UPDATE SET n = list_upvotes_daily.n + 1`

// StmtWeekUpvoteAdd counts one more upvote for a list ($1, $2) cast on day $3 in the
// kept weeks that hold it, those ending on days $3 … $4 (= $3 + 6): see weeks.go.
const StmtWeekUpvoteAdd = `INSERT INTO list_upvotes_week (list_user_id, list_id, end_day, n)
	SELECT $1, $2, w.end_day, 1 FROM list_upvote_weeks w WHERE w.end_day >= $3 AND w.end_day <= $4
	ON CONFLICT (list_user_id, list_id, end_day) DO UPDATE SET n = list_upvotes_week.n + 1`

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
