package comments

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Delete removes the comment id, which by may see, when it is by's own, counted as a
// comment is; its replies and votes go with it.
func (s *Service) Delete(ctx context.Context, by model.Actor, id string) error {
	c, _, err := s.Find(ctx, id, by.User)
	if err != nil {
		return err
	}
	if err := CanDelete(by.UserID(), c); err != nil {
		return err
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, PostPerUser, PostPerClient); err != nil {
		return err
	}
	if err := s.store.DeleteComment(ctx, c.ID); err != nil {
		return store.NotFoundAs(err, ErrNotFound)
	}
	s.inbox.Changed(ctx) // notifications of it leave every inbox
	return nil
}
