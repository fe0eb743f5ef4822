package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
)

// CreatePasswordReset stores a reset token's hash for a user and queues m, the mail that
// carries the link (nil: none), together.
func (s *Store) CreatePasswordReset(ctx context.Context, tokenHash, userID string, now, expires time.Time, m *OutMail) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO password_resets (token_hash, user_id, created_at, expires_at)
			VALUES ($1, $2, $3, $4)`, tokenHash, userID, millis(now), millis(expires))
		if err != nil {
			return fmt.Errorf("create password reset: %w", err)
		}
		if m == nil {
			return nil
		}
		return enqueueMail(ctx, tx, *m)
	})
}

// ResetPassword spends an unused, unexpired reset token: it sets the user's
// password hash and ends their credentials (endCredentials: every session, every other
// pending link), all at once. The link reached the account's address, so that counts as
// verified (an address change spends every reset link). ErrNotFound when the token is unknown, used or expired.
func (s *Store) ResetPassword(ctx context.Context, tokenHash, passwordHash string, now time.Time) (*model.User, error) {
	var u *model.User
	err := s.tx(ctx, func(tx *sql.Tx) error {
		// The conditional UPDATE is the single-use guard: of two racing confirms only one matches.
		var userID string
		err := tx.QueryRowContext(ctx, `UPDATE password_resets SET used_at = $2
			WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id`,
			tokenHash, millis(now)).Scan(&userID)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("spend reset token: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $2, password_removed_at = NULL,
			email_verified = (email IS NOT NULL) WHERE id = $1`, userID, passwordHash); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if err := endCredentials(ctx, tx, userID, "", now); err != nil {
			return err
		}
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, userID))
		return err
	})
	return u, err
}

// PasswordResetUsable tells whether a reset token is unused and unexpired, so a made-up
// token is turned away before any password is hashed. ResetPassword still decides.
func (s *Store) PasswordResetUsable(ctx context.Context, tokenHash string, now time.Time) (bool, error) {
	var ok bool
	err := s.rdb.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM password_resets
		WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2)`, tokenHash, millis(now)).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("read password reset: %w", err)
	}
	return ok, nil
}
