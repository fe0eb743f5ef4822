package moderation

import (
	"castaway/internal/limits"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Service holds the use cases of community care: reports, the moderators' queue,
// their actions and log, and the blocks a reader sets. Accounts are moderated by Users.
type Service struct {
	store  *store.Store
	inbox  *notify.Inbox
	writes *limits.Writes
}

// NewService builds the community care use cases over st: writes counts their limits
// and inbox hears what changes inboxes (a block, a hidden list or comment).
func NewService(st *store.Store, inbox *notify.Inbox, writes *limits.Writes) *Service {
	return &Service{store: st, inbox: inbox, writes: writes}
}
