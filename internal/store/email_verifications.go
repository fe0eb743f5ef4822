package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
)

// Why a verification link was refused.
var (
	ErrTokenUsed    = errors.New("token already used")
	ErrTokenExpired = errors.New("token expired")
)

func insertVerification(ctx context.Context, db execer, v model.EmailVerification) error {
	_, err := db.ExecContext(ctx, `INSERT INTO email_verifications (token_hash, user_id, email, email_key, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, v.TokenHash, v.UserID, v.Email, model.FoldKey(v.Email), millis(v.CreatedAt), millis(v.ExpiresAt))
	if err != nil {
		return fmt.Errorf("create email verification: %w", err)
	}
	return nil
}

// CreateUserVerifying inserts u (errors as CreateUser) with a link to verify its address
// and the mail that carries it, all or nothing.
func (s *Store) CreateUserVerifying(ctx context.Context, u *model.User, v model.EmailVerification, m OutMail) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := createUser(ctx, tx, u); err != nil {
			return err
		}
		v.UserID = u.ID
		if err := insertVerification(ctx, tx, v); err != nil {
			return err
		}
		return enqueueMail(ctx, tx, m)
	})
}

// CreateEmailVerification stores a link that the session sessionHash names asked for and
// queues the mail that carries it, together; ErrNotFound when that session is not v's
// account's (any more). Taking the session's row orders this with a credential event's
// endCredentials, which ends sessions before it spends links: the link is either refused
// here or stored in time to be spent there, never left pending past the event.
func (s *Store) CreateEmailVerification(ctx context.Context, sessionHash string, v model.EmailVerification, m OutMail) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE sessions SET last_seen_at = last_seen_at WHERE token_hash = $1 AND user_id = $2`, sessionHash, v.UserID)
		if err != nil {
			return fmt.Errorf("hold session: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		if err := insertVerification(ctx, tx, v); err != nil {
			return err
		}
		return enqueueMail(ctx, tx, m)
	})
}

// VerifyEmail spends a verification link. For the account's own address it marks it
// verified; for another one it makes that the account's address, verified, and spends
// every other link and reset of the account (they were mailed to the old address);
// changed says which. ErrNotFound for an unknown token, ErrTokenUsed, ErrTokenExpired, or
// ErrEmailTaken when another account took the new address meanwhile.
func (s *Store) VerifyEmail(ctx context.Context, tokenHash string, now time.Time) (changed bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		// The conditional UPDATE is the single-use guard: of two racing clicks only one matches.
		var userID, email string
		err := tx.QueryRowContext(ctx, `UPDATE email_verifications SET used_at = $2
			WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id, email`,
			tokenHash, millis(now)).Scan(&userID, &email)
		if errors.Is(err, sql.ErrNoRows) {
			return refusedToken(ctx, tx, tokenHash)
		}
		if err != nil {
			return fmt.Errorf("spend verification: %w", err)
		}
		res, err := tx.ExecContext(ctx, `UPDATE users SET email_verified = TRUE WHERE id = $1 AND email_key = $2`, userID, model.FoldKey(email))
		if err != nil {
			return fmt.Errorf("verify email: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 { // a new address: it takes effect now
			changed = true
			_, err := tx.ExecContext(ctx, `UPDATE users SET email = $2, email_key = $3, email_verified = TRUE WHERE id = $1`,
				userID, email, model.FoldKey(email))
			if isUniqueViolation(err) {
				return ErrEmailTaken
			}
			if err != nil {
				return fmt.Errorf("change email: %w", err)
			}
			if err := spendMailedTokens(ctx, tx, userID, now); err != nil {
				return err
			}
		} else if _, err := tx.ExecContext(ctx, `UPDATE email_verifications SET used_at = $3
			WHERE user_id = $1 AND email_key = $2 AND used_at IS NULL`, userID, model.FoldKey(email), millis(now)); err != nil {
			return fmt.Errorf("spend other verifications: %w", err)
		}
		return nil
	})
	return changed, err
}

// refusedToken says why a verification token did not match.
func refusedToken(ctx context.Context, tx *sql.Tx, tokenHash string) error {
	var used sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT used_at FROM email_verifications WHERE token_hash = $1`, tokenHash).Scan(&used)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotFound
	case err != nil:
		return fmt.Errorf("read verification: %w", err)
	case used.Valid:
		return ErrTokenUsed
	}
	return ErrTokenExpired
}

// spendMailedTokens spends every unused verification link and reset link of userID.
func spendMailedTokens(ctx context.Context, tx *sql.Tx, userID string, now time.Time) error {
	for _, table := range []string{"email_verifications", "password_resets"} {
		if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, userID, millis(now)); err != nil {
			return fmt.Errorf("spend %s: %w", table, err)
		}
	}
	return nil
}

// PendingEmail is the address userID asked to change to and has not verified yet (the
// newest unexpired link's), or "".
func (s *Store) PendingEmail(ctx context.Context, userID string, now time.Time) (string, error) {
	var email string
	err := s.rdb.QueryRowContext(ctx, `SELECT v.email FROM email_verifications v JOIN users u ON u.id = v.user_id
		WHERE v.user_id = $1 AND v.used_at IS NULL AND v.expires_at > $2 AND (u.email_key IS NULL OR v.email_key <> u.email_key)
		ORDER BY v.created_at DESC LIMIT 1`, userID, millis(now)).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("read pending email: %w", err)
	}
	return email, nil
}

// ClaimForProvider hands userID's account, while its address is still email, to the person
// a provider just proved owns that address: the password (which whoever made the account chose) goes, every session
// ends, every mailed link is spent, the address counts as verified, and id is linked
// (a link already there is kept). The caller ends the sessions' streams.
// ErrNotFound when the account is gone or its address changed meanwhile.
func (s *Store) ClaimForProvider(ctx context.Context, userID, email string, id model.Identity, now time.Time) (*model.User, error) {
	var u *model.User
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET email_verified = TRUE,
			password_removed_at = CASE WHEN password_hash IS NULL THEN password_removed_at ELSE $2 END,
			password_hash = NULL WHERE id = $1 AND email_key = $3`, userID, millis(now), model.FoldKey(email))
		if err != nil {
			return fmt.Errorf("claim account: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		if err := endCredentials(ctx, tx, userID, "", now); err != nil {
			return err
		}
		var email any
		if id.Email != "" {
			email = id.Email
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO identities (provider, subject, user_id, email, created_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, id.Provider, id.Subject, userID, email, millis(now)); err != nil {
			return fmt.Errorf("claim account: link identity: %w", err)
		}
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, userID))
		return err
	})
	return u, err
}

// DismissPasswordNotice forgets that a provider's proof removed userID's password.
func (s *Store) DismissPasswordNotice(ctx context.Context, userID string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE users SET password_removed_at = NULL WHERE id = $1`, userID); err != nil {
		return fmt.Errorf("dismiss password notice: %w", err)
	}
	return nil
}
