package comments

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Delete removes c, a comment by may see, when it is by's own; its replies and votes
// go with it.
func (s *Service) Delete(ctx context.Context, by model.Actor, c *model.Comment) error {
	if err := CanDelete(by.UserID(), c); err != nil {
		return err
	}
	if err := s.store.DeleteComment(ctx, c.ID); err != nil {
		return store.NotFoundAs(err, ErrNotFound)
	}
	s.inbox.Changed(ctx) // notifications of it leave every inbox
	return nil
}
