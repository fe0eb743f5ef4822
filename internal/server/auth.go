package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// signInAs starts a session for u and answers with the user.
func (s *Server) signInAs(w http.ResponseWriter, r *http.Request, u *model.User, status int, fallback string) {
	if err := s.startSession(w, r, u); err != nil {
		s.fail(w, r, "account request", err, fallback)
		return
	}
	s.writeMe(w, r, u, status, fallback)
}

// signInAfter signs in u, whom an account request (a sign-up, a password reset) gave, and
// logs event; when the request failed (err) it answers with the failure.
func (s *Server) signInAfter(w http.ResponseWriter, r *http.Request, u *model.User, err error, event string, status int, fallback string) {
	if err != nil {
		s.fail(w, r, "account request", err, fallback)
		return
	}
	s.log.InfoContext(r.Context(), event, "user", u.ID)
	s.signInAs(w, r, u, status, fallback)
}

func (s *Server) signUp(w http.ResponseWriter, r *http.Request) {
	var body api.Credentials
	if !decodeJSON(w, r, &body) {
		return
	}
	u, err := s.accounts.SignUp(r.Context(), body.Email, body.Password, actorOf(r).Client)
	s.signInAfter(w, r, u, err, "signed up", http.StatusCreated, auth.MsgSignUpFailed)
}

func (s *Server) signIn(w http.ResponseWriter, r *http.Request) {
	var body api.Credentials
	if !decodeJSON(w, r, &body) {
		return
	}
	u, err := s.accounts.SignIn(r.Context(), body.Email, body.Password, actorOf(r).Client, deviceCookie(r))
	if err != nil {
		if p, ok := problem.As(err); ok && p.Kind != problem.Invalid {
			s.log.InfoContext(r.Context(), "sign-in refused", "code", p.Code, "ip", actorOf(r).Client)
		}
		s.fail(w, r, "account request", err, auth.MsgSignInFailed)
		return
	}
	s.signInAs(w, r, u, http.StatusOK, auth.MsgSignInFailed)
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
	a, body, ok := signedInBody[api.PasswordChange](w, r, "You must be signed in to change your password.")
	if !ok {
		return
	}
	var current string
	if body.CurrentPassword != nil {
		current = *body.CurrentPassword
	}
	const failed = problem.MsgPasswordChangeFailed
	if err := s.accounts.ChangePassword(r.Context(), a.User, current, body.NewPassword); err != nil {
		s.fail(w, r, "change password", err, failed)
		return
	}
	if err := s.startSession(w, r, a.User); err != nil {
		s.fail(w, r, "change password", err, failed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// signOutEverywhere ends every session of the signed-in user.
func (s *Server) signOutEverywhere(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgSignedOut)
	if u == nil {
		return
	}
	err := s.accounts.SignOutEverywhere(r.Context(), u.ID)
	if err == nil {
		err = s.endSession(w, r)
	}
	if err != nil {
		s.fail(w, r, "sign out everywhere", err, problem.MsgSignOutFailed)
		return
	}
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
		s.fail(w, r, "account request", err, auth.MsgResetFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.MessageResponse{Message: auth.MsgResetSent})
}

func (s *Server) confirmReset(w http.ResponseWriter, r *http.Request) {
	var body api.PasswordResetConfirm
	if !decodeJSON(w, r, &body) {
		return
	}
	u, err := s.accounts.ConfirmReset(r.Context(), body.Token, body.Password, actorOf(r).Client)
	s.signInAfter(w, r, u, err, "password reset", http.StatusOK, problem.MsgNewPasswordFailed)
}

func (s *Server) enabledProviders(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, api.AuthProviders{Google: s.providers["google"] != nil, Twitter: s.providers["twitter"] != nil})
}
