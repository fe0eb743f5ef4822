package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/httpcache"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const (
	msgUpvoteSignedOut = problem.MsgSignInToUpvote
	msgUpvoteFailed    = problem.MsgUpvoteFailed
)

func (s *Server) upvoteList(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgUpvoteSignedOut)
	if !ok {
		return
	}
	res, err := s.lists.Upvote(r.Context(), a, r.PathValue("userId"), r.PathValue("listId"))
	s.answerUpvote(w, r, res, err)
}

func (s *Server) removeUpvote(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgUpvoteSignedOut)
	if !ok {
		return
	}
	res, err := s.lists.RemoveUpvote(r.Context(), a, r.PathValue("userId"), r.PathValue("listId"))
	s.answerUpvote(w, r, res, err)
}

// answerUpvote answers the reader's upvote of a list as it now stands, or why it could
// not change; a change to nothing keeps the shared reads.
func (s *Server) answerUpvote(w http.ResponseWriter, r *http.Request, res model.UpvoteResult, err error) {
	if err != nil {
		s.fail(w, r, "upvote", err, msgUpvoteFailed)
		return
	}
	if !res.Changed {
		httpcache.Unchanged(w)
	}
	writeJSON(w, http.StatusOK, api.UpvoteState{UpvoteCount: res.UpvoteCount, Upvoted: res.Upvoted})
}
