package consensus

import (
	"context"
	"sync"

	"castaway/internal/catalog"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// ErrNoSuchSeason answers the consensus of a season the catalog does not have.
var ErrNoSuchSeason = problem.New(problem.NotFound, "season_not_found", problem.MsgSeasonNotFound)

// Service reads and ranks the community's consensus; internal/app builds it once.
type Service struct {
	store   *store.Store
	catalog *catalog.Catalog
	lists   *lists.Service // what a reader chose not to see of the lists ranking a castaway; the draw limit of cards

	// kept is each scope's ranking at the consensus version it was made at: while the
	// store's version is the same (one row read, so every process sees another's change
	// at once), only the agreeing lists' names are read again, for a rename of an author
	// moves no version. At most one entry per season, one for the seasons and one for
	// the all-time ranking of contestants.
	mu   sync.Mutex
	kept map[string]keptRanking
}

type keptRanking struct {
	version, catalog int64 // the store's version, the catalog's generation (its names)
	ranking          Ranking
}

// NewService ranks the store's tallies, naming items from cat; ls leaves out of a
// castaway's page the lists its reader chose not to see, and counts the cards drawn.
func NewService(st *store.Store, cat *catalog.Catalog, ls *lists.Service) *Service {
	return &Service{store: st, catalog: cat, lists: ls, kept: map[string]keptRanking{}}
}

// Season is the community's ranking of the cast of seasonID.
func (s *Service) Season(ctx context.Context, seasonID string) (Ranking, error) {
	season, ok := s.catalog.Season(seasonID)
	if !ok {
		return Ranking{}, ErrNoSuchSeason
	}
	name, inSeason := s.castOf(season)
	return s.rank(ctx, season.ID, name, inSeason)
}

// castOf names season's contestants as its cast shows them, and tells a list's item of
// its cast: how a season's ranking is made, wherever it is read (its page, a castaway's).
func (s *Service) castOf(season *catalog.Season) (name func(string) (string, bool), inScope func(model.Item) bool) {
	name = func(id string) (string, bool) {
		ct, _, ok := s.catalog.Contestant(id, season.ID)
		return ct.Name, ok
	}
	return name, func(it model.Item) bool { return !it.IsSeason && it.SeasonID == season.ID }
}

// allTime names every contestant as in their latest season, and tells a list's item
// that is a contestant: how the all-time ranking of contestants is made.
func (s *Service) allTime() (name func(string) (string, bool), inScope func(model.Item) bool) {
	name = func(id string) (string, bool) {
		ct, _, ok := s.catalog.Contestant(id, "")
		return ct.Name, ok
	}
	return name, func(it model.Item) bool { return !it.IsSeason }
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
	r, fresh, err := s.ranking(ctx, scope, name, inScope)
	if err != nil || fresh {
		return r, err
	}
	return s.renamed(ctx, r)
}

// ranking is scope's ranking: the kept one while the store's version still stands
// (fresh false: its agreeing lists' names are as they were when it was made), else
// made now from the store's totals and kept (fresh true). name and inScope must be the
// scope's own (castOf, allTime, or the seasons'), as every reader of scope shares it.
func (s *Service) ranking(ctx context.Context, scope string, name func(string) (string, bool), inScope func(model.Item) bool) (r Ranking, fresh bool, err error) {
	version, err := s.store.ConsensusVersion(ctx, scope)
	if err != nil {
		return Ranking{}, false, err
	}
	return s.rankingAt(ctx, scope, version, name, inScope)
}

// rankingAt is ranking with scope's version already read. The version is read first: a
// change landing during the read below leaves a ranking newer than its version, which
// the next reader replaces, never an older one kept.
func (s *Service) rankingAt(ctx context.Context, scope string, version int64, name func(string) (string, bool), inScope func(model.Item) bool) (r Ranking, fresh bool, err error) {
	s.mu.Lock()
	k, ok := s.kept[scope]
	s.mu.Unlock()
	generation := int64(s.catalog.Generation())
	if ok && k.version == version && k.catalog == generation {
		return k.ranking, false, nil
	}
	c, err := s.store.ConsensusOf(ctx, scope, SampleSize)
	if err != nil {
		return Ranking{}, false, err
	}
	r = Rank(c, name, inScope)
	s.mu.Lock()
	s.kept[scope] = keptRanking{version: version, catalog: generation, ranking: r}
	s.mu.Unlock()
	return r, true, nil
}

// renamed is a kept ranking with its agreeing lists' names and authors as they are now.
func (s *Service) renamed(ctx context.Context, r Ranking) (Ranking, error) {
	if len(r.Agreeing) == 0 {
		return r, nil
	}
	keys := make([]model.ListRef, len(r.Agreeing))
	for i, a := range r.Agreeing {
		keys[i] = model.ListRef{UserID: a.UserID, ListID: a.ListID}
	}
	names, err := s.store.ListNames(ctx, keys)
	if err != nil {
		return Ranking{}, err
	}
	agreeing := make([]Agreeing, len(r.Agreeing))
	for i, a := range r.Agreeing {
		if n, ok := names[keys[i]]; ok {
			a.Name, a.UserName = n[0], n[1]
		}
		agreeing[i] = a
	}
	r.Agreeing = agreeing
	return r, nil
}
