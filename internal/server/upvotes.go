package server

import (
	"context"
	"net/http"

	"castaway/internal/api"
	"castaway/internal/httpcache"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const (
	msgUpvoteSignedOut = "You must be signed in to upvote."
	msgUpvoteFailed    = problem.MsgUpvoteFailed
)

func (s *Server) upvoteList(w http.ResponseWriter, r *http.Request) {
	s.markUpvote(w, r, s.lists.Upvote)
}

func (s *Server) removeUpvote(w http.ResponseWriter, r *http.Request) {
	s.markUpvote(w, r, s.lists.RemoveUpvote)
}

// markUpvote adds or removes, as mark does, the signed-in user's upvote of the list the
// path names.
func (s *Server) markUpvote(w http.ResponseWriter, r *http.Request,
	mark func(ctx context.Context, a model.Actor, ownerID, listID string) (model.UpvoteResult, error)) {
	if requireUser(w, r, msgUpvoteSignedOut) == nil {
		return
	}
	res, err := mark(r.Context(), s.actor(r), r.PathValue("userId"), r.PathValue("listId"))
	if err != nil {
		s.fail(w, r, "upvote", err, msgUpvoteFailed)
		return
	}
	if !res.Changed {
		httpcache.Unchanged(w)
	}
	writeJSON(w, http.StatusOK, api.UpvoteState{UpvoteCount: res.UpvoteCount, Upvoted: res.Upvoted})
}
