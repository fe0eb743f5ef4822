package moderation

import (
	"castaway/internal/comments"
	"castaway/internal/limits"
	"castaway/internal/lists"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Service holds the use cases of community care: reports, the moderators' queue,
// their actions and log, and the blocks a reader sets. Accounts are moderated by Users.
// What a reader may report is what lists and comments let them see, through their services.
type Service struct {
	store    *store.Store
	inbox    *notify.Inbox
	writes   *limits.Writes
	lists    *lists.Service
	comments *comments.Service
}

// NewService builds the community care use cases over st: writes counts their limits,
// ls and discussions say what a reader may see, and inbox hears what changes inboxes (a
// block, a hidden list or comment).
func NewService(st *store.Store, inbox *notify.Inbox, writes *limits.Writes, ls *lists.Service, discussions *comments.Service) *Service {
	return &Service{store: st, inbox: inbox, writes: writes, lists: ls, comments: discussions}
}
