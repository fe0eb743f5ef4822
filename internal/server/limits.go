package server

import (
	"net/http"

	"castaway/internal/limits"
	"castaway/internal/store"
)

// limitWrite counts one write by u, from this client, against each limit, both at once;
// a problem (429) when either refused it. On SQLite (one process) the limits' state is this
// process's own, in memory, so a write costs one transaction rather than two; elsewhere,
// and whenever the memory's bound is reached, it is the database's, shared by every node.
func (s *Server) limitWrite(r *http.Request, u *store.User, perUser, perClient limits.Limit) error {
	now := s.now()
	hits := []limits.Hit{perUser.Hit(u.ID), perClient.Hit(s.clientIP(r))}
	states, ok := s.localLimits.HitAll(hits, now)
	if !ok {
		var err error
		if states, err = s.store.HitRateLimits(r.Context(), hits, now); err != nil {
			return err
		}
	}
	for i, l := range []limits.Limit{perUser, perClient} {
		if !states[i].Allowed {
			return l.Exceeded(states[i].TAT, now)
		}
	}
	return nil
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
