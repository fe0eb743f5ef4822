package server

import (
	"errors"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/problem"
	"castaway/internal/store"
)

const (
	msgFavoriteSignedOut = "You must be signed in to favorite lists."
	msgFavoriteFailed    = problem.MsgFavoriteFailed
)

func (s *Server) favoriteList(w http.ResponseWriter, r *http.Request) {
	u, l := s.userAndList(w, r, msgFavoriteSignedOut, msgFavoriteFailed)
	if l == nil {
		return
	}
	if err := s.store.AddFavorite(r.Context(), u.ID, l.UserID, l.ID, time.Now()); err != nil {
		if errors.Is(err, store.ErrTooManyFavorites) {
			err = lists.ErrTooManyFavorites
		}
		s.fail(w, r, "favorite", notFoundAs(err, lists.ErrNotFound), msgFavoriteFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.FavoriteState{Favorited: true})
}

// unfavoriteList works on lists the user can no longer see too, so a favorite of a
// list made private can still be let go.
func (s *Server) unfavoriteList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgFavoriteSignedOut)
	if u == nil {
		return
	}
	if err := s.store.RemoveFavorite(r.Context(), u.ID, r.PathValue("userId"), r.PathValue("listId")); err != nil {
		s.fail(w, r, "unfavorite", err, msgFavoriteFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.FavoriteState{Favorited: false})
}

func (s *Server) myFavorites(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to see your favorites.")
	if u == nil {
		return
	}
	favs, err := s.store.Favorites(r.Context(), u.ID)
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
