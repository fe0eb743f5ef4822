package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const (
	msgUpvoteSignedOut = "You must be signed in to upvote."
	msgUpvoteFailed    = problem.MsgUpvoteFailed
)

func (s *Server) upvoteList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgUpvoteSignedOut)
	if u == nil {
		return
	}
	res, err := s.lists.Upvote(r.Context(), s.actor(r), r.PathValue("userId"), r.PathValue("listId"))
	s.answerUpvote(w, r, res, err)
}

func (s *Server) removeUpvote(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgUpvoteSignedOut)
	if u == nil {
		return
	}
	res, err := s.lists.RemoveUpvote(r.Context(), s.actor(r), r.PathValue("userId"), r.PathValue("listId"))
	s.answerUpvote(w, r, res, err)
}

func (s *Server) answerUpvote(w http.ResponseWriter, r *http.Request, res model.UpvoteResult, err error) {
	if err != nil {
		s.fail(w, r, "upvote", err, msgUpvoteFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.UpvoteState{UpvoteCount: res.UpvoteCount, Upvoted: res.Upvoted})
}
