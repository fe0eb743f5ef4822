package global

import (
	"context"

	"castaway/internal/model"
)

// Results are a poll and the contestants leading it, best first.
type Results struct {
	Poll *model.Poll
	Top  []model.Score
}

// Polls are every poll with its TopPreview leaders.
func (s *Service) Polls(ctx context.Context) ([]Results, error) {
	polls, err := s.store.Polls(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Results, len(polls))
	for i := range polls {
		top, err := s.store.PollTop(ctx, polls[i].ID, TopPreview)
		if err != nil {
			return nil, err
		}
		out[i] = Results{Poll: &polls[i], Top: top}
	}
	return out, nil
}

// Results are the poll id names and its TopN leaders as they stand now.
func (s *Service) Results(ctx context.Context, id string) (*Results, error) {
	p, err := s.Poll(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.results(ctx, p)
}

func (s *Service) results(ctx context.Context, p *model.Poll) (*Results, error) {
	top, err := s.store.PollTop(ctx, p.ID, TopN)
	if err != nil {
		return nil, err
	}
	return &Results{Poll: p, Top: top}, nil
}
