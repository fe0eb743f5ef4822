package lists

import (
	"context"
	"errors"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Draft is userID's unsaved creator state, nil when they keep none.
func (s *Service) Draft(ctx context.Context, userID string) (*model.Draft, error) {
	d, err := s.store.Draft(ctx, userID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return d, err
}

// SaveDraft keeps in as a's draft, in place of any earlier one, and answers it as
// saved. An origin a may no longer see is dropped, not refused: the draft is kept.
func (s *Service) SaveDraft(ctx context.Context, a model.Actor, in Input) (*model.Draft, error) {
	if err := s.take(ctx, a, DraftPerUser, DraftPerClient); err != nil {
		return nil, err
	}
	c, err := ValidateDraft(s.catalog, in)
	if err != nil {
		return nil, err
	}
	sorter, err := validateSorter(s.catalog, in.Sorter)
	if err != nil {
		return nil, err
	}
	userID := a.UserID()
	d := c.Draft(Public(in.Public), s.now())
	d.Sorter = sorter
	if in.RemixOf != nil {
		if _, err := s.remixSource(ctx, *in.RemixOf, userID); err == nil {
			d.RemixOf = *in.RemixOf
		} else if _, isProblem := problem.As(err); !isProblem {
			return nil, err
		}
	}
	if err := s.store.SaveDraft(ctx, userID, d); err != nil {
		return nil, err
	}
	return s.store.Draft(ctx, userID)
}

// DeleteDraft lets a's draft go (none is fine).
func (s *Service) DeleteDraft(ctx context.Context, a model.Actor) error {
	if err := s.take(ctx, a, DraftPerUser, DraftPerClient); err != nil {
		return err
	}
	return s.store.DeleteDraft(ctx, a.UserID())
}
