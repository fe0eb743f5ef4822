package comments

import (
	"context"
	"errors"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
)

// Find is the comment id when viewer (nil when signed out) may see it and the list of its
// thread (a poll's discussion is open to everyone), with what a notification about it
// names: its list's name, or in a poll's discussion its text. ErrNotFound when it is
// missing or not theirs to see.
func (s *Service) Find(ctx context.Context, id string, viewer *model.User) (*model.Comment, string, error) {
	v := model.ViewerOf(viewer)
	c, err := s.store.CommentByID(ctx, id, v.ID)
	if err != nil {
		return nil, "", store.NotFoundAs(err, ErrNotFound)
	}
	if !Shown(c, viewer) {
		return nil, "", ErrNotFound
	}
	if c.ListUserID == "" {
		return c, c.Text, nil
	}
	l, err := s.lists.Ref(ctx, c.ListUserID, c.ListID, v.ID)
	if errors.Is(err, lists.ErrNotFound) {
		return nil, "", ErrNotFound
	}
	if err != nil {
		return nil, "", err
	}
	return c, l.Name, nil
}
