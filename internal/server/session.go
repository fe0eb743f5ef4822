package server

import (
	"context"
	"net/http"
	"strings"
	"time"

	"castaway/internal/auth"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// SessionCookie names the cookie holding the session token.
const SessionCookie = "castaway_session"

const actorKey ctxKey = iota + 100

// loadUser puts who asks in the request context (actorOf): the client's address key,
// which per-client limits count against (the peer's address, or behind a trusted proxy
// the client's as the proxies forwarded it, an IPv6 address as its /64), and the
// signed-in user, if any.
func (s *Server) loadUser(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := model.Actor{Client: limits.ClientKey(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), s.cfg.TrustProxy)}
		// Only the API needs to know who is asking; assets and pages skip the lookup.
		c, err := r.Cookie(SessionCookie)
		if err == nil && c.Value != "" && strings.HasPrefix(r.URL.Path, "/api/") {
			if a.User, err = s.accounts.SessionUser(r.Context(), auth.HashToken(c.Value)); err != nil {
				// Not knowing who asks is no reason to treat them as signed out.
				s.fail(w, r, "load session", err, msgSomethingWrong)
				return
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), actorKey, a)))
	})
}

// withPageReader is r with its signed-in user, if any, for a page whose status depends
// on who reads it (loadUser looks sessions up for the API alone).
func (s *Server) withPageReader(r *http.Request) (*http.Request, error) {
	hash := sessionHash(r)
	if hash == "" || currentUser(r) != nil {
		return r, nil
	}
	u, err := s.accounts.Reader(r.Context(), hash)
	if err != nil || u == nil {
		return r, err
	}
	a := actorOf(r)
	a.User = u
	return r.WithContext(context.WithValue(r.Context(), actorKey, a)), nil
}

// actorOf is who asks (loadUser): the signed-in user (nil for a visitor) and the client.
func actorOf(r *http.Request) model.Actor {
	a, _ := r.Context().Value(actorKey).(model.Actor)
	return a
}

// currentUser is the signed-in user, or nil.
func currentUser(r *http.Request) *model.User { return actorOf(r).User }

// requireUser answers 401 and returns nil when nobody is signed in.
func requireUser(w http.ResponseWriter, r *http.Request, message string) *model.User {
	u := currentUser(r)
	if u == nil {
		writeProblem(w, problem.New(problem.Unauthorized, "unauthorized", message))
	}
	return u
}

// signedIn is who asks, a signed-in user; ok is false once it has answered 401 (nobody
// signed in: message).
func signedIn(w http.ResponseWriter, r *http.Request, message string) (a model.Actor, ok bool) {
	a = actorOf(r)
	return a, requireUser(w, r, message) != nil
}

// signedInBody is who asks, a signed-in user, and the request's JSON body; ok is false
// once it has answered 401 (nobody signed in: message) or 400 (the body).
func signedInBody[T any](w http.ResponseWriter, r *http.Request, message string) (a model.Actor, body T, ok bool) {
	if a, ok = signedIn(w, r, message); !ok {
		return a, body, false
	}
	return a, body, decodeJSON(w, r, &body)
}

// DeviceCookie marks a browser that signed in to an account before, so a lock on the
// account's address that strangers filled does not keep it out (auth.Accounts.SignIn,
// auth.Accounts.RequestReset). Only sign-in and reset requests read it: it is sent to
// DeviceCookiePath alone.
const DeviceCookie = "castaway_device"

// DeviceCookiePath is where the browser sends the device cookie: sign-in, reset requests.
const DeviceCookiePath = "/api/auth"

// deviceCookie is the request's device cookie's value, "" for none.
func deviceCookie(r *http.Request) string {
	if c, err := r.Cookie(DeviceCookie); err == nil {
		return c.Value
	}
	return ""
}

// sessionClient is who begins a session with r: their browser and their address.
func sessionClient(r *http.Request) auth.Client {
	return auth.Client{UserAgent: r.UserAgent(), IP: actorOf(r).Client}
}

// setSession signs in, on this response, the session just begun (auth.SignedIn), and
// marks this browser as one of its account's devices.
func (s *Server) setSession(w http.ResponseWriter, in *auth.SignedIn) {
	expires := time.Now().Add(auth.SessionLifetime)
	http.SetCookie(w, &http.Cookie{
		Name: DeviceCookie, Value: in.Device, Path: DeviceCookiePath, MaxAge: int(auth.DeviceCookieLifetime.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: s.cfg.SecureCookies(),
	})
	http.SetCookie(w, &http.Cookie{
		Name: SessionCookie, Value: in.Token, Path: "/", Expires: expires,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies(),
	})
	http.SetCookie(w, &http.Cookie{
		Name: SignedInCookie, Value: "1", Path: "/", Expires: expires,
		SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies(),
	})
}

// SignedInCookie tells the app, which cannot read the HttpOnly session cookie, that a
// session may exist: without it the app skips asking GET /api/me on a signed-out visit.
// It carries no authority; the session cookie alone signs a request in.
const SignedInCookie = "castaway_signed_in"

// sessionHash names the request's session as the store does, "" when it has none.
func sessionHash(r *http.Request) string {
	if c, err := r.Cookie(SessionCookie); err == nil && c.Value != "" {
		return auth.HashToken(c.Value)
	}
	return ""
}

// endSession revokes the request's session (and so its streams, on every node) and
// clears the cookie.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) error {
	if hash := sessionHash(r); hash != "" {
		var userID string // "" when it is no live session: nothing of it streams
		if u := currentUser(r); u != nil {
			userID = u.ID
		}
		if err := s.accounts.SignOut(r.Context(), userID, hash); err != nil {
			return err
		}
	}
	s.clearSessionCookies(w)
	return nil
}

// clearSessionCookies tells the browser its session is over.
func (s *Server) clearSessionCookies(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies()})
	http.SetCookie(w, &http.Cookie{Name: SignedInCookie, Value: "", Path: "/", MaxAge: -1,
		SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies()})
}
