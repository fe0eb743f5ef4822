package comments

import (
	"context"
	"time"

	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Vote makes by's vote on the comment id, which by may see, value (1, -1 or 0), within
// the vote limits, notifying its author of an upvote; it returns the comment as it now
// stands.
func (s *Service) Vote(ctx context.Context, by model.Actor, id string, value int) (*model.Comment, error) {
	if err := CheckVote(value); err != nil { // before the comment is looked up, as a bad body is
		return nil, err
	}
	c, content, err := s.Find(ctx, id, by.User)
	if err != nil {
		return nil, err
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, VotePerUser, VotePerClient); err != nil {
		return nil, err
	}
	u := by.User
	note := notify.ForCommentUpvote(notify.Actor{ID: u.ID, Name: u.DisplayName}, c, content, time.Now())
	voted, err := s.store.SetCommentVote(ctx, c.ID, u.ID, value, note)
	if err != nil {
		return nil, store.NotFoundAs(err, ErrNotFound) // not found: deleted meanwhile
	}
	s.inbox.Wake(ctx, voted.Notified...)
	// The comment as the vote left it, from the vote's own transaction: no read after it.
	c.Upvotes, c.Downvotes, c.MyVote = voted.Upvotes, voted.Downvotes, value
	return c, nil
}
