package server

import (
	"context"
	"errors"
	"time"

	"castaway/internal/store"
)

// endRevokedStreams ends userID's streams whose session is no longer valid (""
// checks every account's, after the bus reconnected). It is the one path by which
// ending a session, on any node, ends its streams: the hub calls it for each
// "session.<userId>" event. A user has at most streamsPerAccount streams here, and
// each session of theirs is looked up once.
func (s *Server) endRevokedStreams(userID string) {
	streams := s.streams.accountStreams(userID)
	if len(streams) == 0 {
		return
	}
	go func() {
		valid := map[string]bool{}
		for _, ls := range streams {
			ok, known := valid[ls.session]
			if !known {
				ctx, cancel := context.WithTimeout(context.Background(), streamReadTimeout)
				u, err := s.store.SessionUser(ctx, ls.session, time.Now())
				cancel()
				if err != nil && !errors.Is(err, store.ErrNotFound) {
					// Not knowing is no reason to end it; the next revocation looks again.
					s.log.Warn("check an event stream's session", "err", err)
					continue
				}
				ok = err == nil && u.ID == ls.account
				valid[ls.session] = ok
			}
			if !ok {
				s.streams.end(ls)
			}
		}
	}()
}
