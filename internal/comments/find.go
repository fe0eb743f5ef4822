package comments

import (
	"context"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
)

// Find reads the comment id when viewer (nil when signed out) may see it and the list of
// its thread (a global poll's discussion is open to everyone), with what a notification
// about it names: its list's name, or in a poll's discussion its text. A comment or list
// they may not see answers store.ErrNotFound, as a missing one does.
func Find(ctx context.Context, st *store.Store, id string, viewer *model.User) (*model.Comment, string, error) {
	v := model.ViewerOf(viewer)
	c, err := st.CommentByID(ctx, id, v.ID)
	if err != nil {
		return nil, "", err
	}
	if !Shown(c, viewer) {
		return nil, "", store.ErrNotFound
	}
	if c.ListUserID == "" {
		return c, c.Text, nil
	}
	l, err := lists.FindRef(ctx, st, c.ListUserID, c.ListID, v.ID)
	if err != nil {
		return nil, "", err
	}
	return c, l.Name, nil
}
