package server

import (
	"time"

	"castaway/internal/services"
)

// useServices takes the domains' use cases from d (internal/app builds them once),
// making them on the server's clock (which a test may set) when tests leave them out.
func (s *Server) useServices(d Deps) {
	set := d.Services
	if set == nil {
		set = services.New(d.Store, d.Catalog, s.hub, s.accounts, s.log, func() time.Time { return s.now() })
	}
	s.writes, s.lists, s.consensus, s.legacy = set.Writes, set.Lists, set.Consensus, set.Legacy
	s.inboxes, s.comments, s.moderation, s.polls = set.Inbox, set.Comments, set.Moderation, set.Global
	s.modUsers, s.follows, s.fanOut, s.tally = set.ModerationUsers, set.Follows, set.FanOut, set.Tally
}
