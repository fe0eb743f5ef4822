package server

import (
	"context"
	"net/http"

	"castaway/internal/api"
	"castaway/internal/consensus"
	"castaway/internal/problem"
)

const msgConsensusFailed = problem.MsgConsensusFailed

// seasonConsensus answers the community's ranking of one season's cast.
func (s *Server) seasonConsensus(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("seasonId")
	s.answerConsensus(w, r, "consensus/"+id, func(ctx context.Context) (consensus.Ranking, error) { return s.consensus.Season(ctx, id) })
}

// seasonsConsensus answers the community's ranking of the seasons.
func (s *Server) seasonsConsensus(w http.ResponseWriter, r *http.Request) {
	s.answerConsensus(w, r, "consensus/", s.consensus.Seasons)
}

// answerConsensus answers a ranking, shared by every reader for a second under key
// (an unknown season's refusal is not kept).
func (s *Server) answerConsensus(w http.ResponseWriter, r *http.Request, key string, rank func(context.Context) (consensus.Ranking, error)) {
	v, err := s.shared.Get(key, func(ctx context.Context) (any, error) {
		c, err := rank(ctx)
		if err != nil {
			return nil, err
		}
		return apiConsensus(c), nil
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
