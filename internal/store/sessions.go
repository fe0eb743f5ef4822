package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// CreateSession stores a session under the hash of its token.
func (s *Store) CreateSession(ctx context.Context, tokenHash, userID string, now, expires time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		tokenHash, userID, millis(now), millis(expires))
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionUser finds the user of an unexpired session, or ErrNotFound. A suspended
// account has none, even one started in a race with its suspension (Suspension.Active).
func (s *Store) SessionUser(ctx context.Context, tokenHash string, now time.Time) (*User, error) {
	return scanUser(s.rdb.QueryRowContext(ctx, `SELECT `+prefixed("u.", userColumns)+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = $1 AND s.expires_at > $2
		  AND (u.suspended_at IS NULL OR u.suspended_until <= $2)`, tokenHash, millis(now)))
}

// DeleteSession revokes one session.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return err
}

// DeleteUserSessions revokes every session of a user (after a password reset).
func (s *Store) DeleteUserSessions(ctx context.Context, userID string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID)
	return err
}

// SetPassword stores a user's new password hash and revokes every session of theirs, at once.
func (s *Store) SetPassword(ctx context.Context, userID, passwordHash string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $2 WHERE id = $1`, userID, passwordHash); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("revoke sessions: %w", err)
		}
		return nil
	})
}
