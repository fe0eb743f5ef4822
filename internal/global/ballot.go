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
func (s *Service) Submit(ctx context.Context, by model.Actor, pollID string, ranking json.RawMessage) (*Results, error) {
	p, err := s.Poll(ctx, pollID)
	if err != nil {
		return nil, err
	}
	if !p.IsOpen {
		return nil, ErrClosed
	}
	slots, err := ParseRanking(ranking)
	if err != nil {
		return nil, err
	}
	ballot, err := Check(s.catalog, p.SeasonID, slots)
	if err != nil {
		return nil, err
	}
	if err := s.writes.Take(ctx, by.UserID(), by.Client, BallotPerUser, BallotPerClient); err != nil {
		return nil, err
	}
	err = s.store.SubmitBallot(ctx, &model.Ballot{PollID: p.ID, UserID: by.UserID(), Ranking: ballot.IDs(),
		Names: ballot.Names(), SubmittedAt: time.Now()})
	switch { // closed or gone meanwhile
	case errors.Is(err, store.ErrPollClosed):
		return nil, ErrClosed
	case errors.Is(err, store.ErrNotFound):
		return nil, ErrPollNotFound
	case err != nil:
		return nil, err
	}
	if p, err = s.Poll(ctx, p.ID); err != nil { // its count of ballots moved
		return nil, err
	}
	return s.results(ctx, p)
}
