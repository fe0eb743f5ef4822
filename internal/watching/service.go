package watching

import (
	"context"
	"errors"
	"time"

	"castaway/internal/game"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Write limits on a fan's progress, per account and per client address.
var (
	ChangesPerUser   = limits.Limit{Name: "watching-user", Max: 60, Window: time.Hour, Message: problem.MsgWatchingTooMany}
	ChangesPerClient = limits.Limit{Name: "watching-ip", Max: 120, Window: time.Hour, Message: problem.MsgWatchingTooMany}
)

// ErrBadEpisode: an episode outside 0…MaxEpisode.
var ErrBadEpisode = problem.InvalidField("upTo", problem.MsgWatchingEpisodeInvalid)

// Service holds the use cases of watch progress. internal/services builds it once.
type Service struct {
	store  *store.Store
	game   *game.Service
	writes *limits.Writes
	now    func() time.Time
}

// NewService keeps progress in st for the seasons g has; writes counts the changes.
func NewService(st *store.Store, g *game.Service, writes *limits.Writes) *Service {
	return &Service{store: st, game: g, writes: writes, now: time.Now}
}

// Progress is how far userID has watched each season they set ("" signed out: nothing).
func (s *Service) Progress(ctx context.Context, userID string) (Progress, error) {
	if userID == "" {
		return Progress{}, nil
	}
	p, err := s.store.WatchProgress(ctx, userID)
	return Progress(p), err
}

// Set keeps how far a has watched seasonID (nil: finished, nothing hidden); whether it
// changed anything.
func (s *Service) Set(ctx context.Context, a model.Actor, seasonID string, upTo *int) (bool, error) {
	if _, err := s.game.Season(seasonID); err != nil {
		return false, err
	}
	if upTo != nil && (*upTo < 0 || *upTo > MaxEpisode) {
		return false, ErrBadEpisode
	}
	if err := s.writes.Take(ctx, a.UserID(), a.Client, ChangesPerUser, ChangesPerClient); err != nil {
		return false, err
	}
	changed, err := s.store.SetWatchProgress(ctx, a.UserID(), seasonID, upTo, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return false, problem.ErrUserNotFound
	}
	return changed, err
}

// Replace puts p in place of all a has set: empty is "I've seen everything".
func (s *Service) Replace(ctx context.Context, a model.Actor, p Progress) error {
	for id, upTo := range p {
		if _, err := s.game.Season(id); err != nil {
			return problem.InvalidField("seasonId", problem.MsgSeasonNotFound)
		}
		if upTo < 0 || upTo > MaxEpisode {
			return ErrBadEpisode
		}
	}
	if err := s.writes.Take(ctx, a.UserID(), a.Client, ChangesPerUser, ChangesPerClient); err != nil {
		return err
	}
	err := s.store.ReplaceWatchProgress(ctx, a.UserID(), p, s.now())
	if errors.Is(err, store.ErrNotFound) {
		return problem.ErrUserNotFound
	}
	return err
}

// Season is seasonID's game as a fan with progress p sees it, with what they revealed.
func (s *Service) Season(seasonID string, p Progress, rv Reveal) (Season, error) {
	season, err := s.game.Season(seasonID)
	if err != nil {
		return Season{}, err
	}
	upTo, set := p[seasonID]
	if !set {
		return Season{Season: season}, nil
	}
	return CutSeason(season, upTo, rv), nil
}

// Person is a castaway's game as a fan with progress p sees it; revealed names seasons
// to show whole ("all": every one).
func (s *Service) Person(contestantID string, p Progress, revealed map[string]bool) (Person, error) {
	person, err := s.game.Person(contestantID)
	if err != nil {
		return Person{}, err
	}
	return CutPerson(person, p, revealed, func(id string) *game.Season {
		season, _ := s.game.Season(id)
		return season
	}), nil
}

// Withheld are the seasons of contestantID a fan with progress p, who revealed the
// seasons in revealed ("all": every one), may not see named (nil when none, or when the
// game does not know them).
func (s *Service) Withheld(contestantID string, p Progress, revealed map[string]bool) map[string]bool {
	if len(p) == 0 {
		return nil
	}
	person, err := s.game.Person(contestantID)
	if err != nil {
		return nil
	}
	return Withheld(person, p, revealed, func(id string) *game.Season {
		season, _ := s.game.Season(id)
		return season
	})
}
