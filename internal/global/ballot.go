package global

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Ballot is the poll pollID names and by's ballot in it, nil when they have not voted.
func (s *Service) Ballot(ctx context.Context, by model.Actor, pollID string) (*model.Poll, *model.Ballot, error) {
	p, err := s.Poll(ctx, pollID)
	if err != nil {
		return nil, nil, err
	}
	b, err := s.store.BallotOf(ctx, p.ID, by.UserID())
	if errors.Is(err, store.ErrNotFound) {
		return p, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return p, b, nil
}

// Submit makes ranking (as ParseRanking reads it) by's ballot in the open poll pollID,
// replacing any earlier one, within the ballot limits, and returns the results it moved.
// The poll is read, and the ballot checked against its season's cast (Check), in the
// ballot's own transaction.
func (s *Service) Submit(ctx context.Context, by model.Actor, pollID string, ranking json.RawMessage) (*Results, error) {
	slots, err := ParseRanking(ranking)
	if err != nil {
		return nil, err
	}
	checked := func(seasonID string) (ids, names []string, err error) {
		b, err := Check(s.catalog, seasonID, slots)
		return b.IDs(), b.Names(), err
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, BallotPerUser, BallotPerClient); err != nil {
		return nil, err
	}
	p, top, err := s.store.CastBallot(ctx, pollID, by.UserID(), time.Now(), checked, TopN)
	switch {
	case errors.Is(err, store.ErrPollClosed):
		return nil, ErrClosed
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrPollNotFound
	case err != nil:
		return nil, err
	}
	return &Results{Poll: p, Top: top}, nil
}
