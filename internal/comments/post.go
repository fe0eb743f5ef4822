package comments

import (
	"context"
	"errors"
	"time"

	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// NewComment is a comment as its author sends it: on the thread of the list
// (ListUserID, ListID), or of a poll (ListUserID "", ListID the poll's id), replying to
// ParentID ("" for none).
type NewComment struct {
	ListUserID, ListID, ParentID, Text string
}

// Post adds by's comment to its thread, within the comment limits: a list's that by may
// see (lists.ErrNotFound when not), or a poll's (store.ErrNotFound when there is none,
// which the poll's service names); a reply when it names a comment of the same thread
// that by may see. It notifies the list's owner and the author replied to. Someone who
// blocked the author hears nothing from them: not on their lists, not under their
// comments.
func (s *Service) Post(ctx context.Context, by model.Actor, in NewComment) (*model.Comment, error) {
	text, err := CleanText(in.Text)
	if err != nil {
		return nil, err
	}
	u := by.User
	c := &model.Comment{ID: model.NewID(), ListUserID: in.ListUserID, ListID: in.ListID, ParentID: in.ParentID,
		UserID: u.ID, UserName: u.DisplayName, Text: text, CreatedAt: time.Now()}
	tells := func(replyTo *model.Comment) []*model.Notification {
		return notify.ForComment(notify.Actor{ID: u.ID, Name: u.DisplayName}, c, replyTo, c.ListUserID)
	}
	if err := s.writes.Take(ctx, u.ID, by.Client, PostPerUser, PostPerClient); err != nil {
		return nil, err
	}
	// The store checks the thread, the reply and the blocks in the comment's transaction.
	notified, err := s.store.PostComment(ctx, c, model.ViewerOf(u), tells)
	switch {
	case errors.Is(err, store.ErrNotFound) && c.ListUserID != "":
		return nil, problem.ErrListNotFound
	case errors.Is(err, store.ErrParentGone):
		return nil, ErrParentGone
	case errors.Is(err, store.ErrBlocked):
		return nil, ErrBlocked
	case err != nil:
		return nil, err
	}
	s.inbox.Wake(ctx, notified...)
	return c, nil
}
