package server

import (
	"context"
	"net/http"

	"castaway/internal/api"
	"castaway/internal/consensus"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

const msgConsensusFailed = problem.MsgConsensusFailed

var errNoSuchSeason = problem.New(problem.NotFound, "season_not_found", "Season not found")

// seasonConsensus answers the community's ranking of one season's cast.
func (s *Server) seasonConsensus(w http.ResponseWriter, r *http.Request) {
	season, ok := s.catalog.Season(r.PathValue("seasonId"))
	if !ok {
		s.fail(w, r, "season consensus", errNoSuchSeason, msgConsensusFailed)
		return
	}
	name := func(id string) (string, bool) {
		ct, _, ok := s.catalog.Contestant(id, season.ID)
		return ct.Name, ok
	}
	inSeason := func(it model.Item) bool { return !it.IsSeason && it.SeasonID == season.ID }
	s.answerConsensus(w, r, season.ID, name, inSeason)
}

// seasonsConsensus answers the community's ranking of the seasons.
func (s *Server) seasonsConsensus(w http.ResponseWriter, r *http.Request) {
	name := func(id string) (string, bool) {
		season, ok := s.catalog.Season(id)
		if !ok {
			return "", false
		}
		return season.Name, true
	}
	s.answerConsensus(w, r, store.SeasonsScope, name, func(it model.Item) bool { return it.IsSeason })
}

// answerConsensus reads and ranks a scope, shared by every reader for a second.
func (s *Server) answerConsensus(w http.ResponseWriter, r *http.Request, scope string,
	name func(string) (string, bool), inScope func(model.Item) bool) {
	v, err := s.shared.Get("consensus/"+scope, func(ctx context.Context) (any, error) {
		c, err := s.store.ConsensusOf(ctx, scope, consensus.SampleSize)
		if err != nil {
			return nil, err
		}
		return apiConsensus(consensus.Rank(c, name, inScope)), nil
	})
	if err != nil {
		s.fail(w, r, "consensus", err, msgConsensusFailed)
		return
	}
	writeJSON(w, http.StatusOK, v.(api.Consensus))
}

func apiConsensus(r consensus.Ranking) api.Consensus {
	out := api.Consensus{ListCount: r.ListCount, Ranking: make([]api.ConsensusEntry, len(r.Entries)),
		Agreeing: make([]api.ConsensusList, len(r.Agreeing))}
	for i, e := range r.Entries {
		out.Ranking[i] = api.ConsensusEntry{Id: e.ID, Name: e.Name, Score: float32(e.Score), ListCount: e.ListCount}
	}
	for i, a := range r.Agreeing {
		out.Agreeing[i] = api.ConsensusList{UserId: a.UserID, ListId: a.ListID, Name: a.Name, UserName: a.UserName, Agreement: a.Agreement}
	}
	return out
}
