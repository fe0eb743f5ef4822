package consensus

import (
	"context"

	"castaway/internal/catalog"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// ErrNoSuchSeason answers the consensus of a season the catalog does not have.
var ErrNoSuchSeason = problem.New(problem.NotFound, "season_not_found", "Season not found")

// Service reads and ranks the community's consensus; internal/app builds it once.
type Service struct {
	store   *store.Store
	catalog *catalog.Catalog
}

// NewService ranks the store's tallies, naming items from cat.
func NewService(st *store.Store, cat *catalog.Catalog) *Service {
	return &Service{store: st, catalog: cat}
}

// Season is the community's ranking of the cast of seasonID.
func (s *Service) Season(ctx context.Context, seasonID string) (Ranking, error) {
	season, ok := s.catalog.Season(seasonID)
	if !ok {
		return Ranking{}, ErrNoSuchSeason
	}
	name := func(id string) (string, bool) {
		ct, _, ok := s.catalog.Contestant(id, season.ID)
		return ct.Name, ok
	}
	inSeason := func(it model.Item) bool { return !it.IsSeason && it.SeasonID == season.ID }
	return s.rank(ctx, season.ID, name, inSeason)
}

// Seasons is the community's ranking of the seasons.
func (s *Service) Seasons(ctx context.Context) (Ranking, error) {
	name := func(id string) (string, bool) {
		season, ok := s.catalog.Season(id)
		if !ok {
			return "", false
		}
		return season.Name, true
	}
	return s.rank(ctx, store.SeasonsScope, name, func(it model.Item) bool { return it.IsSeason })
}

func (s *Service) rank(ctx context.Context, scope string, name func(string) (string, bool), inScope func(model.Item) bool) (Ranking, error) {
	c, err := s.store.ConsensusOf(ctx, scope, SampleSize)
	if err != nil {
		return Ranking{}, err
	}
	return Rank(c, name, inScope), nil
}
