package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"castaway/internal/model"
)

// Profile reads userID's public profile, or ErrNotFound.
func (s *Store) Profile(ctx context.Context, userID string) (*model.Profile, error) {
	var p model.Profile
	err := s.rdb.QueryRowContext(ctx, `SELECT u.id, u.display_name, u.idols_found,
		(SELECT count(*) FROM lists l WHERE l.user_id = u.id AND l.is_public = TRUE), u.suspended_at IS NOT NULL,
		u.follower_count, u.following_count
		FROM users u WHERE u.id = $1`, userID).Scan(&p.ID, &p.DisplayName, &p.IdolsFound, &p.ListCount, &p.Suspended, &p.Followers, &p.Following)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	return &p, nil
}

// UserExists tells whether userID is an account.
func (s *Store) UserExists(ctx context.Context, userID string) (bool, error) {
	var ok bool
	if err := s.rdb.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM users WHERE id = $1)`, userID).Scan(&ok); err != nil {
		return false, fmt.Errorf("check user: %w", err)
	}
	return ok, nil
}

// AddIdol counts one more hidden immunity idol for userID and returns the new total.
func (s *Store) AddIdol(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `UPDATE users SET idols_found = idols_found + 1 WHERE id = $1 RETURNING idols_found`, userID).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("add idol: %w", err)
	}
	return n, nil
}
