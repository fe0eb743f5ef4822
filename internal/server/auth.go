package server

import (
	"math"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/mail"
	"castaway/internal/store"
)

// authHandlers serve sign-up, sign-in, sign-out, password resets, the
// signed-in user (me.go) and provider sign-in (oauth.go).
type authHandlers struct {
	*Server
	accounts  *auth.Accounts
	providers map[string]auth.Provider
}

func (s *Server) authRoutes(mux *http.ServeMux) {
	outbox := filepath.Join(s.cfg.DataDir, "outbox")
	sender, err := mail.New(s.cfg.SMTPURL, s.cfg.MailFrom, outbox, s.log)
	if err != nil {
		// Keep serving: reset mail still reaches the outbox and the log, and the error says what to fix.
		s.log.Error("mail is misconfigured; writing mail to the outbox instead", "err", err, "outbox", outbox)
		sender = &mail.Outbox{Dir: outbox, From: s.cfg.MailFrom, Log: s.log}
	}
	h := &authHandlers{
		Server:    s,
		accounts:  auth.NewAccounts(s.store, sender, s.cfg.BaseURL, auth.DefaultLimits(), s.log),
		providers: s.oauthProviders(),
	}
	mux.HandleFunc("POST /api/auth/signup", h.signUp)
	mux.HandleFunc("POST /api/auth/login", h.signIn)
	mux.HandleFunc("POST /api/auth/logout", h.signOut)
	mux.HandleFunc("GET /api/auth/password-policy", h.passwordPolicy)
	mux.HandleFunc("POST /api/auth/password-reset", h.requestReset)
	mux.HandleFunc("POST /api/auth/password-reset/confirm", h.confirmReset)
	mux.HandleFunc("GET /api/auth/providers", h.enabledProviders)
	mux.HandleFunc("GET /api/auth/oauth/{provider}/start", h.oauthStart)
	mux.HandleFunc("GET /api/auth/oauth/{provider}/callback", h.oauthCallback)
	mux.HandleFunc("GET /api/me", h.me)
	mux.HandleFunc("PATCH /api/me", h.updateMe)
}

// problemStatus maps the account rules' failures to HTTP.
var problemStatus = map[auth.Kind]int{
	auth.Invalid:      http.StatusBadRequest,
	auth.Unauthorized: http.StatusUnauthorized,
	auth.NotFound:     http.StatusNotFound,
	auth.Conflict:     http.StatusConflict,
	auth.RateLimited:  http.StatusTooManyRequests,
}

// fail answers an expected failure with its own text, anything else with a
// logged 500 carrying fallback.
func (h *authHandlers) fail(w http.ResponseWriter, r *http.Request, err error, fallback string) {
	if p, ok := auth.AsProblem(err); ok {
		if p.Kind == auth.RateLimited {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(p.RetryAfter.Seconds()))))
		}
		writeError(w, problemStatus[p.Kind], p.Code, p.Message)
		return
	}
	h.serverError(w, r, "account request failed", err, fallback)
}

// clientIP is who is asking, for rate limits. X-Forwarded-For is believed only
// behind a configured proxy, and then only its last entry, the one the proxy added.
func (h *authHandlers) clientIP(r *http.Request) string {
	if h.cfg.TrustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			parts := strings.Split(xff, ",")
			return strings.TrimSpace(parts[len(parts)-1])
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// signInAs starts a session for u and answers with the user.
func (h *authHandlers) signInAs(w http.ResponseWriter, r *http.Request, u *store.User, status int, fallback string) {
	if err := h.startSession(w, r, u); err != nil {
		h.fail(w, r, err, fallback)
		return
	}
	h.writeMe(w, r, u, status, fallback)
}

func (h *authHandlers) signUp(w http.ResponseWriter, r *http.Request) {
	var body api.Credentials
	if !decodeJSON(w, r, &body) {
		return
	}
	u, err := h.accounts.SignUp(r.Context(), body.Email, body.Password, h.clientIP(r))
	if err != nil {
		h.fail(w, r, err, auth.MsgSignUpFailed)
		return
	}
	h.log.InfoContext(r.Context(), "signed up", "user", u.ID)
	h.signInAs(w, r, u, http.StatusCreated, auth.MsgSignUpFailed)
}

func (h *authHandlers) signIn(w http.ResponseWriter, r *http.Request) {
	var body api.Credentials
	if !decodeJSON(w, r, &body) {
		return
	}
	u, err := h.accounts.SignIn(r.Context(), body.Email, body.Password, h.clientIP(r))
	if err != nil {
		if p, ok := auth.AsProblem(err); ok && p.Kind != auth.Invalid {
			h.log.InfoContext(r.Context(), "sign-in refused", "code", p.Code, "ip", h.clientIP(r))
		}
		h.fail(w, r, err, auth.MsgSignInFailed)
		return
	}
	h.signInAs(w, r, u, http.StatusOK, auth.MsgSignInFailed)
}

func (h *authHandlers) signOut(w http.ResponseWriter, r *http.Request) {
	if err := h.endSession(w, r); err != nil {
		h.fail(w, r, err, "Sign-out failed. Please try again.")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *authHandlers) passwordPolicy(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, api.PasswordPolicy{MinLength: auth.MinPasswordLength, Requirements: h.accounts.Policy().Requirements()})
}

func (h *authHandlers) requestReset(w http.ResponseWriter, r *http.Request) {
	var body api.PasswordResetRequest
	if !decodeJSON(w, r, &body) {
		return
	}
	if err := h.accounts.RequestReset(r.Context(), body.Email, h.clientIP(r)); err != nil {
		h.fail(w, r, err, auth.MsgResetFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.MessageResponse{Message: auth.MsgResetSent})
}

func (h *authHandlers) confirmReset(w http.ResponseWriter, r *http.Request) {
	var body api.PasswordResetConfirm
	if !decodeJSON(w, r, &body) {
		return
	}
	u, err := h.accounts.ConfirmReset(r.Context(), body.Token, body.Password)
	if err != nil {
		h.fail(w, r, err, "Failed to reset your password. Please try again.")
		return
	}
	h.log.InfoContext(r.Context(), "password reset", "user", u.ID)
	h.signInAs(w, r, u, http.StatusOK, "Failed to reset your password. Please try again.")
}

func (h *authHandlers) enabledProviders(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, api.AuthProviders{Google: h.providers["google"] != nil, Twitter: h.providers["twitter"] != nil})
}
