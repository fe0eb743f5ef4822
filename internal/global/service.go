package global

import (
	"context"

	"castaway/internal/catalog"
	"castaway/internal/comments"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/store"
)

// Service holds the use cases of the Global Rankings: the polls and their results,
// a voter's ballot, and the discussion under each poll.
type Service struct {
	store    *store.Store
	catalog  *catalog.Catalog
	writes   *limits.Writes
	comments *comments.Service
}

// NewService builds the vote's use cases over st, checking ballots against cat and
// counting writes in writes; a poll's discussion is posted through discussions.
func NewService(st *store.Store, cat *catalog.Catalog, writes *limits.Writes, discussions *comments.Service) *Service {
	return &Service{store: st, catalog: cat, writes: writes, comments: discussions}
}

// Poll is the poll id names (ErrPollNotFound when there is none).
func (s *Service) Poll(ctx context.Context, id string) (*model.Poll, error) {
	p, err := s.store.Poll(ctx, id)
	return p, store.NotFoundAs(err, ErrPollNotFound)
}
