package server

import (
	"crypto/subtle"
	"net/http"
	"net/url"

	"castaway/internal/auth"
	"castaway/internal/problem"
)

// oauthCookie binds a provider round trip to the browser that started it, so
// nobody can finish their own sign-in in someone else's browser.
const oauthCookie = "castaway_oauth_state"

const oauthCookiePath = "/api/auth/oauth/"

// provider is the enabled sign-in provider the path names, with its name; nil once it
// has answered that there is none.
func (s *Server) provider(w http.ResponseWriter, r *http.Request) (string, auth.Provider) {
	name := r.PathValue("provider")
	p := s.providers[name]
	if p == nil {
		writeProblem(w, auth.ErrNoProvider)
	}
	return name, p
}

func (s *Server) oauthStart(w http.ResponseWriter, r *http.Request) {
	name, p := s.provider(w, r)
	if p == nil {
		return
	}
	authURL, state, err := s.accounts.StartOAuth(r.Context(), name, p, r.URL.Query().Get("redirect"), actorOf(r).Client)
	if p, ok := problem.As(err); ok { // too many starts: 429 with Retry-After
		writeProblem(w, p)
		return
	}
	if err != nil {
		s.log.ErrorContext(r.Context(), "start provider sign-in", "provider", name, "err", err)
		s.toLogin(w, r, name+"_failed")
		return
	}
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Value: state, Path: oauthCookiePath,
		MaxAge: int(auth.OAuthStateLifetime.Seconds()), HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies()})
	http.Redirect(w, r, authURL, http.StatusFound)
}

func (s *Server) oauthCallback(w http.ResponseWriter, r *http.Request) {
	name, p := s.provider(w, r)
	if p == nil {
		return
	}
	http.SetCookie(w, &http.Cookie{Name: oauthCookie, Value: "", Path: oauthCookiePath, MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies()})
	q := r.URL.Query()
	state := q.Get("state")
	// Failures go back to the login page; Google's are only logged there, per the product.
	fail := func(code string, args ...any) {
		s.log.WarnContext(r.Context(), "provider sign-in failed", append([]any{"provider", name, "code", code}, args...)...)
		s.toLogin(w, r, code)
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
	in, redirect, err := s.accounts.FinishOAuth(r.Context(), name, p, state, q.Get("code"), sessionClient(r))
	if to := suspendedLogin(err); to != "" {
		s.log.InfoContext(r.Context(), "provider sign-in refused: suspended", "provider", name)
		http.Redirect(w, r, to, http.StatusFound)
		return
	}
	if p, ok := problem.As(err); ok { // the login page shows the code's own message
		fail(p.Code)
		return
	}
	if err != nil {
		fail(name+"_failed", "err", err)
		return
	}
	s.setSession(w, in)
	s.log.InfoContext(r.Context(), "signed in with provider", "provider", name, "user", in.Me.User.ID)
	http.Redirect(w, r, redirect, http.StatusFound)
}

func (s *Server) toLogin(w http.ResponseWriter, r *http.Request, code string) {
	http.Redirect(w, r, "/login?error="+url.QueryEscape(code), http.StatusFound)
}
