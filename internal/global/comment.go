package global

import (
	"context"

	"castaway/internal/comments"
	"castaway/internal/model"
)

// Comment posts by's comment text under the poll pollID (a reply to parentID, "" for
// none), within the poll discussion's limits.
func (s *Service) Comment(ctx context.Context, by model.Actor, pollID, parentID, text string) (*model.Comment, error) {
	p, err := s.Poll(ctx, pollID)
	if err != nil {
		return nil, err
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, CommentPerUser, CommentPerClient); err != nil {
		return nil, err
	}
	return s.comments.Post(ctx, by, comments.NewComment{ListID: p.ID, ParentID: parentID, Text: text})
}
