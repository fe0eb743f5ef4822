package moderation

import (
	"castaway/internal/store"
)

// Service holds the use cases of community care: reports, the moderators' queue,
// their actions and log, and the blocks a reader sets. Accounts are moderated by Users.
type Service struct {
	store *store.Store
}

// NewService builds the community care use cases over st.
func NewService(st *store.Store) *Service { return &Service{store: st} }
