package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
)

// CreateOAuthState stores a round trip, and clears expired ones so the table stays small.
func (s *Store) CreateOAuthState(ctx context.Context, st model.OAuthState, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM oauth_states WHERE expires_at <= $1`, millis(now)); err != nil {
		return fmt.Errorf("clear expired oauth states: %w", err)
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO oauth_states (state, provider, verifier, nonce, redirect_to, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, st.State, st.Provider, st.Verifier, st.Nonce, st.RedirectTo, millis(st.ExpiresAt))
	if err != nil {
		return fmt.Errorf("create oauth state: %w", err)
	}
	return nil
}

// TakeOAuthState removes and returns an unexpired round trip: each state works
// once. ErrNotFound when it is unknown, already used or expired.
func (s *Store) TakeOAuthState(ctx context.Context, state string, now time.Time) (*model.OAuthState, error) {
	var st model.OAuthState
	var expires int64
	err := s.db.QueryRowContext(ctx, `DELETE FROM oauth_states WHERE state = $1
		RETURNING state, provider, verifier, nonce, redirect_to, expires_at`, state).
		Scan(&st.State, &st.Provider, &st.Verifier, &st.Nonce, &st.RedirectTo, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("take oauth state: %w", err)
	}
	st.ExpiresAt = fromMillis(expires)
	if !st.ExpiresAt.After(now) {
		return nil, ErrNotFound
	}
	return &st, nil
}
