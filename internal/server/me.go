package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/httpcache"
	"castaway/internal/model"
	"castaway/internal/problem"
)

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgSignedOut)
	if u == nil {
		return
	}
	s.writeMe(w, r, u, http.StatusOK, msgSomethingWrong)
}

func (s *Server) updateMe(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.UpdateMe](w, r, problem.MsgUsernameSignedOut)
	if !ok {
		return
	}
	updated, changed, err := s.accounts.Rename(r.Context(), a, body.DisplayName)
	if err != nil {
		s.fail(w, r, "account request", err, auth.MsgUsernameFailed)
		return
	}
	if !changed {
		httpcache.Unchanged(w)
	}
	s.writeMe(w, r, updated, http.StatusOK, auth.MsgUsernameFailed)
}

// writeMe answers with the user as they see themselves, sign-in methods included.
func (s *Server) writeMe(w http.ResponseWriter, r *http.Request, u *model.User, status int, fallback string) {
	providers, err := s.accounts.Providers(r.Context(), u)
	if err != nil {
		s.fail(w, r, "account request", err, fallback)
		return
	}
	me := api.Me{Id: u.ID, Email: u.Email, DisplayName: u.DisplayName, IdolsFound: u.IdolsFound, IsAdmin: u.IsAdmin,
		CreatedAt: u.CreatedAt.UTC(), Providers: make([]api.MeProviders, len(providers)),
		NotifyFollowedLists: u.NotifyFollowedLists, FollowingCount: u.Following}
	if err := s.addressState(r, u, &me); err != nil {
		s.fail(w, r, "account request", err, fallback)
		return
	}
	for i, p := range providers {
		me.Providers[i] = api.MeProviders(p)
	}
	writeJSON(w, status, me)
}
