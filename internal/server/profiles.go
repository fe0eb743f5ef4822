package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/problem"
)

func (s *Server) userProfile(w http.ResponseWriter, r *http.Request) {
	p, err := s.lists.Profile(r.Context(), currentUser(r), r.PathValue("userId"))
	if err != nil {
		s.fail(w, r, "read profile", err, msgSomethingWrong)
		return
	}
	out := api.PublicProfile{Id: p.ID, DisplayName: p.DisplayName, IdolsFound: p.IdolsFound, ListCount: p.ListCount,
		FollowerCount: p.Followers, FollowingCount: p.Following}
	if p.BlockedByMe {
		out.BlockedByMe = &p.BlockedByMe
	}
	if p.FollowedByMe {
		out.FollowedByMe = &p.FollowedByMe
	}
	writeJSON(w, http.StatusOK, out)
}

// userLists is one user's rankings that the reader may see: the user themself
// also sees their private lists.
func (s *Server) userLists(w http.ResponseWriter, r *http.Request) {
	userID, viewer := r.PathValue("userId"), currentUser(r)
	owned, err := s.lists.UserLists(r.Context(), viewer, userID)
	if err != nil {
		msg := msgSomethingWrong
		if viewer != nil && viewer.ID == userID {
			msg = problem.MsgMyListsFailed
		}
		s.fail(w, r, "user lists", err, msg)
		return
	}
	writeJSON(w, http.StatusOK, api.UserLists{Lists: apiSummaries(owned)})
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
	a, body, ok := signedInBody[api.IdolSearch](w, r, problem.MsgSignInToSearchIdols)
	if !ok {
		return
	}
	found, err := h.lists.SearchIdol(r.Context(), a, body.SeasonId, h.chance, h.draw)
	if err != nil {
		h.fail(w, r, "idol search", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, api.IdolSearchResult{Found: found.Found, IdolsFound: found.IdolsFound})
}
