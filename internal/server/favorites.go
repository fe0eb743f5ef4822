package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/problem"
)

const (
	msgFavoriteSignedOut = problem.MsgSignInToFavorite
	msgFavoriteFailed    = problem.MsgFavoriteFailed
)

func (s *Server) favoriteList(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgFavoriteSignedOut)
	if !ok {
		return
	}
	err := s.lists.Favorite(r.Context(), a, r.PathValue("userId"), r.PathValue("listId"))
	s.answerFavorite(w, r, "favorite", true, err)
}

func (s *Server) unfavoriteList(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgFavoriteSignedOut)
	if !ok {
		return
	}
	err := s.lists.Unfavorite(r.Context(), a, r.PathValue("userId"), r.PathValue("listId"))
	s.answerFavorite(w, r, "unfavorite", false, err)
}

// answerFavorite answers whether the list is now the reader's favorite (on), or why
// the change (event) failed.
func (s *Server) answerFavorite(w http.ResponseWriter, r *http.Request, event string, on bool, err error) {
	if err != nil {
		s.fail(w, r, event, err, msgFavoriteFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.FavoriteState{Favorited: on})
}

func (s *Server) myFavorites(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgSignInToSeeFavorites)
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
