package comments

import (
	"context"
	"errors"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// PageSize is how many top-level comments a page holds unless asked otherwise, each
// with all its replies; MaxPage is the most a page may ask for.
const (
	PageSize = store.DefaultCommentPageSize
	MaxPage  = 200
)

// ErrBadLimit answers a page size that is not a number from 1 to MaxPage.
var ErrBadLimit = problem.New(problem.Invalid, "validation", problem.Format(problem.MsgCommentPageSize, map[string]string{"max": problem.Number(MaxPage)}))

// ListThread is a page of the thread of the list ownerID/listID (Page), which viewer
// (signed in) must be able to see: lists.ErrNotFound when they may not, whatever the
// page asked.
func (s *Service) ListThread(ctx context.Context, viewer *model.User, ownerID, listID, cursor string, limit int) ([]model.Comment, string, error) {
	l, err := s.lists.Ref(ctx, ownerID, listID, model.ViewerOf(viewer).ID)
	if err != nil {
		return nil, "", err
	}
	return s.Page(ctx, l.UserID, l.ID, viewer, cursor, limit)
}

// ThreadVersion is the version of the thread of the list ownerID/listID, which a visitor
// must be able to see (lists.ErrNotFound when they may not): every change to what a
// visitor's page of it shows moves it on, so a page kept under it still stands.
func (s *Service) ThreadVersion(ctx context.Context, ownerID, listID string) (int64, error) {
	l, err := s.lists.Ref(ctx, ownerID, listID, "")
	if err != nil {
		return 0, err
	}
	return l.ThreadVersion, nil
}

// Page is up to limit (0 for PageSize; ErrBadLimit past 1 to MaxPage) top-level comments
// of the thread (listUserID "" for a poll's), newest first, after cursor ("" for the
// newest), followed by all their replies, with viewer's votes (nil when signed out), as
// viewer may read them (readable); and the cursor of the next page, "" when there is
// none. Who may see the thread is checked before: ListThread, ThreadVersion, or the
// poll's service.
func (s *Service) Page(ctx context.Context, listUserID, listID string, viewer *model.User, cursor string, limit int) ([]model.Comment, string, error) {
	if limit == 0 {
		limit = PageSize
	}
	if limit < 1 || limit > MaxPage {
		return nil, "", ErrBadLimit
	}
	flat, next, err := s.store.CommentPage(ctx, listUserID, listID, model.ViewerOf(viewer).ID, cursor, limit)
	if errors.Is(err, store.ErrBadCursor) {
		return nil, "", ErrBadCursor
	}
	if err == nil {
		flat, err = s.readable(ctx, viewer, flat)
	}
	return flat, next, err
}
