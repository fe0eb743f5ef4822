package comments

import (
	"context"
	"errors"
	"time"

	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// NewComment is a comment as its author sends it: on the thread of the list
// (ListUserID, ListID), or of a poll (ListUserID "", ListID the poll's id), replying to
// ParentID ("" for none).
type NewComment struct {
	ListUserID, ListID, ParentID, Text string
}

// Post adds by's comment to its thread: a list's that by may see, or a poll's (global
// checks the poll), within the comment limits; a reply when it names a parent of the
// same thread that by may see. It notifies the list's owner and the author replied to.
// Someone who blocked the author hears nothing from them: not on their lists, not under
// their comments.
func (s *Service) Post(ctx context.Context, by model.Actor, in NewComment) (*model.Comment, error) {
	text, err := CleanText(in.Text)
	if err != nil {
		return nil, err
	}
	if in.ListUserID != "" {
		l, err := s.lists.Ref(ctx, in.ListUserID, in.ListID, by.UserID())
		if err != nil {
			return nil, err
		}
		in.ListUserID, in.ListID = l.UserID, l.ID
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, PostPerUser, PostPerClient); err != nil {
		return nil, err
	}
	u := by.User
	c := &model.Comment{ID: auth.NewID(), ListUserID: in.ListUserID, ListID: in.ListID, UserID: u.ID,
		UserName: u.DisplayName, Text: text, CreatedAt: time.Now()}
	var replyTo *model.Comment
	if in.ParentID != "" {
		if replyTo, err = s.store.CommentByID(ctx, in.ParentID, u.ID); err != nil {
			return nil, parentGone(err)
		}
		var ok bool
		if c.ParentID, ok = ReplyParent(replyTo, in.ListUserID, in.ListID); !ok || !Shown(replyTo, u) {
			return nil, ErrParentGone
		}
	}
	blocked, err := s.store.Blocked(ctx, u.ID, blockersOf(in.ListUserID, replyTo)...)
	if err != nil {
		return nil, err
	}
	if blocked {
		return nil, ErrBlocked
	}
	notified, err := s.store.CreateComment(ctx, c,
		notify.ForComment(notify.Actor{ID: u.ID, Name: u.DisplayName}, c, replyTo, in.ListUserID))
	if err != nil {
		return nil, parentGone(err) // deleted meanwhile
	}
	s.inbox.Wake(ctx, notified...)
	return c, nil
}

// parentGone is ErrParentGone for a missing comment replied to, and err otherwise.
func parentGone(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return ErrParentGone
	}
	return err
}
