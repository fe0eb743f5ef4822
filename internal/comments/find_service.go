package comments

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Find is the comment id when viewer (nil when signed out) may see it, with what a
// notification about it names; ErrNotFound when it is missing or not theirs to see.
func (s *Service) Find(ctx context.Context, id string, viewer *model.User) (*model.Comment, string, error) {
	c, content, err := Find(ctx, s.store, id, viewer)
	return c, content, store.NotFoundAs(err, ErrNotFound)
}
