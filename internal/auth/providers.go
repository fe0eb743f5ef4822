package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"castaway/internal/config"
	"castaway/internal/problem"
)

// Profile is what a provider tells about the person signing in.
type Profile struct {
	Provider      string
	Subject       string // the provider's stable user id
	Email         string
	EmailVerified bool
	Name          string
}

// Provider is one external sign-in: Google (OpenID Connect) or Twitter/X (OAuth 2.0).
type Provider interface {
	// AuthCodeURL is where to send the browser; state, nonce and the PKCE
	// verifier are checked again when it comes back.
	AuthCodeURL(ctx context.Context, state, nonce, verifier string) (string, error)
	// Exchange trades the callback's code for the person's profile.
	Exchange(ctx context.Context, code, nonce, verifier string) (*Profile, error)
}

// ErrNoProvider answers a sign-in through a provider that is not configured.
var ErrNoProvider = problem.New(problem.NotFound, "not_found", problem.MsgNoProvider)

// Configured are the sign-in providers cfg enables, by the name in their paths
// ("google", "twitter"); callbacks come back to cfg.BaseURL and client makes the calls.
func Configured(cfg *config.Config, client *http.Client) map[string]Provider {
	callback := func(name string) string { return cfg.BaseURL + "/api/auth/oauth/" + name + "/callback" }
	providers := map[string]Provider{}
	if cfg.Google.Enabled() {
		providers["google"] = NewGoogle(cfg.Google, callback("google"), client)
	}
	if cfg.Twitter.Enabled() {
		providers["twitter"] = NewTwitter(cfg.Twitter, callback("twitter"), client)
	}
	return providers
}

// Google signs in through OpenID Connect. Discovery happens on first use, so
// the server starts even when Google cannot be reached.
type Google struct {
	cfg         config.OAuthProvider
	redirectURL string
	client      *http.Client

	mu       sync.Mutex
	provider *oidc.Provider
}

// NewGoogle configures Google sign-in; client makes the calls to Google.
func NewGoogle(cfg config.OAuthProvider, redirectURL string, client *http.Client) *Google {
	return &Google{cfg: cfg, redirectURL: redirectURL, client: client}
}

func (g *Google) discover(ctx context.Context) (*oidc.Provider, *oauth2.Config, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.provider == nil {
		p, err := oidc.NewProvider(oidc.ClientContext(ctx, g.client), g.cfg.Issuer)
		if err != nil {
			return nil, nil, fmt.Errorf("discover %s: %w", g.cfg.Issuer, err)
		}
		g.provider = p
	}
	return g.provider, &oauth2.Config{
		ClientID: g.cfg.ClientID, ClientSecret: g.cfg.ClientSecret, RedirectURL: g.redirectURL,
		Endpoint: g.provider.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
	}, nil
}

func (g *Google) AuthCodeURL(ctx context.Context, state, nonce, verifier string) (string, error) {
	_, conf, err := g.discover(ctx)
	if err != nil {
		return "", err
	}
	return conf.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), nil
}

func (g *Google) Exchange(ctx context.Context, code, nonce, verifier string) (*Profile, error) {
	p, conf, err := g.discover(ctx)
	if err != nil {
		return nil, err
	}
	ctx = oidc.ClientContext(ctx, g.client)
	tok, err := conf.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return nil, fmt.Errorf("google token: %w", err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		return nil, errors.New("google token: no id_token")
	}
	idToken, err := p.Verifier(&oidc.Config{ClientID: g.cfg.ClientID}).Verify(ctx, raw)
	if err != nil {
		return nil, fmt.Errorf("google id_token: %w", err)
	}
	if idToken.Nonce != nonce {
		return nil, errors.New("google id_token: nonce mismatch")
	}
	var claims struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
	}
	if err := idToken.Claims(&claims); err != nil {
		return nil, fmt.Errorf("google claims: %w", err)
	}
	return &Profile{Provider: "google", Subject: idToken.Subject, Email: claims.Email,
		EmailVerified: claims.EmailVerified, Name: claims.Name}, nil
}

// Twitter signs in through OAuth 2.0 with PKCE, then asks the users/me endpoint who it is.
type Twitter struct {
	conf    *oauth2.Config
	userURL string
	client  *http.Client
}

// NewTwitter configures Twitter/X sign-in; client makes the calls to Twitter.
func NewTwitter(cfg config.OAuthProvider, redirectURL string, client *http.Client) *Twitter {
	return &Twitter{
		conf: &oauth2.Config{
			ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, RedirectURL: redirectURL,
			Endpoint: oauth2.Endpoint{AuthURL: cfg.AuthURL, TokenURL: cfg.TokenURL},
			Scopes:   []string{"users.read", "tweet.read", "users.email"},
		},
		userURL: cfg.UserURL,
		client:  client,
	}
}

func (t *Twitter) AuthCodeURL(_ context.Context, state, _, verifier string) (string, error) {
	return t.conf.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier)), nil
}

func (t *Twitter) Exchange(ctx context.Context, code, _, verifier string) (*Profile, error) {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, t.client)
	tok, err := t.conf.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return nil, fmt.Errorf("twitter token: %w", err)
	}
	res, err := t.conf.Client(ctx, tok).Get(t.userURL)
	if err != nil {
		return nil, fmt.Errorf("twitter user: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return nil, fmt.Errorf("twitter user: %s: %s", res.Status, b)
	}
	var body struct {
		Data struct {
			ID             string `json:"id"`
			Name           string `json:"name"`
			Username       string `json:"username"`
			ConfirmedEmail string `json:"confirmed_email"`
		} `json:"data"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&body); err != nil {
		return nil, fmt.Errorf("twitter user: %w", err)
	}
	if body.Data.ID == "" {
		return nil, errors.New("twitter user: no id")
	}
	name := body.Data.Name
	if name == "" {
		name = body.Data.Username
	}
	return &Profile{Provider: "twitter", Subject: body.Data.ID, Email: body.Data.ConfirmedEmail,
		EmailVerified: body.Data.ConfirmedEmail != "", Name: name}, nil
}
