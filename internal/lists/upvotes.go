package lists

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Upvote counts a's upvote on the list ownerID/listID, which a must be able to see,
// and tells its author (once per upvoter, never themself).
func (s *Service) Upvote(ctx context.Context, a model.Actor, ownerID, listID string) (model.UpvoteResult, error) {
	l, err := s.markTarget(ctx, a, ownerID, listID)
	if err != nil {
		return model.UpvoteResult{}, err
	}
	now := s.now()
	res, err := s.store.AddUpvote(ctx, l.UserID, l.ID, a.UserID(), now,
		notify.ForListUpvote(notify.Actor{ID: a.User.ID, Name: a.User.DisplayName}, l, now))
	return s.upvoted(ctx, res, err)
}

// RemoveUpvote takes a's upvote on the list ownerID/listID back.
func (s *Service) RemoveUpvote(ctx context.Context, a model.Actor, ownerID, listID string) (model.UpvoteResult, error) {
	l, err := s.markTarget(ctx, a, ownerID, listID)
	if err != nil {
		return model.UpvoteResult{}, err
	}
	res, err := s.store.RemoveUpvote(ctx, l.UserID, l.ID, a.UserID())
	return s.upvoted(ctx, res, err)
}

func (s *Service) upvoted(ctx context.Context, res model.UpvoteResult, err error) (model.UpvoteResult, error) {
	if err != nil {
		return model.UpvoteResult{}, store.NotFoundAs(err, ErrNotFound) // deleted meanwhile
	}
	s.wake(ctx, res.Notified...)
	return res, nil
}
