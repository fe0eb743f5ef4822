package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// User is an account.
type User struct {
	ID           string
	Email        string // empty for accounts made through a provider that gave none
	DisplayName  string
	PasswordHash string // empty for provider-only accounts
	IdolsFound   int
	CreatedAt    time.Time
}

const userColumns = `id, COALESCE(email, ''), display_name, COALESCE(password_hash, ''), idols_found, created_at`

func scanUser(row interface{ Scan(...any) error }) (*User, error) {
	var u User
	var created int64
	if err := row.Scan(&u.ID, &u.Email, &u.DisplayName, &u.PasswordHash, &u.IdolsFound, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, err
	}
	u.CreatedAt = fromMillis(created)
	return &u, nil
}

// CreateUser inserts u. ErrConflict means the email or the display name (both
// compared case-insensitively) is taken.
func (s *Store) CreateUser(ctx context.Context, u *User) error {
	var email, hash any
	if u.Email != "" {
		email = u.Email
	}
	if u.PasswordHash != "" {
		hash = u.PasswordHash
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (id, email, display_name, password_hash, idols_found, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, u.ID, email, u.DisplayName, hash, u.IdolsFound, millis(u.CreatedAt))
	if isUniqueViolation(err) {
		return ErrConflict
	}
	if err != nil {
		return fmt.Errorf("create user: %w", err)
	}
	return nil
}

// UserByID finds a user, or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id string) (*User, error) {
	return scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
}

// UserByEmail finds a user by email, case-insensitively, or ErrNotFound.
func (s *Store) UserByEmail(ctx context.Context, email string) (*User, error) {
	return scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE lower(email) = lower($1)`, email))
}
