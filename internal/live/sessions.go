package live

import (
	"context"
)

// endRevoked ends userID's streams whose session is no longer valid ("" checks every
// account's, after the bus reconnected). It is the one path by which ending a session,
// on any node, ends its streams: the hub calls it for each "session.<userId>" event. A
// user has at most Limits.PerAccount streams here, and each session of theirs is
// looked up once.
func (s *Streams) endRevoked(userID string) {
	// A session ends, too, when an account is suspended or deleted, which may take
	// its lists and comments out of other inboxes.
	s.inboxes.forget("")
	streams := s.set.accountStreams(userID)
	if len(streams) == 0 {
		return
	}
	go func() {
		valid := map[string]bool{}
		for _, ls := range streams {
			ok, known := valid[ls.session]
			if !known {
				ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
				var err error
				ok, err = s.sessionValid(ctx, ls.session, ls.account)
				cancel()
				if err != nil {
					// Not knowing is no reason to end it; the next revocation looks again.
					s.log.Warn("check an event stream's session", "err", err)
					continue
				}
				valid[ls.session] = ok
			}
			if !ok {
				s.set.end(ls)
			}
		}
	}()
}
