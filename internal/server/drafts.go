package server

import (
	"net/http"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const msgSignInForDraft = problem.MsgSignInToKeepDraft

func (s *Server) getDraft(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgSignInForDraft)
	if u == nil {
		return
	}
	d, err := s.lists.Draft(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, "read draft", err, msgSomethingWrong)
		return
	}
	if d == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	writeJSON(w, http.StatusOK, apiDraft(d, u.ID))
}

func (s *Server) saveDraft(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.DraftInput](w, r, msgSignInForDraft)
	if !ok {
		return
	}
	in := lists.Input{Name: orZero(body.Name), Description: orZero(body.Description), Tags: orZero(body.Tags), Public: body.IsPublic,
		Items: itemInputs(orZero(body.Contestants)), Format: string(orZero(body.Format)), Tiers: tierInputs(body.Tiers),
		Pool: itemInputs(orZero(body.Pool))}
	if body.RemixOf != nil {
		in.RemixOf = &model.ListRef{UserID: body.RemixOf.UserId, ListID: body.RemixOf.ListId}
	}
	if body.Sorter != nil {
		in.Sorter = &lists.SorterInput{Entries: itemInputs(body.Sorter.Entries), Answers: sorterAnswers(body.Sorter.Answers)}
	}
	saved, err := s.lists.SaveDraft(r.Context(), a, in)
	if err != nil {
		s.fail(w, r, "save draft", err, msgSomethingWrong)
		return
	}
	writeJSON(w, http.StatusOK, apiDraft(saved, a.User.ID))
}

func (s *Server) deleteDraft(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgSignInForDraft)
	if !ok {
		return
	}
	if err := s.lists.DeleteDraft(r.Context(), a); err != nil {
		s.fail(w, r, "delete draft", err, msgSomethingWrong)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// apiDraft is userID's draft as the API shows it: a remix's origin only while they may see it.
func apiDraft(d *model.Draft, userID string) api.Draft {
	out := api.Draft{Name: d.Name, Description: d.Description, Tags: d.Tags,
		IsPublic: d.IsPublic, UpdatedAt: d.UpdatedAt.UTC(), Format: apiFormat(d.Format)}
	if d.Format == model.FormatTiers {
		pool := apiListItems(d.Pool)
		out.Contestants, out.Tiers, out.Pool = []api.ListItem{}, apiTiers(d.Tiers, d.Items), &pool
	} else {
		out.Contestants = apiListItems(d.Items)
	}
	if o := lists.OriginShown(d.Origin, userID); o != nil {
		out.RemixOf = &api.RemixOrigin{UserId: o.UserID, ListId: o.ListID, Name: &o.Name, UserName: &o.UserName}
	}
	if d.Sorter != nil {
		out.Sorter = &api.Sorter{Entries: apiListItems(d.Sorter.Entries), Answers: apiSorterAnswers(d.Sorter.Answers)}
	}
	return out
}

// sorterAnswers are the answers as the service takes them: a tie's null winner is "".
func sorterAnswers(in []api.SorterAnswer) []model.SorterAnswer {
	out := make([]model.SorterAnswer, len(in))
	for i, a := range in {
		out[i] = model.SorterAnswer{A: a.A, B: a.B, Winner: orZero(a.Winner)}
	}
	return out
}

func apiSorterAnswers(in []model.SorterAnswer) []api.SorterAnswer {
	out := make([]api.SorterAnswer, len(in))
	for i, a := range in {
		out[i] = api.SorterAnswer{A: a.A, B: a.B}
		if a.Winner != "" {
			out[i].Winner = &a.Winner
		}
	}
	return out
}
