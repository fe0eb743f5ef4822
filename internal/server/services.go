package server

import (
	"castaway/internal/comments"
	"castaway/internal/global"
	"castaway/internal/moderation"
	"castaway/internal/notify"
)

// useServices takes the domains' use cases from d, building over d.Store (and the
// server's hub and write limits) those it lacks, as tests leave them out.
func (s *Server) useServices(d Deps) {
	if s.inboxes = d.Inbox; s.inboxes == nil {
		s.inboxes = notify.NewInbox(d.Store, s.hub)
	}
	if s.comments = d.Comments; s.comments == nil {
		s.comments = comments.NewService(d.Store, s.inboxes)
	}
	if s.moderation = d.Moderation; s.moderation == nil {
		s.moderation = moderation.NewService(d.Store)
	}
	if s.polls = d.Global; s.polls == nil {
		s.polls = global.NewService(d.Store, d.Catalog, s.writes, s.comments)
	}
	if s.modUsers = d.ModerationUsers; s.modUsers == nil {
		s.modUsers = moderation.NewUsers(d.Store, s.accounts, s.log)
	}
}
