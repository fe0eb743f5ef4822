package server

import (
	"context"
	"net/http"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const (
	msgSignInToSave = problem.MsgSignInToSaveList
	msgSaveFailed   = problem.MsgListSaveFailed
	msgLoadFailed   = problem.MsgListLoadFailed
)

func (s *Server) createList(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.ListInput](w, r, msgSignInToSave)
	if !ok {
		return
	}
	in := listInput(body)
	if body.RemixOf != nil {
		in.RemixOf = &model.ListRef{UserID: body.RemixOf.UserId, ListID: body.RemixOf.ListId}
	}
	l, err := s.lists.Create(r.Context(), a, in)
	if err != nil {
		s.fail(w, r, "create list", err, msgSaveFailed)
		return
	}
	writeJSON(w, http.StatusCreated, rankedList(l, a.User.ID, false, false))
}

func (s *Server) getList(w http.ResponseWriter, r *http.Request) {
	viewer := currentUser(r)
	o, err := s.lists.Open(r.Context(), viewer, r.PathValue("userId"), r.PathValue("listId"), s.sharedList)
	if err != nil {
		s.fail(w, r, "read list", err, msgLoadFailed)
		return
	}
	var viewerID string
	if viewer != nil {
		viewerID = viewer.ID
	}
	writeJSON(w, http.StatusOK, rankedList(o.List, viewerID, o.Upvoted, o.Favorited))
}

// sharedList is the stored list through the shared reads: a list reads the same for
// every visitor, so a busy list costs one database read a second (dropped when a write
// through this process changes what they show); only the visibility check
// (lists.Service.Visible) is the viewer's own.
func (s *Server) sharedList(ctx context.Context, ownerID, listID string) (*model.List, error) {
	v, err := s.shared.Get("list\x00"+ownerID+"\x00"+listID, func(ctx context.Context) (any, error) {
		return s.lists.Stored(ctx, ownerID, listID)
	})
	if err != nil {
		return nil, err
	}
	return v.(*model.List), nil
}

func (s *Server) updateList(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.ListInput](w, r, msgSignInToSave)
	if !ok {
		return
	}
	o, err := s.lists.Update(r.Context(), a, r.PathValue("userId"), r.PathValue("listId"), listInput(body))
	if err != nil {
		s.fail(w, r, "update list", err, msgSaveFailed)
		return
	}
	writeJSON(w, http.StatusOK, rankedList(o.List, a.User.ID, o.Upvoted, o.Favorited))
}

func (s *Server) deleteList(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignInToDeleteList)
	if !ok {
		return
	}
	if err := s.lists.Delete(r.Context(), a, r.PathValue("userId"), r.PathValue("listId")); err != nil {
		s.fail(w, r, "delete list", err, problem.MsgListDeleteFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// listInput is a list body as the lists' use cases take it. A remix's origin is not
// part of it: only a new list may name one.
func listInput(body api.ListInput) lists.Input {
	in := lists.Input{Name: body.Name, Description: orZero(body.Description), Items: itemInputs(orZero(body.Contestants)), Public: body.IsPublic,
		Format: string(orZero(body.Format)), Tiers: tierInputs(body.Tiers)}
	if body.Tags != nil {
		for _, t := range *body.Tags {
			in.Tags = append(in.Tags, string(t))
		}
	}
	return in
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
		out[i] = apiListItem(it)
	}
	return out
}

func apiListItem(it model.Item) api.ListItem {
	out := api.ListItem{Id: it.ID, Name: it.Name, ImageUrl: it.ImageURL, IsSeason: it.IsSeason, SeasonId: it.SeasonID, SeasonName: it.SeasonName}
	if it.Note != "" {
		out.Note = &it.Note
	}
	return out
}

// rankedList is l as viewerID reads it: the original of a remix is named only while
// they may see it. A tier list's entries go once, in its tiers; its contestants are empty.
func rankedList(l *model.List, viewerID string, upvoted, favorited bool) api.RankedList {
	out := api.RankedList{Id: l.ID, UserId: l.UserID, UserName: l.UserName, Name: l.Name, Description: l.Description,
		Tags: l.Tags, IsPublic: l.IsPublic, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt,
		UpvoteCount: l.UpvoteCount, CommentCount: &l.CommentCount, UpvotedByMe: upvoted, FavoritedByMe: favorited,
		RemixCount: l.RemixCount, Format: apiFormat(l.Format)}
	if l.Format == model.FormatTiers {
		out.Contestants, out.Tiers = []api.ListItem{}, apiTiers(l.Tiers, l.Items)
	} else {
		out.Contestants = apiListItems(l.Items)
	}
	out.Hidden = orNil(l.Hidden)
	if l.RemixOf.ListID != "" {
		out.RemixOf = &api.RemixOrigin{UserId: l.RemixOf.UserID, ListId: l.RemixOf.ListID}
		if o := lists.OriginShown(l.Origin, viewerID); o != nil {
			out.RemixOf.Name, out.RemixOf.UserName = &o.Name, &o.UserName
		}
	}
	return out
}

func (s *Server) listRemixes(w http.ResponseWriter, r *http.Request) {
	page, next, err := s.lists.Remixes(r.Context(), currentUser(r), r.PathValue("userId"), r.PathValue("listId"), r.URL.Query().Get("cursor"))
	if err != nil {
		s.fail(w, r, "list remixes", err, msgLoadFailed)
		return
	}
	out := api.RemixPage{Lists: apiSummaries(page)}
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
