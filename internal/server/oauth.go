package server

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"net/url"
	"time"

	"castaway/internal/auth"
)

// oauthCookie binds a provider round trip to the browser that started it, so
// nobody can finish their own sign-in in someone else's browser.
const oauthCookie = "castaway_oauth_state"

const oauthCookiePath = "/api/auth/oauth/"

// oauthProviders are the configured sign-in providers by path name.
func (s *Server) oauthProviders() map[string]auth.Provider {
	client := &http.Client{Timeout: 10 * time.Second}
	callback := func(name string) string { return s.cfg.BaseURL + "/api/auth/oauth/" + name + "/callback" }
	providers := map[string]auth.Provider{}
	if s.cfg.Google.Enabled() {
		providers["google"] = auth.NewGoogle(s.cfg.Google, callback("google"), client)
	}
	if s.cfg.Twitter.Enabled() {
		providers["twitter"] = auth.NewTwitter(s.cfg.Twitter, callback("twitter"), client)
	}
	return providers
}

func (h *authHandlers) oauthStart(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("provider")
	p := h.providers[name]
	if p == nil {
		writeError(w, http.StatusNotFound, "not_found", "Sign-in with this provider is not available.")
		return
	}
	authURL, state, err := h.accounts.StartOAuth(r.Context(), name, p, r.URL.Query().Get("redirect"))
	if err != nil {
		h.log.ErrorContext(r.Context(), "start provider sign-in", "provider", name, "err", err)
		h.toLogin(w, r, name+"_failed")
		return
	}
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Value: state, Path: oauthCookiePath,
		MaxAge: int(auth.OAuthStateLifetime.Seconds()), HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.cfg.SecureCookies()})
	http.Redirect(w, r, authURL, http.StatusFound)
}

func (h *authHandlers) oauthCallback(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("provider")
	p := h.providers[name]
	if p == nil {
		writeError(w, http.StatusNotFound, "not_found", "Sign-in with this provider is not available.")
		return
	}
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Value: "", Path: oauthCookiePath, MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: h.cfg.SecureCookies()})
	q := r.URL.Query()
	state := q.Get("state")
	// Failures go back to the login page; Google's are only logged there, per the product.
	fail := func(code string, args ...any) {
		h.log.WarnContext(r.Context(), "provider sign-in failed", append([]any{"provider", name, "code", code}, args...)...)
		h.toLogin(w, r, code)
	}
	if e := q.Get("error"); e != "" {
		fail(name+"_failed", "provider_error", e)
		return
	}
	c, err := r.Cookie(oauthCookie)
	if err != nil || state == "" || subtle.ConstantTimeCompare([]byte(c.Value), []byte(state)) != 1 {
		fail(name+"_failed", "err", "state does not match this browser's")
		return
	}
	u, redirect, err := h.accounts.FinishOAuth(r.Context(), name, p, state, q.Get("code"))
	if errors.Is(err, auth.ErrAccountExists) {
		fail("account_exists")
		return
	}
	if err != nil {
		fail(name+"_failed", "err", err)
		return
	}
	if err := h.startSession(w, r, u); err != nil {
		fail(name+"_failed", "err", err)
		return
	}
	h.log.InfoContext(r.Context(), "signed in with provider", "provider", name, "user", u.ID)
	http.Redirect(w, r, redirect, http.StatusFound)
}

func (h *authHandlers) toLogin(w http.ResponseWriter, r *http.Request, code string) {
	http.Redirect(w, r, "/login?error="+url.QueryEscape(code), http.StatusFound)
}
