package server

import (
	"net/http"
	"time"

	"castaway/internal/limits"
	"castaway/internal/store"
)

// limitWrite counts one write by u, from this client, against each limit, in the
// shared atomic counters; a problem (429) when either went over.
func (s *Server) limitWrite(r *http.Request, u *store.User, perUser, perClient limits.Limit) error {
	now := time.Now()
	wins, err := s.store.HitRateLimits(r.Context(), []store.RateHit{
		{Key: perUser.Name + ":" + u.ID, Window: perUser.Window},
		{Key: perClient.Name + ":" + s.clientIP(r), Window: perClient.Window},
	}, now)
	if err != nil {
		return err
	}
	for i, l := range []limits.Limit{perUser, perClient} {
		if wins[i].Count > l.Max {
			return l.Exceeded(wins[i].Start, now)
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
