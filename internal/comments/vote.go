package comments

import (
	"context"
	"time"

	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Vote makes by's vote on c (a comment by may see, on the thread named content) value,
// notifying its author of an upvote, and returns c as it now stands.
func (s *Service) Vote(ctx context.Context, by model.Actor, c *model.Comment, content string, value int) (*model.Comment, error) {
	if err := CheckVote(value); err != nil {
		return nil, err
	}
	u := by.User
	note := notify.ForCommentUpvote(notify.Actor{ID: u.ID, Name: u.DisplayName}, c, content, time.Now())
	notified, err := s.store.SetCommentVote(ctx, c.ID, u.ID, value, note)
	if err == nil {
		c, err = s.store.CommentByID(ctx, c.ID, u.ID)
	}
	if err != nil {
		return nil, store.NotFoundAs(err, ErrNotFound) // not found: deleted meanwhile
	}
	s.inbox.Wake(ctx, notified...)
	return c, nil
}
