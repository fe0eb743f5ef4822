package lists

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Upvote counts a's upvote on the list ownerID/listID, which a must be able to see (the
// store checks it with the vote), once a's marks limit allows it. Its author hears of it
// (never of their own) from the tally, a moment later (Tally).
func (s *Service) Upvote(ctx context.Context, a model.Actor, ownerID, listID string) (model.UpvoteResult, error) {
	tells := notify.TellsOfUpvote(a.UserID(), ownerID)
	if err := s.take(ctx, a, MarkPerUser, MarkPerClient); err != nil {
		return model.UpvoteResult{}, err
	}
	res, err := s.store.AddUpvote(ctx, ownerID, listID, a.UserID(), s.now(), tells)
	if err != nil {
		return model.UpvoteResult{}, store.NotFoundAs(err, ErrNotFound) // missing, or not theirs to see
	}
	if res.Changed { // a vote as it was leaves the tally nothing to catch up
		s.voted()
	}
	return res, nil
}

// RemoveUpvote takes a's upvote on the list ownerID/listID back, as Upvote checks it.
func (s *Service) RemoveUpvote(ctx context.Context, a model.Actor, ownerID, listID string) (model.UpvoteResult, error) {
	if err := s.take(ctx, a, MarkPerUser, MarkPerClient); err != nil {
		return model.UpvoteResult{}, err
	}
	res, err := s.store.RemoveUpvote(ctx, ownerID, listID, a.UserID())
	if err != nil {
		return model.UpvoteResult{}, store.NotFoundAs(err, ErrNotFound)
	}
	if res.Changed {
		s.voted()
	}
	return res, nil
}
