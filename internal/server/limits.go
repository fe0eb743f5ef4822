package server

import (
	"net/http"
	"time"

	"castaway/internal/limits"
	"castaway/internal/store"
)

// limitWrite counts one write by u, from this client, against each limit, both at once;
// a problem (429) when either went over. On SQLite (one process) the counters are this
// process's own, in memory, so a write costs one transaction rather than two; elsewhere,
// and whenever the memory's bound is reached, they are the database's, shared by every node.
func (s *Server) limitWrite(r *http.Request, u *store.User, perUser, perClient limits.Limit) error {
	now := s.now()
	keys := []string{perUser.Name + ":" + u.ID, perClient.Name + ":" + s.clientIP(r)}
	counts, starts, ok := s.localLimits.HitAll([]limits.Hit{{Key: keys[0], Window: perUser.Window}, {Key: keys[1], Window: perClient.Window}}, now)
	if !ok {
		wins, err := s.store.HitRateLimits(r.Context(), []store.RateHit{
			{Key: keys[0], Window: perUser.Window}, {Key: keys[1], Window: perClient.Window},
		}, now)
		if err != nil {
			return err
		}
		counts, starts = []int{wins[0].Count, wins[1].Count}, []time.Time{wins[0].Start, wins[1].Start}
	}
	for i, l := range []limits.Limit{perUser, perClient} {
		if counts[i] > l.Max {
			return l.Exceeded(starts[i], now)
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
