package model

import "time"

// OAuthState is one sign-in round trip to a provider, waiting for its callback.
type OAuthState struct {
	State      string
	Provider   string
	Verifier   string // PKCE code verifier
	Nonce      string // OIDC nonce
	RedirectTo string // app path to land on after sign-in
	ExpiresAt  time.Time
}
