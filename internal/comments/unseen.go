package comments

import (
	"context"

	"castaway/internal/model"
)

// readable is flat as viewer (nil when signed out) may read it: without the comments
// they may not see (Shown), comments by users they blocked and comments they
// reported, and without the replies of a comment left out.
func (s *Service) readable(ctx context.Context, viewer *model.User, flat []model.Comment) ([]model.Comment, error) {
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
		if !Shown(&c, viewer) || unseen.Hides(c.UserID, "", c.ID) {
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
