package server

import (
	"errors"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

const msgSignInForDraft = "You must be signed in to keep a draft."

func (s *Server) getDraft(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSignInForDraft)
	if u == nil {
		return
	}
	d, err := s.store.Draft(r.Context(), u.ID)
	if errors.Is(err, store.ErrNotFound) {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if err != nil {
		s.fail(w, r, "read draft", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, apiDraft(d, u.ID))
}

func (s *Server) saveDraft(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSignInForDraft)
	if u == nil {
		return
	}
	var body api.DraftInput
	if !decodeJSON(w, r, &body) {
		return
	}
	in := lists.Input{Name: orZero(body.Name), Description: orZero(body.Description), Tags: orZero(body.Tags)}
	if body.Contestants != nil {
		in.Items = itemInputs(*body.Contestants)
	}
	c, err := lists.ValidateDraft(s.catalog, in)
	if err != nil {
		s.fail(w, r, "validate draft", err, msgSomethingWrong)
		return
	}
	d := c.Draft(lists.Public(body.IsPublic), time.Now())
	if body.RemixOf != nil {
		// An origin the user may no longer see is dropped, not refused: the draft is kept.
		ref := model.ListRef{UserID: body.RemixOf.UserId, ListID: body.RemixOf.ListId}
		if _, err := lists.RemixSource(r.Context(), s.store, ref, u.ID); err == nil {
			d.RemixOf = ref
		} else if _, isProblem := problem.As(err); !isProblem {
			s.fail(w, r, "find remixed list", err, msgSomethingWrong)
			return
		}
	}
	if err := s.store.SaveDraft(r.Context(), u.ID, d); err != nil {
		s.fail(w, r, "save draft", err, msgSomethingWrong)
		return
	}
	saved, err := s.store.Draft(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, "read draft", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, apiDraft(saved, u.ID))
}

func (s *Server) deleteDraft(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSignInForDraft)
	if u == nil {
		return
	}
	if err := s.store.DeleteDraft(r.Context(), u.ID); err != nil {
		s.fail(w, r, "delete draft", err, msgSomethingWrong)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// apiDraft is userID's draft as the API shows it: a remix's origin only while they may see it.
func apiDraft(d *model.Draft, userID string) api.Draft {
	out := api.Draft{Name: d.Name, Description: d.Description, Tags: d.Tags, Contestants: apiListItems(d.Items),
		IsPublic: d.IsPublic, UpdatedAt: d.UpdatedAt.UTC()}
	if o := lists.OriginShown(d.Origin, userID); o != nil {
		out.RemixOf = &api.RemixOrigin{UserId: o.UserID, ListId: o.ListID, Name: &o.Name, UserName: &o.UserName}
	}
	return out
}
