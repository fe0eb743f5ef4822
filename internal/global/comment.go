package global

import (
	"context"

	"castaway/internal/comments"
	"castaway/internal/model"
	"castaway/internal/store"
)

// A poll's discussion is made of comments: a thread whose list is the poll (ListUserID
// ""), posted and read through the comments' service, which counts the comment limits.

// Comment posts by's comment text under the poll pollID (a reply to parentID, "" for
// none); ErrPollNotFound when there is no such poll.
func (s *Service) Comment(ctx context.Context, by model.Actor, pollID, parentID, text string) (*model.Comment, error) {
	c, err := s.comments.Post(ctx, by, comments.NewComment{ListID: pollID, ParentID: parentID, Text: text})
	return c, store.NotFoundAs(err, ErrPollNotFound)
}

// Thread is a page of the discussion under the poll pollID as viewer (nil when signed out)
// may read it (comments.Service.Page).
func (s *Service) Thread(ctx context.Context, viewer *model.User, pollID, cursor string, limit int) ([]model.Comment, string, error) {
	p, err := s.Poll(ctx, pollID)
	if err != nil {
		return nil, "", err
	}
	return s.comments.Page(ctx, "", p.ID, viewer, cursor, limit)
}
