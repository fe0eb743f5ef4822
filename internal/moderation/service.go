package moderation

import (
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Service holds the use cases of community care: reports, the moderators' queue,
// their actions and log, and the blocks a reader sets. Accounts are moderated by Users.
type Service struct {
	store *store.Store
	inbox *notify.Inbox
}

// NewService builds the community care use cases over st, telling inbox what changes
// inboxes (a block, a hidden list or comment).
func NewService(st *store.Store, inbox *notify.Inbox) *Service {
	return &Service{store: st, inbox: inbox}
}
