package server

import (
	"fmt"
	"net/http"
	"strings"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/problem"
)

// answerSignIn answers a request that signed someone in (event, when not "", names it in
// the log): the session's cookies and the account as they see it with status, or the
// failure.
func (s *Server) answerSignIn(w http.ResponseWriter, r *http.Request, in *auth.SignedIn, err error, event string, status int, fallback string) {
	if err != nil {
		s.fail(w, r, "account request", err, fallback)
		return
	}
	if event != "" {
		s.log.InfoContext(r.Context(), event, "user", in.Me.User.ID)
	}
	s.setSession(w, in)
	writeJSON(w, status, meJSON(in.Me))
}

func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	var body api.Credentials
	if !decodeJSON(w, r, &body) {
		return
	}
	in, err := s.accounts.SignUp(r.Context(), body.Email, body.Password, sessionClient(r))
	s.answerSignIn(w, r, in, err, "signed up", http.StatusCreated, problem.MsgSignUpFailed)
}

func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	var body api.Credentials
	if !decodeJSON(w, r, &body) {
		return
	}
	in, err := s.accounts.SignIn(r.Context(), body.Email, body.Password, sessionClient(r), deviceCookie(r))
	if p, ok := problem.As(err); ok && p.Kind != problem.Invalid {
		s.log.InfoContext(r.Context(), "sign-in refused", "code", p.Code, "ip", actorOf(r).Client)
	}
	s.answerSignIn(w, r, in, err, "", http.StatusOK, problem.MsgSignInFailed)
}

func (s *Server) signOut(w http.ResponseWriter, r *http.Request) {
	if err := s.endSession(w, r); err != nil {
		s.fail(w, r, "account request", err, problem.MsgSignOutFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// changePassword sets a new password, ends every other session and gives this device a
// new one.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.PasswordChange](w, r, problem.MsgSignInToChangePassword)
	if !ok {
		return
	}
	var current string
	if body.CurrentPassword != nil {
		current = *body.CurrentPassword
	}
	in, err := s.accounts.ChangePassword(r.Context(), a.User, current, body.NewPassword, sessionClient(r))
	if err != nil {
		s.fail(w, r, "change password", err, problem.MsgPasswordChangeFailed)
		return
	}
	s.setSession(w, in)
	w.WriteHeader(http.StatusNoContent)
}

// signOutEverywhere ends every session of the signed-in user.
func (s *Server) signOutEverywhere(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgSignedOut)
	if u == nil {
		return
	}
	if err := s.accounts.SignOutEverywhere(r.Context(), u.ID); err != nil { // this session among them
		s.fail(w, r, "sign out everywhere", err, problem.MsgSignOutFailed)
		return
	}
	s.clearSessionCookies(w)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) passwordPolicy(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, api.PasswordPolicy{MinLength: auth.MinPasswordLength, Requirements: s.accounts.Policy().Requirements()})
}

func (s *Server) requestReset(w http.ResponseWriter, r *http.Request) {
	var body api.PasswordResetRequest
	if !decodeJSON(w, r, &body) {
		return
	}
	if err := s.accounts.RequestReset(r.Context(), body.Email, actorOf(r).Client, deviceCookie(r)); err != nil {
		s.fail(w, r, "account request", err, problem.MsgResetMailFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.MessageResponse{Message: problem.MsgResetSent})
}

func (s *Server) confirmReset(w http.ResponseWriter, r *http.Request) {
	var body api.PasswordResetConfirm
	if !decodeJSON(w, r, &body) {
		return
	}
	in, err := s.accounts.ConfirmReset(r.Context(), body.Token, body.Password, sessionClient(r))
	s.answerSignIn(w, r, in, err, "password reset", http.StatusOK, problem.MsgNewPasswordFailed)
}

func (s *Server) enabledProviders(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.signInProviders())
}

// signInProviders are the sign-in providers this server has set up.
func (s *Server) signInProviders() api.AuthProviders {
	return api.AuthProviders{Google: s.providers["google"] != nil, Twitter: s.providers["twitter"] != nil}
}

// providersTag says in every page which sign-in providers are set up (the app's
// useProviders reads it), so the sign-in page draws its buttons as they are from the
// start instead of moving when /api/auth/providers answers.
func (s *Server) providersTag() string {
	var on []string
	p := s.signInProviders()
	if p.Google {
		on = append(on, "google")
	}
	if p.Twitter {
		on = append(on, "twitter")
	}
	return fmt.Sprintf("\n    <meta name=\"castaway-providers\" content=\"%s\" />", strings.Join(on, " "))
}
