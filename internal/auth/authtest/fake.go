// Package authtest runs fake sign-in providers for tests: a Google that speaks
// OpenID Connect (discovery, JWKS, RS256 id_tokens with the nonce) and a
// Twitter/X that speaks OAuth 2.0 with PKCE and answers users/me. Neither shows
// a page: authorize sends the browser straight back with a code for the user
// set with SetUser (or an error after Deny).
package authtest

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/go-jose/go-jose/v4"
)

// Client credentials the fakes accept.
const (
	ClientID     = "castaway-test-client"
	ClientSecret = "castaway-test-secret"
)

// User is who signs in at a fake provider.
type User struct {
	Subject       string `json:"sub"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	Name          string `json:"name"`
	Username      string `json:"username"` // Twitter only
}

type grant struct {
	user        User
	nonce       string
	challenge   string
	redirectURI string
}

// Fake serves both providers under one base URL: /google/... and /twitter/....
type Fake struct {
	base string
	key  *rsa.PrivateKey

	mu     sync.Mutex
	next   map[string]User  // provider -> who signs in next
	deny   map[string]bool  // provider -> refuse the next sign-in
	codes  map[string]grant // authorization code -> grant
	tokens map[string]User  // Twitter access token -> user
}

// New makes fakes that will be served at base (no trailing slash).
func New(base string) *Fake {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		panic(err)
	}
	return &Fake{
		base: strings.TrimRight(base, "/"), key: key,
		next: map[string]User{
			"google":  {Subject: "google-1", Email: "probst@gmail.com", EmailVerified: true, Name: "Jeff Probst"},
			"twitter": {Subject: "twitter-1", Name: "Boston Rob", Username: "bostonrob"},
		},
		deny: map[string]bool{}, codes: map[string]grant{}, tokens: map[string]User{},
	}
}

// SetUser chooses who signs in at provider ("google" or "twitter") from now on.
func (f *Fake) SetUser(provider string, u User) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.next[provider] = u
}

// Deny makes the provider refuse the next sign-in, as when the user cancels.
func (f *Fake) Deny(provider string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.deny[provider] = true
}

// GoogleIssuer is the OpenID Connect issuer URL.
func (f *Fake) GoogleIssuer() string { return f.base + "/google" }

// Env is the castaway configuration that points at these fakes.
func (f *Fake) Env() map[string]string {
	return map[string]string{
		"CASTAWAY_GOOGLE_CLIENT_ID":      ClientID,
		"CASTAWAY_GOOGLE_CLIENT_SECRET":  ClientSecret,
		"CASTAWAY_GOOGLE_ISSUER":         f.GoogleIssuer(),
		"CASTAWAY_TWITTER_CLIENT_ID":     ClientID,
		"CASTAWAY_TWITTER_CLIENT_SECRET": ClientSecret,
		"CASTAWAY_TWITTER_AUTH_URL":      f.base + "/twitter/authorize",
		"CASTAWAY_TWITTER_TOKEN_URL":     f.base + "/twitter/token",
		"CASTAWAY_TWITTER_USER_URL":      f.base + "/twitter/users/me",
	}
}

// Handler serves the fakes, plus POST /control/{provider}/user (a User as JSON)
// and POST /control/{provider}/deny for tests driving a browser.
func (f *Fake) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /google/.well-known/openid-configuration", f.discovery)
	mux.HandleFunc("GET /google/jwks", f.jwks)
	mux.HandleFunc("GET /{provider}/authorize", f.authorize)
	mux.HandleFunc("POST /{provider}/token", f.token)
	mux.HandleFunc("GET /twitter/users/me", f.twitterMe)
	mux.HandleFunc("POST /control/{provider}/user", func(w http.ResponseWriter, r *http.Request) {
		var u User
		if err := json.NewDecoder(r.Body).Decode(&u); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		f.SetUser(r.PathValue("provider"), u)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /control/{provider}/deny", func(w http.ResponseWriter, r *http.Request) {
		f.Deny(r.PathValue("provider"))
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func (f *Fake) discovery(w http.ResponseWriter, r *http.Request) {
	iss := f.GoogleIssuer()
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                iss,
		"authorization_endpoint":                iss + "/authorize",
		"token_endpoint":                        iss + "/token",
		"jwks_uri":                              iss + "/jwks",
		"response_types_supported":              []string{"code"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"code_challenge_methods_supported":      []string{"S256"},
	})
}

func (f *Fake) jwks(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, jose.JSONWebKeySet{Keys: []jose.JSONWebKey{
		{Key: &f.key.PublicKey, KeyID: "k1", Algorithm: string(jose.RS256), Use: "sig"},
	}})
}

func (f *Fake) authorize(w http.ResponseWriter, r *http.Request) {
	provider := r.PathValue("provider")
	q := r.URL.Query()
	redirect, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || redirect.Scheme == "" || q.Get("client_id") != ClientID || q.Get("response_type") != "code" {
		http.Error(w, "bad authorization request", http.StatusBadRequest)
		return
	}
	if q.Get("code_challenge") == "" || q.Get("code_challenge_method") != "S256" {
		http.Error(w, "PKCE with S256 is required", http.StatusBadRequest)
		return
	}
	back := redirect.Query()
	back.Set("state", q.Get("state"))
	f.mu.Lock()
	if f.deny[provider] {
		delete(f.deny, provider)
		back.Set("error", "access_denied")
	} else {
		code := randomString()
		f.codes[code] = grant{user: f.next[provider], nonce: q.Get("nonce"), challenge: q.Get("code_challenge"), redirectURI: redirect.String()}
		back.Set("code", code)
	}
	f.mu.Unlock()
	redirect.RawQuery = back.Encode()
	http.Redirect(w, r, redirect.String(), http.StatusFound)
}

func (f *Fake) token(w http.ResponseWriter, r *http.Request) {
	provider := r.PathValue("provider")
	if err := r.ParseForm(); err != nil {
		tokenError(w, "invalid_request")
		return
	}
	id, secret, ok := r.BasicAuth()
	if !ok {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != ClientID || secret != ClientSecret {
		tokenError(w, "invalid_client")
		return
	}
	f.mu.Lock()
	g, found := f.codes[r.PostForm.Get("code")]
	delete(f.codes, r.PostForm.Get("code")) // codes work once
	f.mu.Unlock()
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	challenge := base64.RawURLEncoding.EncodeToString(sum[:])
	if !found || r.PostForm.Get("grant_type") != "authorization_code" || r.PostForm.Get("redirect_uri") != g.redirectURI ||
		subtle.ConstantTimeCompare([]byte(challenge), []byte(g.challenge)) != 1 {
		tokenError(w, "invalid_grant")
		return
	}
	access := randomString()
	body := map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600}
	if provider == "google" {
		idToken, err := f.idToken(g)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		body["id_token"] = idToken
	} else {
		f.mu.Lock()
		f.tokens[access] = g.user
		f.mu.Unlock()
	}
	writeJSON(w, http.StatusOK, body)
}

func (f *Fake) idToken(g grant) (string, error) {
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: f.key},
		(&jose.SignerOptions{}).WithType("JWT").WithHeader("kid", "k1"))
	if err != nil {
		return "", err
	}
	now := time.Now()
	claims, err := json.Marshal(map[string]any{
		"iss": f.GoogleIssuer(), "aud": ClientID, "sub": g.user.Subject, "nonce": g.nonce,
		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		"email": g.user.Email, "email_verified": g.user.EmailVerified, "name": g.user.Name,
	})
	if err != nil {
		return "", err
	}
	sig, err := signer.Sign(claims)
	if err != nil {
		return "", err
	}
	return sig.CompactSerialize()
}

func (f *Fake) twitterMe(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	u, ok := f.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	f.mu.Unlock()
	if !ok {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"title": "Unauthorized"})
		return
	}
	data := map[string]string{"id": u.Subject, "name": u.Name, "username": u.Username}
	if u.Email != "" {
		data["confirmed_email"] = u.Email
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": data})
}

func tokenError(w http.ResponseWriter, code string) {
	writeJSON(w, http.StatusBadRequest, map[string]string{"error": code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func randomString() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
