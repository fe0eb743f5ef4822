package server

import (
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/global"
	"castaway/internal/model"
	"castaway/internal/store"
)

// poll finds the poll of the path, answering 404 or 500 itself when it cannot.
func (s *Server) poll(w http.ResponseWriter, r *http.Request, failure string) *model.Poll {
	p, err := s.store.Poll(r.Context(), r.PathValue("pollId"))
	if err != nil {
		s.fail(w, r, "find poll", notFoundAs(err, global.ErrPollNotFound), failure)
		return nil
	}
	return p
}

func (s *Server) pollJSON(p *model.Poll) api.GlobalPoll {
	var seasonName string
	if season, ok := s.catalog.Season(p.SeasonID); ok {
		seasonName = season.Name
	}
	return api.GlobalPoll{Id: p.ID, Title: p.Title, Description: p.Description, SeasonId: p.SeasonID,
		SeasonName: seasonName, IsOpen: p.IsOpen, TotalSubmissions: p.Submissions}
}

func (s *Server) scoredItems(seasonID string, top []global.Score) []api.GlobalScoredItem {
	out := make([]api.GlobalScoredItem, len(top))
	for i, sc := range top {
		it := global.Item(s.catalog, seasonID, sc.ContestantID, sc.Name)
		out[i] = api.GlobalScoredItem{Id: it.ID, Name: it.Name, ImageUrl: it.ImageURL, SeasonId: it.SeasonID,
			SeasonName: it.SeasonName, TotalScore: sc.TotalScore, Votes: sc.Votes}
	}
	return out
}

func (s *Server) globalPolls(w http.ResponseWriter, r *http.Request) {
	polls, err := s.store.Polls(r.Context())
	if err != nil {
		s.fail(w, r, "list polls", err, global.MsgLoadFailed)
		return
	}
	out := api.GlobalPolls{Polls: make([]api.GlobalPollSummary, len(polls))}
	for i := range polls {
		p := &polls[i]
		top, err := s.store.PollTop(r.Context(), p.ID, global.TopPreview)
		if err != nil {
			s.fail(w, r, "poll results", err, global.MsgLoadFailed)
			return
		}
		j := s.pollJSON(p)
		out.Polls[i] = api.GlobalPollSummary{Id: j.Id, Title: j.Title, Description: j.Description, SeasonId: j.SeasonId,
			SeasonName: j.SeasonName, IsOpen: j.IsOpen, TotalSubmissions: j.TotalSubmissions, Top: s.scoredItems(p.SeasonID, top)}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) globalPoll(w http.ResponseWriter, r *http.Request) {
	p := s.poll(w, r, global.MsgLoadFailed)
	if p == nil {
		return
	}
	s.writeResults(w, r, p, global.MsgLoadFailed)
}

// writeResults answers a poll's results as they stand now.
func (s *Server) writeResults(w http.ResponseWriter, r *http.Request, p *model.Poll, failure string) {
	top, err := s.store.PollTop(r.Context(), p.ID, global.TopN)
	if err != nil {
		s.fail(w, r, "poll results", err, failure)
		return
	}
	writeJSON(w, http.StatusOK, api.GlobalResults{Poll: s.pollJSON(p), Top10: s.scoredItems(p.SeasonID, top),
		TotalSubmissions: p.Submissions})
}

func (s *Server) myGlobalSubmission(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, global.MsgSignedOut)
	if u == nil {
		return
	}
	p := s.poll(w, r, global.MsgLoadFailed)
	if p == nil {
		return
	}
	b, err := s.store.BallotOf(r.Context(), p.ID, u.ID)
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusOK, api.GlobalSubmission{})
		return
	}
	if err != nil {
		s.fail(w, r, "read ballot", err, global.MsgLoadFailed)
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

func (s *Server) submitGlobalRanking(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, global.MsgSignedOut)
	if u == nil {
		return
	}
	var body struct {
		Ranking json.RawMessage `json:"ranking"`
	}
	if !decodeJSON(w, r, &body) {
		return
	}
	p := s.poll(w, r, global.MsgSubmitFailed)
	if p == nil {
		return
	}
	if !p.IsOpen {
		s.fail(w, r, "submit ballot", global.ErrClosed, global.MsgSubmitFailed)
		return
	}
	ranking, err := global.ParseRanking(body.Ranking)
	var ballot global.Ballot
	if err == nil {
		ballot, err = global.Check(s.catalog, p.SeasonID, ranking)
	}
	if err == nil {
		err = s.limitWrite(r, u, global.BallotPerUser, global.BallotPerClient)
	}
	if err == nil {
		err = s.store.SubmitBallot(r.Context(), &model.Ballot{PollID: p.ID, UserID: u.ID, Ranking: ballot.IDs(),
			Names: ballot.Names(), SubmittedAt: time.Now()})
	}
	if errors.Is(err, store.ErrPollClosed) { // closed meanwhile
		err = global.ErrClosed
	}
	if err == nil {
		p, err = s.store.Poll(r.Context(), p.ID)
	}
	if err != nil {
		s.fail(w, r, "submit ballot", notFoundAs(err, global.ErrPollNotFound), global.MsgSubmitFailed)
		return
	}
	s.writeResults(w, r, p, global.MsgSubmitFailed)
}

func (s *Server) globalComments(w http.ResponseWriter, r *http.Request) {
	p := s.poll(w, r, msgSomethingWrong)
	if p == nil {
		return
	}
	s.writeThread(w, r, "", p.ID, currentUser(r))
}

func (s *Server) addGlobalComment(w http.ResponseWriter, r *http.Request) {
	u, body, text := s.newComment(w, r)
	if u == nil {
		return
	}
	p := s.poll(w, r, msgCommentFailed)
	if p == nil {
		return
	}
	if err := s.limitWrite(r, u, global.CommentPerUser, global.CommentPerClient); err != nil {
		s.fail(w, r, "add comment", err, msgCommentFailed)
		return
	}
	s.postComment(w, r, body, text, "", p.ID)
}
