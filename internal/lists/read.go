package lists

import (
	"context"
	"errors"

	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Reader reads a stored list whoever asks (Service.Stored): ErrNoSuchList when there
// is none. The server passes one that shares the read among every reader for a moment.
type Reader func(ctx context.Context, ownerID, listID string) (*model.List, error)

// Stored is the list ownerID/listID as stored, before anyone's right to see it is
// checked (Visible): ErrNoSuchList when there is none.
func (s *Service) Stored(ctx context.Context, ownerID, listID string) (*model.List, error) {
	l, err := s.store.List(ctx, ownerID, listID)
	return l, store.NotFoundAs(err, ErrNoSuchList)
}

// Visible is the list ownerID/listID, read by read, as viewer (nil: signed out) may
// see it: ErrNoSuchList when it is missing or not theirs to see, a problem when they
// chose not to see it (they blocked its author or reported it).
func (s *Service) Visible(ctx context.Context, viewer *model.User, ownerID, listID string, read Reader) (*model.List, error) {
	l, err := read(ctx, ownerID, listID)
	if err != nil {
		return nil, err
	}
	if _, err := Shown(l, model.ViewerOf(viewer)); err != nil {
		return nil, store.NotFoundAs(err, ErrNoSuchList)
	}
	if err := s.listFor(ctx, viewer, ownerID, listID); err != nil {
		return nil, err
	}
	return l, nil
}

// Opened is a list as its reader opens it, with their marks on it.
type Opened struct {
	List               *model.List
	Upvoted, Favorited bool
}

// Open is the list ownerID/listID, read by read, as viewer opens it; when they may not,
// the spec's reason why (missing).
func (s *Service) Open(ctx context.Context, viewer *model.User, ownerID, listID string, read Reader) (Opened, error) {
	var viewerID string
	if viewer != nil {
		viewerID = viewer.ID
	}
	l, err := s.Visible(ctx, viewer, ownerID, listID, read)
	if errors.Is(err, ErrNoSuchList) {
		err = s.missing(ctx, ownerID, viewerID)
	}
	if err != nil {
		return Opened{}, err
	}
	out := Opened{List: l}
	if viewerID != "" {
		if out.Upvoted, out.Favorited, err = s.store.ListMarks(ctx, ownerID, listID, viewerID); err != nil {
			return Opened{}, err
		}
	}
	return out, nil
}

// missing says why viewerID cannot open a list of ownerID, in the spec's three
// messages: no such user, a user with no lists the viewer may see, or no such list.
func (s *Service) missing(ctx context.Context, ownerID, viewerID string) error {
	exists, err := s.store.UserExists(ctx, ownerID)
	if err != nil {
		return err
	}
	if !exists {
		return problem.ErrUserNotFound
	}
	visible, err := s.store.UserLists(ctx, ownerID, viewerID)
	if err != nil {
		return err
	}
	if len(visible) == 0 {
		return errNoLists
	}
	return ErrNoSuchList
}

// ref is the identity and name of the list ownerID/listID when viewerID may see it, else notFound.
func (s *Service) ref(ctx context.Context, ownerID, listID, viewerID string, notFound error) (*model.ListVisibility, error) {
	l, err := s.store.ListVisibilityOf(ctx, ownerID, listID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !visibleTo(viewerID, l.UserID, l.IsPublic)) {
		return nil, notFound
	}
	return l, err
}

// Ref is the identity and name of the list ownerID/listID when viewerID may see it;
// ErrNotFound for someone else's private list, exactly as for a missing one.
func (s *Service) Ref(ctx context.Context, ownerID, listID, viewerID string) (*model.ListVisibility, error) {
	return s.ref(ctx, ownerID, listID, viewerID, ErrNotFound)
}

// remixSource is the list ref names when viewerID may remix it: any list they may see.
func (s *Service) remixSource(ctx context.Context, ref model.ListRef, viewerID string) (*model.ListVisibility, error) {
	return s.ref(ctx, ref.UserID, ref.ListID, viewerID, errRemixGone)
}

// RemixesPageSize is how many remixes one page of an original's remixes holds.
const RemixesPageSize = 12

// Remixes is a page of the remixes of the list ownerID/listID, which viewer (nil when
// signed out) must be able to see, from cursor ("" first), without those they chose not
// to see, and the cursor of the next page ("" when none).
func (s *Service) Remixes(ctx context.Context, viewer *model.User, ownerID, listID, cursor string) ([]model.ListSummary, string, error) {
	l, err := s.ref(ctx, ownerID, listID, model.ViewerOf(viewer).ID, ErrNotFound)
	if err != nil {
		return nil, "", err
	}
	page, next, err := s.store.Remixes(ctx, model.ListRef{UserID: l.UserID, ListID: l.ID}, cursor, RemixesPageSize)
	if err != nil {
		return nil, "", cursorChecked(err)
	}
	page, err = s.seen(ctx, viewer, page)
	return page, next, err
}
