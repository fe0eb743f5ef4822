package server

import (
	"errors"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/moderation"
	"castaway/internal/problem"
	"castaway/internal/store"
)

const msgBlockFailed = problem.MsgBlockFailed

func (s *Server) blockUser(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to block someone.")
	if u == nil {
		return
	}
	blocked := r.PathValue("userId")
	var err error
	switch {
	case blocked == u.ID:
		err = moderation.ErrBlockSelf
	default:
		err = s.store.Block(r.Context(), u.ID, blocked, time.Now())
		if errors.Is(err, store.ErrTooManyBlocks) {
			err = moderation.ErrTooManyBlocks
		}
	}
	if err != nil {
		s.fail(w, r, "block", notFoundAs(err, lists.ErrUserNotFound), msgBlockFailed)
		return
	}
	s.wakeInboxes(r, u.ID) // it hides the blocked user's notifications
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) unblockUser(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to unblock someone.")
	if u == nil {
		return
	}
	if err := s.store.Unblock(r.Context(), u.ID, r.PathValue("userId")); err != nil {
		s.fail(w, r, "unblock", err, msgBlockFailed)
		return
	}
	s.wakeInboxes(r, u.ID)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) myBlocks(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to see who you blocked.")
	if u == nil {
		return
	}
	blocks, err := s.store.Blocks(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, "list blocks", err, msgSomethingWrong)
		return
	}
	out := make([]api.BlockedUser, len(blocks))
	for i, b := range blocks {
		out[i] = api.BlockedUser{UserId: b.UserID, DisplayName: b.DisplayName, BlockedAt: b.BlockedAt}
	}
	writeJSON(w, http.StatusOK, out)
}
