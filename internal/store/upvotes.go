package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// ListVisibility is what the community features need to know about a list.
type ListVisibility struct {
	UserID   string // owner
	ID       string
	Name     string
	IsPublic bool
}

// ListVisibilityOf looks a list up, or returns ErrNotFound.
func (s *Store) ListVisibilityOf(ctx context.Context, ownerID, listID string) (*ListVisibility, error) {
	l := ListVisibility{UserID: ownerID, ID: listID}
	err := s.db.QueryRowContext(ctx, `SELECT name, is_public FROM lists WHERE user_id = $1 AND id = $2`, ownerID, listID).
		Scan(&l.Name, &l.IsPublic)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("look up list: %w", err)
	}
	return &l, nil
}

// UpvoteResult is a list's vote state after a change.
type UpvoteResult struct {
	UpvoteCount int
	Upvoted     bool
	Notified    []string // recipients of notifications made by the change
}

// AddUpvote records userID's vote for a list, once, keeping lists.upvote_count exact in
// the same transaction; note, when not nil, is added only when the vote is new.
// ErrNotFound when the list does not exist.
func (s *Store) AddUpvote(ctx context.Context, ownerID, listID, userID string, now time.Time, note *Notification) (UpvoteResult, error) {
	var r UpvoteResult
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO list_upvotes (list_user_id, list_id, user_id, created_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (list_user_id, list_id, user_id) DO NOTHING`, ownerID, listID, userID, millis(now))
		if isForeignKeyViolation(err) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("add upvote: %w", err)
		}
		if added, _ := res.RowsAffected(); added == 1 {
			if _, err := tx.ExecContext(ctx, `UPDATE lists SET upvote_count = upvote_count + 1 WHERE user_id = $1 AND id = $2`, ownerID, listID); err != nil {
				return fmt.Errorf("count upvote: %w", err)
			}
			if note != nil {
				if r.Notified, err = insertNotifications(ctx, tx, []*Notification{note}); err != nil {
					return err
				}
			}
		}
		r.Upvoted = true
		return upvoteCount(ctx, tx, ownerID, listID, &r.UpvoteCount)
	})
	return r, err
}

// RemoveUpvote withdraws userID's vote, if any. ErrNotFound when the list does not exist.
func (s *Store) RemoveUpvote(ctx context.Context, ownerID, listID, userID string) (UpvoteResult, error) {
	var r UpvoteResult
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM list_upvotes WHERE list_user_id = $1 AND list_id = $2 AND user_id = $3`, ownerID, listID, userID)
		if err != nil {
			return fmt.Errorf("remove upvote: %w", err)
		}
		if removed, _ := res.RowsAffected(); removed == 1 {
			if _, err := tx.ExecContext(ctx, `UPDATE lists SET upvote_count = upvote_count - 1 WHERE user_id = $1 AND id = $2`, ownerID, listID); err != nil {
				return fmt.Errorf("count upvote: %w", err)
			}
		}
		return upvoteCount(ctx, tx, ownerID, listID, &r.UpvoteCount)
	})
	return r, err
}

func upvoteCount(ctx context.Context, tx *sql.Tx, ownerID, listID string, count *int) error {
	err := tx.QueryRowContext(ctx, `SELECT upvote_count FROM lists WHERE user_id = $1 AND id = $2`, ownerID, listID).Scan(count)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("read upvote count: %w", err)
	}
	return nil
}
