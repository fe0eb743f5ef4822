package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/problem"
)

const msgBlockFailed = problem.MsgBlockFailed

func (s *Server) blockUser(w http.ResponseWriter, r *http.Request) { s.setBlock(w, r, true) }

func (s *Server) unblockUser(w http.ResponseWriter, r *http.Request) { s.setBlock(w, r, false) }

// setBlock blocks the user the path names for the signed-in user, or lifts the block.
func (s *Server) setBlock(w http.ResponseWriter, r *http.Request, on bool) {
	set, what, signedOut := s.moderation.Unblock, "unblock", "You must be signed in to unblock someone."
	if on {
		set, what, signedOut = s.moderation.Block, "block", "You must be signed in to block someone."
	}
	if requireUser(w, r, signedOut) == nil {
		return
	}
	if err := set(r.Context(), s.actor(r), r.PathValue("userId")); err != nil {
		s.fail(w, r, what, err, msgBlockFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) myBlocks(w http.ResponseWriter, r *http.Request) {
	if requireUser(w, r, "You must be signed in to see who you blocked.") == nil {
		return
	}
	blocks, err := s.moderation.Blocks(r.Context(), s.actor(r))
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
