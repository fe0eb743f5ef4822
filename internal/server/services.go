package server

import (
	"time"

	"castaway/internal/comments"
	"castaway/internal/consensus"
	"castaway/internal/follows"
	"castaway/internal/global"
	"castaway/internal/legacy"
	"castaway/internal/limits"
	"castaway/internal/lists"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// useServices takes the domains' use cases from d (internal/app builds them once),
// making those it lacks as app does, on the server's clock (which a test may set): tests
// leave them out.
func (s *Server) useServices(d Deps) {
	clock := func() time.Time { return s.now() }
	if s.writes = d.Writes; s.writes == nil {
		s.writes = limits.WritesFor(d.Store, d.Store.Dialect() == store.SQLite, clock)
	}
	if s.lists = d.Lists; s.lists == nil {
		s.lists = lists.NewService(d.Store, d.Catalog, s.writes, s.hub, d.Logger)
		s.lists.SetClock(clock)
	}
	if s.consensus = d.Consensus; s.consensus == nil {
		s.consensus = consensus.NewService(d.Store, d.Catalog)
	}
	if s.legacy = d.Legacy; s.legacy == nil {
		s.legacy = legacy.NewService(d.Store, d.Catalog, s.writes, s.hub)
	}
	if s.inboxes = d.Inbox; s.inboxes == nil {
		s.inboxes = notify.NewInbox(d.Store, s.hub)
	}
	if s.comments = d.Comments; s.comments == nil {
		s.comments = comments.NewService(d.Store, s.inboxes)
	}
	if s.moderation = d.Moderation; s.moderation == nil {
		s.moderation = moderation.NewService(d.Store, s.inboxes)
	}
	if s.polls = d.Global; s.polls == nil {
		s.polls = global.NewService(d.Store, d.Catalog, s.writes, s.comments)
	}
	if s.follows = d.Follows; s.follows == nil {
		s.follows = follows.NewService(d.Store, s.writes, s.hub)
		s.follows.SetClock(clock)
	}
	if s.modUsers = d.ModerationUsers; s.modUsers == nil {
		s.modUsers = moderation.NewUsers(d.Store, s.accounts, s.log)
	}
}
