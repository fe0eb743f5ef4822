package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/problem"
)

const msgBlockFailed = problem.MsgBlockFailed

func (s *Server) blockUser(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignInToBlock)
	if !ok {
		return
	}
	s.answerBlock(w, r, "block", s.moderation.Block(r.Context(), a, r.PathValue("userId")))
}

func (s *Server) unblockUser(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignInToUnblock)
	if !ok {
		return
	}
	s.answerBlock(w, r, "unblock", s.moderation.Unblock(r.Context(), a, r.PathValue("userId")))
}

// answerBlock answers 204 to a block or unblock (event) that went through, or why not.
func (s *Server) answerBlock(w http.ResponseWriter, r *http.Request, event string, err error) {
	if err != nil {
		s.fail(w, r, event, err, msgBlockFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) myBlocks(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignInToSeeBlocks)
	if !ok {
		return
	}
	blocks, err := s.moderation.Blocks(r.Context(), a)
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
