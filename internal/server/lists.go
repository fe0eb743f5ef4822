package server

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
)

// listRoutes registers ranked lists, drafts, browse, home and public profiles.
func (s *Server) listRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/lists", s.browseLists)
	mux.HandleFunc("POST /api/lists", s.createList)
	mux.HandleFunc("GET /api/lists/{userId}/{listId}", s.getList)
	mux.HandleFunc("PUT /api/lists/{userId}/{listId}", s.updateList)
	mux.HandleFunc("DELETE /api/lists/{userId}/{listId}", s.deleteList)
	mux.HandleFunc("GET /api/home", s.home)
	mux.HandleFunc("GET /api/me/draft", s.getDraft)
	mux.HandleFunc("PUT /api/me/draft", s.saveDraft)
	mux.HandleFunc("DELETE /api/me/draft", s.deleteDraft)
	mux.HandleFunc("GET /api/users/{userId}", s.userProfile)
	mux.HandleFunc("GET /api/users/{userId}/lists", s.userLists)
	mux.Handle("POST /api/me/idols/search", &idolSearch{Server: s, draw: rand.Float64})
}

const (
	msgSignInToSave = "You must be signed in to save a list."
	msgListNotFound = "List not found"
	msgUserNotFound = "User not found"
)

func (s *Server) createList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSignInToSave)
	if u == nil {
		return
	}
	c, ok := s.decodeList(w, r)
	if !ok {
		return
	}
	l, err := s.store.CreateList(r.Context(), u.ID, c, time.Now())
	if err != nil {
		s.serverError(w, r, "create list", err, "Failed to save your list. Please try again.")
		return
	}
	writeJSON(w, http.StatusCreated, rankedList(l, false, false))
}

func (s *Server) getList(w http.ResponseWriter, r *http.Request) {
	ownerID, listID := r.PathValue("userId"), r.PathValue("listId")
	l, err := s.store.List(r.Context(), ownerID, listID)
	viewer := currentUser(r)
	// Someone else's private list answers exactly as a missing one does.
	if err == nil && !l.IsPublic && (viewer == nil || viewer.ID != ownerID) {
		err = store.ErrNotFound
	}
	if errors.Is(err, store.ErrNotFound) {
		s.listNotFound(w, r, ownerID, viewer != nil && viewer.ID == ownerID)
		return
	}
	if err != nil {
		s.serverError(w, r, "read list", err, "An error occurred while loading the list.")
		return
	}
	var upvoted, favorited bool
	if viewer != nil {
		if upvoted, favorited, err = s.store.ListMarks(r.Context(), ownerID, listID, viewer.ID); err != nil {
			s.serverError(w, r, "read list marks", err, "An error occurred while loading the list.")
			return
		}
	}
	writeJSON(w, http.StatusOK, rankedList(l, upvoted, favorited))
}

// listNotFound answers 404, telling a missing owner and an owner with no lists the
// reader may see apart from a missing list (the spec's three messages).
func (s *Server) listNotFound(w http.ResponseWriter, r *http.Request, ownerID string, isOwner bool) {
	exists, err := s.store.UserExists(r.Context(), ownerID)
	var visible []store.ListSummary
	if err == nil && exists {
		visible, err = s.store.UserLists(r.Context(), ownerID, isOwner)
	}
	switch {
	case err != nil:
		s.serverError(w, r, "check list owner", err, "An error occurred while loading the list.")
	case !exists:
		writeError(w, http.StatusNotFound, "user_not_found", msgUserNotFound)
	case len(visible) == 0:
		writeError(w, http.StatusNotFound, "no_lists", "No lists found for this user")
	default:
		writeError(w, http.StatusNotFound, "list_not_found", msgListNotFound)
	}
}

func (s *Server) updateList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSignInToSave)
	if u == nil {
		return
	}
	ownerID, listID := r.PathValue("userId"), r.PathValue("listId")
	if ownerID != u.ID {
		writeError(w, http.StatusForbidden, "forbidden", "You can only edit your own lists.")
		return
	}
	c, ok := s.decodeList(w, r)
	if !ok {
		return
	}
	l, err := s.store.UpdateList(r.Context(), u.ID, listID, c, time.Now())
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "list_not_found", "List not found. It may have been deleted.")
		return
	}
	if err != nil {
		s.serverError(w, r, "update list", err, "Failed to save your list. Please try again.")
		return
	}
	upvoted, favorited, err := s.store.ListMarks(r.Context(), u.ID, listID, u.ID)
	if err != nil {
		s.log.ErrorContext(r.Context(), "read list marks", "err", err)
	}
	writeJSON(w, http.StatusOK, rankedList(l, upvoted, favorited))
}

func (s *Server) deleteList(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to delete a list.")
	if u == nil {
		return
	}
	ownerID, listID := r.PathValue("userId"), r.PathValue("listId")
	if ownerID != u.ID {
		writeError(w, http.StatusForbidden, "forbidden", "You can only delete your own lists.")
		return
	}
	err := s.store.DeleteList(r.Context(), u.ID, listID)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "list_not_found", msgListNotFound)
		return
	}
	if err != nil {
		s.serverError(w, r, "delete list", err, "Failed to delete list. Please try again.")
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// decodeList reads and validates a list body, answering the client itself on failure.
func (s *Server) decodeList(w http.ResponseWriter, r *http.Request) (store.ListContent, bool) {
	var body api.ListInput
	if !decodeJSON(w, r, &body) {
		return store.ListContent{}, false
	}
	in := lists.Input{Name: body.Name, Description: orZero(body.Description), Items: itemInputs(body.Contestants)}
	if body.Tags != nil {
		for _, t := range *body.Tags {
			in.Tags = append(in.Tags, string(t))
		}
	}
	c, err := lists.ValidateList(s.catalog, in)
	if err != nil {
		writeListValidation(w, err)
		return store.ListContent{}, false
	}
	isPublic := body.IsPublic == nil || *body.IsPublic
	return store.ListContent{Name: c.Name, Description: c.Description, Tags: c.Tags, Items: c.Items,
		IsPublic: isPublic, IsSeason: c.IsSeason(), SearchText: c.SearchText()}, true
}

// writeListValidation answers a domain validation error with its message and field.
func writeListValidation(w http.ResponseWriter, err error) {
	var ve *lists.ValidationError
	if !errors.As(err, &ve) {
		writeError(w, http.StatusBadRequest, "validation", err.Error())
		return
	}
	var body api.Error
	body.Error.Code, body.Error.Message = "validation", ve.Message
	if ve.Field != "" {
		body.Error.Field = &ve.Field
	}
	writeJSON(w, http.StatusBadRequest, body)
}

func itemInputs(in []api.ListItemInput) []lists.ItemInput {
	out := make([]lists.ItemInput, len(in))
	for i, it := range in {
		out[i] = lists.ItemInput{ID: it.Id, IsSeason: it.IsSeason, SeasonID: orZero(it.SeasonId)}
	}
	return out
}

func apiListItems(in []model.Item) []api.ListItem {
	out := make([]api.ListItem, len(in))
	for i, it := range in {
		out[i] = api.ListItem{Id: it.ID, Name: it.Name, ImageUrl: it.ImageURL, IsSeason: it.IsSeason, SeasonId: it.SeasonID, SeasonName: it.SeasonName}
	}
	return out
}

func rankedList(l *store.List, upvoted, favorited bool) api.RankedList {
	return api.RankedList{Id: l.ID, UserId: l.UserID, UserName: l.UserName, Name: l.Name, Description: l.Description,
		Tags: l.Tags, Contestants: apiListItems(l.Items), IsPublic: l.IsPublic, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt,
		UpvoteCount: l.UpvoteCount, UpvotedByMe: upvoted, FavoritedByMe: favorited}
}

func orZero[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}
