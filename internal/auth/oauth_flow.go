package auth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// OAuthStateLifetime bounds how long a provider round trip may take.
const OAuthStateLifetime = 10 * time.Minute

// ErrAccountExists means the provider's email belongs to an account that signs
// in another way; no second account is made.
var ErrAccountExists = problem.New(problem.Conflict, "account_exists", problem.MsgAccountExists)

// ErrBadState means the callback's state is unknown, used, expired or for another provider.
var ErrBadState = errors.New("unknown or expired sign-in state")

// MaxRedirectLength bounds the app path a provider sign-in returns to: the app's own
// paths are short, and it is stored with the round trip.
const MaxRedirectLength = 256

// SafeRedirect keeps only short same-site app paths, so a sign-in link cannot send
// the user to another site nor store a long one; anything else lands on the home page.
func SafeRedirect(path string) string {
	if path == "" || len(path) > MaxRedirectLength || !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") || strings.ContainsAny(path, "\\\r\n\t") {
		return "/"
	}
	u, err := url.Parse(path)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return "/"
	}
	return path
}

// StartOAuth records a round trip to provider for a request from clientIP and returns
// the URL to send the browser to, and the state that must come back. Each stores a row,
// so starts are counted per client first.
func (a *Accounts) StartOAuth(ctx context.Context, name string, p Provider, redirect, clientIP string) (authURL, state string, err error) {
	if err := a.hit(ctx, map[limits.Limit]string{a.limits.OAuthStartPerIP: clientIP}); err != nil {
		return "", "", err
	}
	state, _ = NewToken()
	nonce, _ := NewToken()
	verifier := oauth2.GenerateVerifier()
	authURL, err = p.AuthCodeURL(ctx, state, nonce, verifier)
	if err != nil {
		return "", "", err
	}
	now := a.now()
	err = a.store.CreateOAuthState(ctx, model.OAuthState{
		State: state, Provider: name, Verifier: verifier, Nonce: nonce,
		RedirectTo: SafeRedirect(redirect), ExpiresAt: now.Add(OAuthStateLifetime),
	}, now)
	if err != nil {
		return "", "", err
	}
	return authURL, state, nil
}

// FinishOAuth checks the callback's state, trades the code for a profile and
// signs that person in for client, making their account on first sign-in. It returns
// the session begun and the app path they started from.
func (a *Accounts) FinishOAuth(ctx context.Context, name string, p Provider, state, code string, client Client) (*SignedIn, string, error) {
	st, err := a.store.TakeOAuthState(ctx, state, a.now())
	if errors.Is(err, store.ErrNotFound) || (err == nil && st.Provider != name) {
		return nil, "", ErrBadState
	}
	if err != nil {
		return nil, "", err
	}
	profile, err := p.Exchange(ctx, code, st.Nonce, st.Verifier)
	if err != nil {
		return nil, "", err
	}
	u, err := a.ProviderSignIn(ctx, profile)
	if err == nil {
		err = a.admit(ctx, u)
	}
	if err != nil {
		return nil, "", err
	}
	in, err := a.signIn(ctx, u, client)
	return in, st.RedirectTo, err
}

// ProviderSignIn finds or makes the account for a provider profile. An address the
// provider proved (Google's verified email, Twitter/X's confirmed one) that belongs to an
// account joins it when the account proved it too; when the account never did, the
// provider's proof wins (claim): whoever set the account's password is put out. Any
// other address already in use is ErrAccountExists.
func (a *Accounts) ProviderSignIn(ctx context.Context, p *Profile) (*model.User, error) {
	if p.Subject == "" {
		return nil, errors.New("provider profile has no subject")
	}
	proven := p.EmailVerified && p.Email != ""
	id := model.Identity{Provider: p.Provider, Subject: p.Subject, Email: p.Email}
	u, err := a.store.UserByIdentity(ctx, p.Provider, p.Subject)
	if err == nil {
		// Linked before addresses were checked: the same proof takes it back now.
		if proven && u.Email != "" && !u.EmailVerified && strings.EqualFold(u.Email, p.Email) {
			return a.claim(ctx, u, id)
		}
		return u, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	if p.Email != "" {
		existing, err := a.store.UserByEmail(ctx, p.Email)
		switch {
		case err == nil && proven && existing.EmailVerified:
			id.UserID = existing.ID
			if err := a.store.AddIdentity(ctx, id, a.now()); err != nil && !errors.Is(err, store.ErrConflict) {
				return nil, err
			}
			return existing, nil
		case err == nil && proven:
			return a.claim(ctx, existing, id)
		case err == nil:
			return nil, ErrAccountExists
		case !errors.Is(err, store.ErrNotFound):
			return nil, err
		}
	}
	u = &model.User{ID: model.NewID(), CreatedAt: a.now()}
	if proven {
		u.Email, u.EmailVerified = p.Email, true
	}
	err = a.createNamed(ctx, u, p.Name, func() error { return a.store.CreateUserWithIdentity(ctx, u, id) })
	switch {
	case errors.Is(err, store.ErrEmailTaken):
		return nil, ErrAccountExists
	case errors.Is(err, store.ErrConflict):
		// The same person's other tab won the race: use the account it made.
		return a.store.UserByIdentity(ctx, p.Provider, p.Subject)
	case err != nil:
		return nil, fmt.Errorf("provider sign-in: %w", err)
	}
	return u, nil
}
