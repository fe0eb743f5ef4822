package server

import (
	"context"

	"castaway/internal/api"
	"castaway/internal/comments"
	"castaway/internal/lists"
	"castaway/internal/model"
)

// listsFor is ls without the lists of users viewer blocked and the lists they reported.
func (s *Server) listsFor(ctx context.Context, viewer *model.User, ls []api.ListSummary) ([]api.ListSummary, error) {
	return lists.ListsFor(ctx, s.store, viewer, ls, func(l api.ListSummary) (string, string) { return l.UserId, l.Id })
}

// commentsFor is flat as viewer may read it (comments.CommentsFor).
func (s *Server) commentsFor(ctx context.Context, viewer *model.User, flat []model.Comment) ([]model.Comment, error) {
	return comments.CommentsFor(ctx, s.store, viewer, flat)
}
