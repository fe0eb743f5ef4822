package comments

import (
	"castaway/internal/limits"
	"castaway/internal/lists"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Service holds the use cases of discussions: reading a thread's pages, posting,
// voting and deleting. Each method is the whole use case: it counts the write against
// its limits, checks that the reader may see the list of the thread (lists.Service),
// applies the rules, writes, and wakes the inboxes it notified. A poll's thread is
// checked by the poll's own service (global), which posts through this one.
type Service struct {
	store  *store.Store
	inbox  *notify.Inbox
	writes *limits.Writes
	lists  *lists.Service
}

// NewService builds the discussion use cases over st: writes counts their limits, lists
// says who may see a list's thread, and inbox wakes the inboxes they notify.
func NewService(st *store.Store, inbox *notify.Inbox, writes *limits.Writes, ls *lists.Service) *Service {
	return &Service{store: st, inbox: inbox, writes: writes, lists: ls}
}
