package server

import (
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
)

const (
	msgUpvoteSignedOut = "You must be signed in to upvote."
	msgUpvoteFailed    = problem.MsgUpvoteFailed
)

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

func (s *Server) answerUpvote(w http.ResponseWriter, r *http.Request, res model.UpvoteResult, err error) {
	if err != nil {
		s.fail(w, r, "upvote", notFoundAs(err, lists.ErrNotFound), msgUpvoteFailed) // deleted meanwhile
		return
	}
	s.wakeInboxes(r, res.Notified...)
	writeJSON(w, http.StatusOK, api.UpvoteState{UpvoteCount: res.UpvoteCount, Upvoted: res.Upvoted})
}
