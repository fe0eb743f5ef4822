package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/problem"
)

const (
	msgFavoriteSignedOut = "You must be signed in to favorite lists."
	msgFavoriteFailed    = problem.MsgFavoriteFailed
)

func (s *Server) favoriteList(w http.ResponseWriter, r *http.Request) { s.setFavorite(w, r, true) }

func (s *Server) unfavoriteList(w http.ResponseWriter, r *http.Request) { s.setFavorite(w, r, false) }

// setFavorite favorites the list the path names for the signed-in user, or unfavorites it.
func (s *Server) setFavorite(w http.ResponseWriter, r *http.Request, on bool) {
	if requireUser(w, r, msgFavoriteSignedOut) == nil {
		return
	}
	set, what := s.lists.Unfavorite, "unfavorite"
	if on {
		set, what = s.lists.Favorite, "favorite"
	}
	if err := set(r.Context(), s.actor(r), r.PathValue("userId"), r.PathValue("listId")); err != nil {
		s.fail(w, r, what, err, msgFavoriteFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.FavoriteState{Favorited: on})
}

func (s *Server) myFavorites(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to see your favorites.")
	if u == nil {
		return
	}
	favs, err := s.lists.Favorites(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, "list favorites", err, msgSomethingWrong)
		return
	}
	out := make([]api.Favorite, len(favs))
	for i, f := range favs {
		out[i] = api.Favorite{UserId: f.UserID, ListId: f.ListID, Name: f.Name, FavoritedAt: f.FavoritedAt}
	}
	writeJSON(w, http.StatusOK, out)
}
