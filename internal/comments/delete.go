package comments

import (
	"context"
	"errors"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Delete removes c, a comment by may see, when it is by's own; its replies and votes
// go with it.
func (s *Service) Delete(ctx context.Context, by model.Actor, c *model.Comment) error {
	if err := CanDelete(by.UserID(), c); err != nil {
		return err
	}
	err := s.store.DeleteComment(ctx, c.ID)
	if errors.Is(err, store.ErrNotFound) {
		return ErrNotFound
	}
	if err == nil {
		s.inbox.Changed(ctx) // notifications of it leave every inbox
	}
	return err
}
