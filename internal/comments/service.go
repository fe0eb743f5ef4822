package comments

import (
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Service holds the use cases of discussions: reading a thread's pages, posting,
// voting and deleting, with the notifications they send. Who may see the thread is
// the caller's to have checked (the lists' visibility rule).
type Service struct {
	store *store.Store
	inbox *notify.Inbox
}

// NewService builds the discussion use cases over st, waking inboxes it notifies through inbox.
func NewService(st *store.Store, inbox *notify.Inbox) *Service {
	return &Service{store: st, inbox: inbox}
}
