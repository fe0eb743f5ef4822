package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/problem"
)

// exportMe streams everything the signed-in user owns or wrote as one JSON file, a
// row at a time, so a prolific account costs no more memory than a small one.
func (s *Server) exportMe(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignInToDownload)
	if !ok {
		return
	}
	export, err := s.accounts.Export(r.Context(), a)
	if err != nil {
		s.fail(w, r, "export", err, msgSomethingWrong)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Disposition", `attachment; filename="castaway-export.json"`)
	h.Set("Cache-Control", "no-store")
	if err := export(w); err != nil {
		// The status is sent: the body ends unfinished, so the file does not parse as complete.
		s.log.ErrorContext(r.Context(), "export", "err", err)
	}
}

// deleteMe deletes the signed-in account once confirmed, and signs the browser out (its
// sessions went with the account).
func (s *Server) deleteMe(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.DeleteAccount](w, r, problem.MsgSignInToDeleteAccount)
	if !ok {
		return
	}
	if err := s.accounts.Delete(r.Context(), a, body.Confirm, orZero(body.Password)); err != nil {
		s.fail(w, r, "delete account", err, problem.MsgAccountDeleteFailed)
		return
	}
	s.clearSessionCookies(w)
	w.WriteHeader(http.StatusNoContent)
}
