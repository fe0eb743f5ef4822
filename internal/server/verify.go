package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/problem"
)

// verifyEmail spends a mailed verification link; it needs no session (the link may be
// opened on another device).
func (s *Server) verifyEmail(w http.ResponseWriter, r *http.Request) {
	var body api.VerifyEmail
	if !decodeJSON(w, r, &body) {
		return
	}
	msg, err := s.accounts.VerifyEmail(r.Context(), body.Token, actorOf(r).Client)
	if err != nil {
		s.fail(w, r, "verify email", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, api.MessageResponse{Message: msg})
}

// resendVerification mails the signed-in user a new link for their address.
func (s *Server) resendVerification(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgSignedOut)
	if u == nil {
		return
	}
	if err := s.accounts.ResendVerification(r.Context(), u, sessionHash(r), actorOf(r).Client); err != nil {
		s.fail(w, r, "resend verification", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, api.MessageResponse{Message: problem.MsgVerificationSent})
}

// changeEmail mails a link to the new address; the address changes when it is opened.
func (s *Server) changeEmail(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.EmailChange](w, r, problem.MsgSignedOut)
	if !ok {
		return
	}
	if err := s.accounts.RequestEmailChange(r.Context(), a.User, sessionHash(r), body.Email, body.Password, a.Client); err != nil {
		s.fail(w, r, "change email", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusAccepted, api.MessageResponse{Message: problem.MsgEmailChangeSent})
}

// dismissNotice forgets the signed-in user's notice.
func (s *Server) dismissNotice(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignedOut)
	if !ok {
		return
	}
	if err := s.accounts.DismissNotice(r.Context(), a); err != nil {
		s.fail(w, r, "dismiss notice", err, msgSomethingWrong)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
