package server

import (
	"context"

	"castaway/internal/api"
	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/store"
)

// Pages are read (and shared) as everyone sees them; what one reader blocked or reported
// is then left out of the page for them alone, with one query the size of the page, and
// none for a reader who never blocked or reported anything.

// listsFor is ls without the lists of users viewer blocked and the lists they reported.
func (s *Server) listsFor(ctx context.Context, viewer *model.User, ls []api.ListSummary) ([]api.ListSummary, error) {
	if viewer == nil || viewer.Filters == 0 || len(ls) == 0 {
		return ls, nil
	}
	users, keys := make([]string, len(ls)), make([]string, len(ls))
	for i, l := range ls {
		users[i], keys[i] = l.UserId, store.ListKey(l.UserId, l.Id)
	}
	unseen, err := s.store.UnseenAmong(ctx, viewer.ID, users, keys, nil)
	if err != nil {
		return nil, err
	}
	out := make([]api.ListSummary, 0, len(ls))
	for _, l := range ls {
		if !unseen.Hides(l.UserId, store.ListKey(l.UserId, l.Id), "") {
			out = append(out, l)
		}
	}
	return out, nil
}

// commentsFor is flat as viewer may read it: without hidden comments (but their authors'
// and admins'), comments by users they blocked and comments they reported, and without
// the replies of a comment left out.
func (s *Server) commentsFor(ctx context.Context, viewer *model.User, flat []model.Comment) ([]model.Comment, error) {
	unseen := model.Unseen{}
	if viewer != nil && viewer.Filters > 0 && len(flat) > 0 {
		users, ids := make([]string, len(flat)), make([]string, len(flat))
		for i, c := range flat {
			users[i], ids[i] = c.UserID, c.ID
		}
		var err error
		if unseen, err = s.store.UnseenAmong(ctx, viewer.ID, users, nil, ids); err != nil {
			return nil, err
		}
	}
	left := map[string]bool{}
	out := make([]model.Comment, 0, len(flat))
	for _, c := range flat {
		if !moderation.CommentShown(&c, viewer) || unseen.Hides(c.UserID, "", c.ID) {
			left[c.ID] = true
			continue
		}
		out = append(out, c)
	}
	kept := out[:0]
	for _, c := range out {
		if c.ParentID == "" || !left[c.ParentID] {
			kept = append(kept, c)
		}
	}
	return kept, nil
}
