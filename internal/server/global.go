package server

import (
	"context"
	"encoding/json"
	"net/http"

	"castaway/internal/api"
	"castaway/internal/global"
	"castaway/internal/model"
)

func (s *Server) pollJSON(p *model.Poll) api.GlobalPoll {
	var seasonName string
	if season, ok := s.catalog.Season(p.SeasonID); ok {
		seasonName = season.Name
	}
	return api.GlobalPoll{Id: p.ID, Title: p.Title, Description: p.Description, SeasonId: p.SeasonID,
		SeasonName: seasonName, IsOpen: p.IsOpen, TotalSubmissions: p.Submissions}
}

func (s *Server) scoredItems(seasonID string, top []model.Score) []api.GlobalScoredItem {
	out := make([]api.GlobalScoredItem, len(top))
	for i, sc := range top {
		it := global.Item(s.catalog, seasonID, sc.ContestantID, sc.Name)
		out[i] = api.GlobalScoredItem{Id: it.ID, Name: it.Name, ImageUrl: it.ImageURL, SeasonId: it.SeasonID,
			SeasonName: it.SeasonName, TotalScore: sc.TotalScore, Votes: sc.Votes}
	}
	return out
}

func (s *Server) globalPolls(w http.ResponseWriter, r *http.Request) {
	polls, err := s.polls.Polls(r.Context())
	if err != nil {
		s.fail(w, r, "list polls", err, global.MsgLoadFailed)
		return
	}
	out := api.GlobalPolls{Polls: make([]api.GlobalPollSummary, len(polls))}
	for i, res := range polls {
		j := s.pollJSON(res.Poll)
		out.Polls[i] = api.GlobalPollSummary{Id: j.Id, Title: j.Title, Description: j.Description, SeasonId: j.SeasonId,
			SeasonName: j.SeasonName, IsOpen: j.IsOpen, TotalSubmissions: j.TotalSubmissions, Top: s.scoredItems(res.Poll.SeasonID, res.Top)}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) globalPoll(w http.ResponseWriter, r *http.Request) {
	res, err := s.polls.Results(r.Context(), r.PathValue("pollId"))
	if err != nil {
		s.fail(w, r, "poll results", err, global.MsgLoadFailed)
		return
	}
	s.writeResults(w, res)
}

// writeResults answers a poll's results.
func (s *Server) writeResults(w http.ResponseWriter, res *global.Results) {
	writeJSON(w, http.StatusOK, api.GlobalResults{Poll: s.pollJSON(res.Poll), Top10: s.scoredItems(res.Poll.SeasonID, res.Top),
		TotalSubmissions: res.Poll.Submissions})
}

func (s *Server) myGlobalSubmission(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, global.MsgSignedOut)
	if !ok {
		return
	}
	p, b, err := s.polls.Ballot(r.Context(), a, r.PathValue("pollId"))
	if err != nil {
		s.fail(w, r, "read ballot", err, global.MsgLoadFailed)
		return
	}
	if b == nil {
		writeJSON(w, http.StatusOK, api.GlobalSubmission{})
		return
	}
	slots := make([]*api.ListItem, global.Slots)
	for i, id := range b.Ranking {
		if id != "" && i < global.Slots {
			it := global.Item(s.catalog, p.SeasonID, id, "")
			slots[i] = &api.ListItem{Id: it.ID, Name: it.Name, ImageUrl: it.ImageURL, SeasonId: it.SeasonID, SeasonName: it.SeasonName}
		}
	}
	writeJSON(w, http.StatusOK, api.GlobalSubmission{Ranking: &slots, SubmittedAt: &b.SubmittedAt})
}

// ballotInput is a ballot as sent: its ranking is read by global.ParseRanking, which
// also takes the earlier product's forms.
type ballotInput struct {
	Ranking json.RawMessage `json:"ranking"`
}

func (s *Server) submitGlobalRanking(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[ballotInput](w, r, global.MsgSignedOut)
	if !ok {
		return
	}
	res, err := s.polls.Submit(r.Context(), a, r.PathValue("pollId"), body.Ranking)
	if err != nil {
		s.fail(w, r, "submit ballot", err, global.MsgSubmitFailed)
		return
	}
	s.writeResults(w, res)
}

func (s *Server) globalComments(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("pollId")
	cursor, limit := threadPaging(r)
	viewer := currentUser(r)
	shared := ""
	if viewer == nil {
		shared = threadKey{"", id, 0, cursor, limit}.shared()
	}
	s.writeThread(w, r, shared, func(ctx context.Context) (threadPage, error) {
		return encodeThread(s.polls.Thread(ctx, viewer, id, cursor, limit))
	})
}

func (s *Server) addGlobalComment(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.NewComment](w, r, msgCommentSignedOut)
	if !ok {
		return
	}
	c, err := s.polls.Comment(r.Context(), a, r.PathValue("pollId"), orZero(body.ParentId), body.Text)
	s.answerComment(w, r, c, err)
}
