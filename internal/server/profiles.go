package server

import (
	"errors"
	"net/http"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/store"
)

func (s *Server) userProfile(w http.ResponseWriter, r *http.Request) {
	p, err := s.store.Profile(r.Context(), r.PathValue("userId"))
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "user_not_found", msgUserNotFound)
		return
	}
	if err != nil {
		s.serverError(w, r, "read profile", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, api.PublicProfile{Id: p.ID, DisplayName: p.DisplayName, IdolsFound: p.IdolsFound, ListCount: p.ListCount})
}

// userLists is one user's rankings; the user themself also sees their private lists.
func (s *Server) userLists(w http.ResponseWriter, r *http.Request) {
	userID := r.PathValue("userId")
	u := currentUser(r)
	own := u != nil && u.ID == userID
	exists, err := s.store.UserExists(r.Context(), userID)
	var found []store.ListSummary
	if err == nil && exists {
		found, err = s.store.UserLists(r.Context(), userID, own)
	}
	if err != nil {
		msg := msgSomethingWrong
		if own {
			msg = "Failed to load your lists. Please try again."
		}
		s.serverError(w, r, "user lists", err, msg)
		return
	}
	if !exists {
		writeError(w, http.StatusNotFound, "user_not_found", msgUserNotFound)
		return
	}
	writeJSON(w, http.StatusOK, api.UserLists{Lists: apiSummaries(found)})
}

// idolSearch rolls for a hidden immunity idol when a season card is clicked; draw
// is the randomness, replaceable in tests.
type idolSearch struct {
	*Server
	draw func() float64
}

func (h *idolSearch) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to search for idols.")
	if u == nil {
		return
	}
	var body api.IdolSearch
	if !decodeJSON(w, r, &body) {
		return
	}
	if _, ok := h.catalog.Season(body.SeasonId); !ok {
		writeError(w, http.StatusBadRequest, "validation", "Unknown season.")
		return
	}
	res := api.IdolSearchResult{IdolsFound: u.IdolsFound}
	if lists.FindsIdol(h.draw) {
		n, err := h.store.AddIdol(r.Context(), u.ID)
		if err != nil {
			// The spec only logs idol tracking failures; the click itself succeeded.
			h.log.ErrorContext(r.Context(), "add idol", "err", err)
		} else {
			res.Found, res.IdolsFound = true, n
		}
	}
	writeJSON(w, http.StatusOK, res)
}
