package game

import "castaway/internal/problem"

var (
	ErrNoSuchSeason   = problem.New(problem.NotFound, "season_not_found", "Season not found")
	ErrNoSuchCastaway = problem.New(problem.NotFound, "castaway_not_found", problem.MsgCastawayNotFound)
)

// Service reads the game: read-only facts, the same for every reader.
type Service struct{ game *Game }

// NewService serves g.
func NewService(g *Game) *Service { return &Service{game: g} }

// Season is the season with castaway's id, or ErrNoSuchSeason.
func (s *Service) Season(id string) (*Season, error) {
	if season, ok := s.game.Season(id); ok {
		return season, nil
	}
	return nil, ErrNoSuchSeason
}

// Person is the castaway's game across every season they played, or ErrNoSuchCastaway.
func (s *Service) Person(id string) (*Person, error) {
	if p, ok := s.game.Person(id); ok {
		return p, nil
	}
	return nil, ErrNoSuchCastaway
}
