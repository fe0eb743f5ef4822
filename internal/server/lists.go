package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
)

const (
	msgSignInToSave = "You must be signed in to save a list."
	msgSaveFailed   = problem.MsgListSaveFailed
	msgLoadFailed   = problem.MsgListLoadFailed
)

func (s *Server) createList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSignInToSave)
	if u == nil {
		return
	}
	var body api.ListInput
	if !decodeJSON(w, r, &body) {
		return
	}
	c, ok := s.validateList(w, r, body)
	if !ok {
		return
	}
	var original *model.ListVisibility
	if body.RemixOf != nil {
		var err error
		original, err = lists.RemixSource(r.Context(), s.store, model.ListRef{UserID: body.RemixOf.UserId, ListID: body.RemixOf.ListId}, u.ID)
		if err != nil {
			s.fail(w, r, "find remixed list", err, msgSaveFailed)
			return
		}
		c.RemixOf = model.ListRef{UserID: original.UserID, ListID: original.ID}
	}
	now := time.Now()
	l, notified, err := s.store.CreateListNotifying(r.Context(), u.ID, lists.IDs(now), c, now, func(id string) []*model.Notification {
		if original == nil {
			return nil
		}
		if n := notify.ForRemix(notify.Actor{ID: u.ID, Name: u.DisplayName}, original, id, now); n != nil {
			return []*model.Notification{n}
		}
		return nil
	})
	if err != nil {
		s.fail(w, r, "create list", err, msgSaveFailed)
		return
	}
	s.wakeInboxes(r, notified...)
	writeJSON(w, http.StatusCreated, rankedList(l, u.ID, false, false))
}

func (s *Server) getList(w http.ResponseWriter, r *http.Request) {
	ownerID, listID := r.PathValue("userId"), r.PathValue("listId")
	var viewerID string
	viewer := currentUser(r)
	if viewer != nil {
		viewerID = viewer.ID
	}
	l, err := s.listFor(r, ownerID, listID)
	if errors.Is(err, store.ErrNotFound) {
		err = lists.Missing(r.Context(), s.store, ownerID, viewerID)
	}
	if err != nil {
		s.fail(w, r, "read list", err, msgLoadFailed)
		return
	}
	var upvoted, favorited bool
	if viewerID != "" {
		if upvoted, favorited, err = s.store.ListMarks(r.Context(), ownerID, listID, viewerID); err != nil {
			s.fail(w, r, "read list marks", err, msgLoadFailed)
			return
		}
	}
	writeJSON(w, http.StatusOK, rankedList(l, viewerID, upvoted, favorited))
}

// listFor is the list as the request's reader may read it: store.ErrNotFound when
// it is missing or not theirs to see, a problem when they chose not to see it.
func (s *Server) listFor(r *http.Request, ownerID, listID string) (*model.List, error) {
	var viewerID string
	viewer := currentUser(r)
	if viewer != nil {
		viewerID = viewer.ID
	}
	l, err := s.findList(r.Context(), ownerID, listID, viewerID, viewer != nil && viewer.IsAdmin)
	if err == nil {
		err = moderation.ListFor(r.Context(), s.store, viewer, ownerID, listID)
	}
	return l, err
}

// findList is lists.Find through the shared reads: a list reads the same for every
// visitor, so a busy list costs one database read a second (dropped when a write through
// this process changes what they show), and only the visibility check is the viewer's own.
func (s *Server) findList(ctx context.Context, ownerID, listID, viewerID string, admin bool) (*model.List, error) {
	v, err := s.shared.Get("list\x00"+ownerID+"\x00"+listID, func(ctx context.Context) (any, error) {
		return s.store.List(ctx, ownerID, listID)
	})
	if err != nil {
		return nil, err
	}
	return lists.Shown(v.(*model.List), model.Viewer{ID: viewerID, Admin: admin})
}

func (s *Server) updateList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSignInToSave)
	if u == nil {
		return
	}
	ownerID, listID := r.PathValue("userId"), r.PathValue("listId")
	if err := lists.CanEdit(u.ID, ownerID); err != nil {
		s.fail(w, r, "update list", err, msgSaveFailed)
		return
	}
	var body api.ListInput
	if !decodeJSON(w, r, &body) {
		return
	}
	c, ok := s.validateList(w, r, body)
	if !ok {
		return
	}
	l, err := s.store.UpdateList(r.Context(), u.ID, listID, c, time.Now())
	if err != nil {
		s.fail(w, r, "update list", notFoundAs(err, lists.ErrGone), msgSaveFailed)
		return
	}
	s.inboxesChanged(r) // it may have been made private or public
	upvoted, favorited, err := s.store.ListMarks(r.Context(), u.ID, listID, u.ID)
	if err != nil {
		s.log.ErrorContext(r.Context(), "read list marks", "err", err)
	}
	writeJSON(w, http.StatusOK, rankedList(l, u.ID, upvoted, favorited))
}

func (s *Server) deleteList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to delete a list.")
	if u == nil {
		return
	}
	ownerID, listID := r.PathValue("userId"), r.PathValue("listId")
	err := lists.CanDelete(u.ID, ownerID)
	if err == nil {
		err = notFoundAs(s.store.DeleteList(r.Context(), u.ID, listID), lists.ErrNoSuchList)
	}
	if err != nil {
		s.fail(w, r, "delete list", err, problem.MsgListDeleteFailed)
		return
	}
	s.inboxesChanged(r)
	w.WriteHeader(http.StatusNoContent)
}

// validateList checks a list body, answering the client itself on failure. A remix's
// origin is not part of it: only a new list may name one.
func (s *Server) validateList(w http.ResponseWriter, r *http.Request, body api.ListInput) (model.ListContent, bool) {
	in := lists.Input{Name: body.Name, Description: orZero(body.Description), Items: itemInputs(body.Contestants)}
	if body.Tags != nil {
		for _, t := range *body.Tags {
			in.Tags = append(in.Tags, string(t))
		}
	}
	c, err := lists.ValidateList(s.catalog, in)
	if err != nil {
		s.fail(w, r, "validate list", err, msgSaveFailed)
		return model.ListContent{}, false
	}
	return c.Stored(lists.Public(body.IsPublic)), true
}

func itemInputs(in []api.ListItemInput) []lists.ItemInput {
	out := make([]lists.ItemInput, len(in))
	for i, it := range in {
		out[i] = lists.ItemInput{ID: it.Id, IsSeason: it.IsSeason, SeasonID: orZero(it.SeasonId), Note: orZero(it.Note)}
	}
	return out
}

func apiListItems(in []model.Item) []api.ListItem {
	out := make([]api.ListItem, len(in))
	for i, it := range in {
		out[i] = api.ListItem{Id: it.ID, Name: it.Name, ImageUrl: it.ImageURL, IsSeason: it.IsSeason, SeasonId: it.SeasonID, SeasonName: it.SeasonName}
		if it.Note != "" {
			out[i].Note = &it.Note
		}
	}
	return out
}

// rankedList is l as viewerID reads it: the original of a remix is named only while
// they may see it.
func rankedList(l *model.List, viewerID string, upvoted, favorited bool) api.RankedList {
	out := api.RankedList{Id: l.ID, UserId: l.UserID, UserName: l.UserName, Name: l.Name, Description: l.Description,
		Tags: l.Tags, Contestants: apiListItems(l.Items), IsPublic: l.IsPublic, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt,
		UpvoteCount: l.UpvoteCount, CommentCount: &l.CommentCount, UpvotedByMe: upvoted, FavoritedByMe: favorited,
		RemixCount: l.RemixCount}
	out.Hidden = orNil(l.Hidden)
	if l.RemixOf.ListID != "" {
		out.RemixOf = &api.RemixOrigin{UserId: l.RemixOf.UserID, ListId: l.RemixOf.ListID}
		if o := lists.OriginShown(l.Origin, viewerID); o != nil {
			out.RemixOf.Name, out.RemixOf.UserName = &o.Name, &o.UserName
		}
	}
	return out
}

// remixesPageSize is how many remixes one page of an original's remixes holds.
const remixesPageSize = 12

func (s *Server) listRemixes(w http.ResponseWriter, r *http.Request) {
	var viewerID string
	if u := currentUser(r); u != nil {
		viewerID = u.ID
	}
	l := s.visibleList(w, r, viewerID, msgLoadFailed)
	if l == nil {
		return
	}
	page, next, err := s.store.Remixes(r.Context(), model.ListRef{UserID: l.UserID, ListID: l.ID}, r.URL.Query().Get("cursor"), remixesPageSize)
	if errors.Is(err, store.ErrBadCursor) {
		writeError(w, http.StatusBadRequest, "validation", "That page link has expired; start again from the first page.")
		return
	}
	if err != nil {
		s.fail(w, r, "list remixes", err, msgLoadFailed)
		return
	}
	shown, err := s.listsFor(r.Context(), currentUser(r), apiSummaries(page))
	if err != nil {
		s.fail(w, r, "list remixes", err, msgLoadFailed)
		return
	}
	out := api.RemixPage{Lists: shown}
	if next != "" {
		out.NextCursor = &next
	}
	writeJSON(w, http.StatusOK, out)
}

func orZero[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// orNil is a pointer to v, or nil for the zero value, for optional fields shown only when set.
func orNil[T comparable](v T) *T {
	var zero T
	if v == zero {
		return nil
	}
	return &v
}
