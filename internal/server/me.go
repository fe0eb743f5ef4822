package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/httpcache"
	"castaway/internal/problem"
)

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgSignedOut)
	if u == nil {
		return
	}
	me, err := s.accounts.Me(r.Context(), u)
	if err != nil {
		s.fail(w, r, "account request", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, meJSON(me))
}

func (s *Server) updateMe(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.UpdateMe](w, r, problem.MsgUsernameSignedOut)
	if !ok {
		return
	}
	me, changed, err := s.accounts.Rename(r.Context(), a, body.DisplayName)
	if err != nil {
		s.fail(w, r, "account request", err, problem.MsgUsernameFailed)
		return
	}
	if !changed {
		httpcache.Unchanged(w)
	}
	writeJSON(w, http.StatusOK, meJSON(me))
}

// meJSON is an account as its holder sees it: sign-in methods, the address's state and
// the notice they should read included.
func meJSON(m *auth.Me) api.Me {
	u := m.User
	out := api.Me{Id: u.ID, Email: u.Email, DisplayName: u.DisplayName, IdolsFound: u.IdolsFound, IsAdmin: u.IsAdmin,
		CreatedAt: u.CreatedAt.UTC(), Providers: make([]api.MeProviders, len(m.Providers)),
		NotifyFollowedLists: u.NotifyFollowedLists, FollowingCount: u.Following, EmailVerified: u.EmailVerified,
		PendingEmail: orNil(m.PendingEmail), Notice: orNil(m.Notice)}
	for i, p := range m.Providers {
		out.Providers[i] = api.MeProviders(p)
	}
	return out
}
