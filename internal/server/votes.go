package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// communityRoutes registers upvotes, favorites, comments and the inbox.
func (s *Server) communityRoutes(mux *http.ServeMux) {
	mux.HandleFunc("PUT /api/lists/{userId}/{listId}/upvote", s.upvoteList)
	mux.HandleFunc("DELETE /api/lists/{userId}/{listId}/upvote", s.removeUpvote)
	mux.HandleFunc("PUT /api/lists/{userId}/{listId}/favorite", s.favoriteList)
	mux.HandleFunc("DELETE /api/lists/{userId}/{listId}/favorite", s.unfavoriteList)
	mux.HandleFunc("GET /api/me/favorites", s.myFavorites)
	s.commentRoutes(mux)
	s.notificationRoutes(mux)
}

const (
	msgUpvoteSignedOut       = "You must be signed in to upvote."
	msgFavoriteSignedOut     = "You must be signed in to favorite lists."
	msgCommunityListNotFound = "List not found"
	msgUpvoteFailed          = "Failed to upvote list. Please try again."
	msgFavoriteFailed        = "Failed to update favorites. Please try again."
)

// communityList finds the list named by the path when viewerID may see it, answering
// 404 (a private list of someone else does not exist for them) or 500 itself.
func (s *Server) communityList(w http.ResponseWriter, r *http.Request, viewerID, failure string) *store.ListVisibility {
	l, err := s.store.ListVisibilityOf(r.Context(), r.PathValue("userId"), r.PathValue("listId"))
	if errors.Is(err, store.ErrNotFound) || (err == nil && !l.VisibleTo(viewerID)) {
		writeError(w, http.StatusNotFound, "not_found", msgCommunityListNotFound)
		return nil
	}
	if err != nil {
		s.serverError(w, r, "look up list", err, failure)
		return nil
	}
	return l
}

// userAndList is the signed-in user and the list of the path they may see; when
// either is missing it has answered (401, 404 or 500) and l is nil.
func (s *Server) userAndList(w http.ResponseWriter, r *http.Request, signedOut, failure string) (*store.User, *store.ListVisibility) {
	u := requireUser(w, r, signedOut)
	if u == nil {
		return nil, nil
	}
	return u, s.communityList(w, r, u.ID, failure)
}

// wakeInboxes wakes the live inboxes of userIDs, even if the request that caused it is gone.
func (s *Server) wakeInboxes(r *http.Request, userIDs ...string) {
	s.hub.Publish(context.WithoutCancel(r.Context()), userIDs...)
}

func (s *Server) upvoteList(w http.ResponseWriter, r *http.Request) {
	u, l := s.userAndList(w, r, msgUpvoteSignedOut, msgUpvoteFailed)
	if l == nil {
		return
	}
	now := time.Now()
	res, err := s.store.AddUpvote(r.Context(), l.UserID, l.ID, u.ID, now,
		notify.ForListUpvote(notify.Actor{ID: u.ID, Name: u.DisplayName}, l, now))
	s.answerUpvote(w, r, res, err)
}

func (s *Server) removeUpvote(w http.ResponseWriter, r *http.Request) {
	u, l := s.userAndList(w, r, msgUpvoteSignedOut, msgUpvoteFailed)
	if l == nil {
		return
	}
	res, err := s.store.RemoveUpvote(r.Context(), l.UserID, l.ID, u.ID)
	s.answerUpvote(w, r, res, err)
}

func (s *Server) answerUpvote(w http.ResponseWriter, r *http.Request, res store.UpvoteResult, err error) {
	switch {
	case errors.Is(err, store.ErrNotFound): // deleted meanwhile
		writeError(w, http.StatusNotFound, "not_found", msgCommunityListNotFound)
	case err != nil:
		s.serverError(w, r, "upvote", err, msgUpvoteFailed)
	default:
		s.wakeInboxes(r, res.Notified...)
		writeJSON(w, http.StatusOK, api.UpvoteState{UpvoteCount: res.UpvoteCount, Upvoted: res.Upvoted})
	}
}

func (s *Server) favoriteList(w http.ResponseWriter, r *http.Request) {
	u, l := s.userAndList(w, r, msgFavoriteSignedOut, msgFavoriteFailed)
	if l == nil {
		return
	}
	err := s.store.AddFavorite(r.Context(), u.ID, l.UserID, l.ID, time.Now())
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "not_found", msgCommunityListNotFound)
	case err != nil:
		s.serverError(w, r, "favorite", err, msgFavoriteFailed)
	default:
		writeJSON(w, http.StatusOK, api.FavoriteState{Favorited: true})
	}
}

// unfavoriteList works on lists the user can no longer see too, so a favorite of a
// list made private can still be let go.
func (s *Server) unfavoriteList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgFavoriteSignedOut)
	if u == nil {
		return
	}
	if err := s.store.RemoveFavorite(r.Context(), u.ID, r.PathValue("userId"), r.PathValue("listId")); err != nil {
		s.serverError(w, r, "unfavorite", err, msgFavoriteFailed)
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
		s.serverError(w, r, "list favorites", err, msgSomethingWrong)
		return
	}
	out := make([]api.Favorite, len(favs))
	for i, f := range favs {
		out[i] = api.Favorite{UserId: f.UserID, ListId: f.ListID, Name: f.Name, FavoritedAt: f.FavoritedAt}
	}
	writeJSON(w, http.StatusOK, out)
}
