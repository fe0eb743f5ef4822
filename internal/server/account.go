package server

import (
	"encoding/json"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// exportMe streams everything the signed-in user owns or wrote as one JSON file, a
// row at a time, so a prolific account costs no more memory than a small one.
func (s *Server) exportMe(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to download your data.")
	if u == nil {
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Disposition", `attachment; filename="castaway-export.json"`)
	h.Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	w.Write([]byte(`{"exportedAt":`))
	enc.Encode(time.Now().UTC())
	for _, section := range store.ExportSections {
		w.Write([]byte(`,"` + section.Name + `":`))
		n := 0
		if !section.Single {
			w.Write([]byte("["))
		}
		err := s.store.ExportRows(r.Context(), section, u.ID, func(row map[string]any) error {
			if n > 0 {
				w.Write([]byte(","))
			}
			n++
			return enc.Encode(row)
		})
		if err != nil {
			// The status is sent: end the body unfinished, so the file does not parse as complete.
			s.log.ErrorContext(r.Context(), "export", "err", err)
			return
		}
		switch {
		case !section.Single:
			w.Write([]byte("]"))
		case n == 0:
			w.Write([]byte("null"))
		}
	}
	w.Write([]byte("}\n"))
}

// deleteMe deletes the signed-in account once confirmed, and signs the browser out.
func (s *Server) deleteMe(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to delete your account.")
	if u == nil {
		return
	}
	var body api.DeleteAccount
	if !decodeJSON(w, r, &body) {
		return
	}
	const failed = problem.MsgAccountDeleteFailed
	if err := s.accounts.Delete(r.Context(), u, body.Confirm, orZero(body.Password)); err != nil {
		s.fail(w, r, "delete account", err, failed)
		return
	}
	if err := s.endSession(w, r); err != nil {
		s.log.ErrorContext(r.Context(), "end deleted account's session", "err", err)
	}
	w.WriteHeader(http.StatusNoContent)
}
