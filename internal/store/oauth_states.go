package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// OAuthState is one sign-in round trip to a provider, waiting for its callback.
type OAuthState struct {
	State      string
	Provider   string
	Verifier   string // PKCE code verifier
	Nonce      string // OIDC nonce
	RedirectTo string // app path to land on after sign-in
	ExpiresAt  time.Time
}

// CreateOAuthState stores a round trip, and clears expired ones so the table stays small.
func (s *Store) CreateOAuthState(ctx context.Context, st OAuthState, now time.Time) error {
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
func (s *Store) TakeOAuthState(ctx context.Context, state string, now time.Time) (*OAuthState, error) {
	var st OAuthState
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
