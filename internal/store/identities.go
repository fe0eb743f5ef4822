package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"castaway/internal/model"
)

// UserByIdentity finds the user signed in through a provider account, or ErrNotFound.
func (s *Store) UserByIdentity(ctx context.Context, provider, subject string) (*model.User, error) {
	return scanUser(s.rdb.QueryRowContext(ctx, `SELECT `+prefixed("u.", userColumns)+`
		FROM identities i JOIN users u ON u.id = i.user_id
		WHERE i.provider = $1 AND i.subject = $2`, provider, subject))
}

// AddIdentity links a provider account to an existing user. ErrConflict when
// that provider account is already linked.
func (s *Store) AddIdentity(ctx context.Context, id model.Identity, now time.Time) error {
	return addIdentity(ctx, s.db, id, now)
}

// CreateUserWithIdentity makes a new user and links the provider account in one
// step, so no account exists without its way in. Errors as CreateUser, or
// ErrConflict when the provider account is already linked.
func (s *Store) CreateUserWithIdentity(ctx context.Context, u *model.User, id model.Identity) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := createUser(ctx, tx, u); err != nil {
			return err
		}
		id.UserID = u.ID
		return addIdentity(ctx, tx, id, u.CreatedAt)
	})
}

func addIdentity(ctx context.Context, db execer, id model.Identity, now time.Time) error {
	var email any
	if id.Email != "" {
		email = id.Email
	}
	_, err := db.ExecContext(ctx, `INSERT INTO identities (provider, subject, user_id, email, created_at)
		VALUES ($1, $2, $3, $4, $5)`, id.Provider, id.Subject, id.UserID, email, millis(now))
	if isUniqueViolation(err) {
		return ErrConflict
	}
	if err != nil {
		return fmt.Errorf("add identity: %w", err)
	}
	return nil
}

// IdentityProviders lists the providers linked to a user, in name order.
func (s *Store) IdentityProviders(ctx context.Context, userID string) ([]string, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT DISTINCT provider FROM identities WHERE user_id = $1 ORDER BY provider`, userID)
	return stringsOf(rows, err, "identity providers")
}
