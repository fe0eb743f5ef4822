package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/problem"
)

func (s *Server) userProfile(w http.ResponseWriter, r *http.Request) {
	p, err := s.store.Profile(r.Context(), r.PathValue("userId"))
	out := api.PublicProfile{}
	if err == nil {
		err = moderation.ProfileShown(p, currentUser(r))
	}
	if err == nil {
		out = api.PublicProfile{Id: p.ID, DisplayName: p.DisplayName, IdolsFound: p.IdolsFound, ListCount: p.ListCount}
		if viewer := currentUser(r); viewer != nil && viewer.Filters > 0 {
			var blocked bool
			if blocked, err = s.store.Blocked(r.Context(), p.ID, viewer.ID); blocked {
				out.BlockedByMe = &blocked
			}
		}
	}
	if err != nil {
		s.fail(w, r, "read profile", notFoundAs(err, lists.ErrUserNotFound), msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// userLists is one user's rankings that the reader may see: the user themself
// also sees their private lists.
func (s *Server) userLists(w http.ResponseWriter, r *http.Request) {
	userID := r.PathValue("userId")
	var viewerID string
	viewer := currentUser(r)
	if viewer != nil {
		viewerID = viewer.ID
	}
	exists, err := s.store.UserExists(r.Context(), userID)
	var found []api.ListSummary
	if err == nil && !exists {
		err = lists.ErrUserNotFound
	}
	if err == nil {
		var owned []model.ListSummary
		if owned, err = lists.OwnedBy(r.Context(), s.store, userID, viewerID); err == nil {
			found, err = s.listsFor(r.Context(), viewer, apiSummaries(owned))
		}
	}
	if err != nil {
		msg := msgSomethingWrong
		if viewerID == userID {
			msg = problem.MsgMyListsFailed
		}
		s.fail(w, r, "user lists", err, msg)
		return
	}
	writeJSON(w, http.StatusOK, api.UserLists{Lists: found})
}

// idolSearch rolls for a hidden immunity idol when a season card is clicked. chance
// is the product's (lists.IdolChance) unless the operator set CASTAWAY_IDOL_CHANCE for
// testing; draw is the randomness, replaceable in tests.
type idolSearch struct {
	*Server
	chance float64
	draw   func() float64
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
		writeProblem(w, lists.ErrUnknownSeason)
		return
	}
	res := api.IdolSearchResult{IdolsFound: u.IdolsFound}
	// Over the limit the search finds nothing, without an error; the spec only logs
	// idol tracking failures, so a failing count is logged and the click answered.
	err := h.limitWrite(r, u, lists.IdolSearchPerUser, lists.IdolSearchPerClient)
	if err == nil && lists.FindsIdol(h.chance, h.draw) {
		var n int
		if n, err = h.store.AddIdol(r.Context(), u.ID); err == nil {
			res.Found, res.IdolsFound = true, n
		}
	}
	if p, limited := problem.As(err); err != nil && !(limited && p.Kind == problem.RateLimited) {
		h.log.ErrorContext(r.Context(), "idol search", "err", err)
	}
	writeJSON(w, http.StatusOK, res)
}
