package server

import (
	"net/http"

	"castaway/internal/limits"
	"castaway/internal/model"
)

// limitWrite counts one write by u, from this client, against each limit, both at once;
// a problem (429) when either refused it.
func (s *Server) limitWrite(r *http.Request, u *model.User, perUser, perClient limits.Limit) error {
	return s.writes.Take(r.Context(), u.ID, s.clientIP(r), perUser, perClient)
}

// limited counts every request of a signed-in user to next against perUser and perClient
// before next runs (429 past either); a signed-out request goes on to be refused there.
func (s *Server) limited(perUser, perClient limits.Limit, next http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u := currentUser(r); u != nil {
			if err := s.limitWrite(r, u, perUser, perClient); err != nil {
				s.fail(w, r, "rate limit", err, msgSomethingWrong)
				return
			}
		}
		next(w, r)
	})
}
