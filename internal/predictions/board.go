package predictions

import (
	"context"

	"castaway/internal/model"
)

// BoardSize is how many fans a leaderboard shows.
const BoardSize = 50

// Board is a season's leaderboard: the fans with the best scores, best first.
type Board struct {
	SeasonID string       `json:"seasonId"`
	Boots    int          `json:"boots"` // the boots the season has had
	Entries  []BoardEntry `json:"entries"`
	Shield   *Shield      `json:"shield,omitempty"` // withheld: the viewer is behind on the season
}

// BoardEntry is one fan's place on a board; fans with the same score share a rank.
type BoardEntry struct {
	Rank      int    `json:"rank"`
	UserID    string `json:"userId"`
	UserName  string `json:"userName"`
	Predicted bool   `json:"predicted"` // false for a fan who only picked weekly
	Score     Points `json:"score"`
}

// WithheldBoard is seasonID's leaderboard as a viewer who watched w and is behind on it gets
// it: no entries, and the shield saying why; nil when they are not behind (they get the
// Leaderboard everyone shares).
func (s *Service) WithheldBoard(seasonID string, w Watch) (*Board, error) {
	season, err := s.game.Season(seasonID)
	if err != nil {
		return nil, err
	}
	if cut, shield := seen(season, w); shield != nil {
		return &Board{SeasonID: season.ID, Boots: len(cut.Boots), Entries: []BoardEntry{}, Shield: shield}, nil
	}
	return nil, nil
}

// Leaderboard is seasonID's leaderboard: the same for everyone, read in index order.
func (s *Service) Leaderboard(ctx context.Context, seasonID string) (*Board, error) {
	season, err := s.game.Season(seasonID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.Leaderboard(ctx, season.ID, BoardSize)
	if err != nil {
		return nil, err
	}
	return board(season.ID, len(season.Boots), rows), nil
}

// BoardVersion is what a season's leaderboard is built from: the season (its canonical
// id), its boots as the game has them, and the store's version of its entries, which
// every change to what the board shows moves on. A board built after reading it is
// never older than it, so a board kept under it stands while it does.
type BoardVersion struct {
	Season  string
	Boots   int
	Version int64
}

// BoardVersionOf is seasonID's BoardVersion now: one primary-key read.
func (s *Service) BoardVersionOf(ctx context.Context, seasonID string) (BoardVersion, error) {
	season, err := s.game.Season(seasonID)
	if err != nil {
		return BoardVersion{}, err
	}
	v, err := s.store.BoardVersion(ctx, season.ID)
	return BoardVersion{Season: season.ID, Boots: len(season.Boots), Version: v}, err
}

// FollowingBoard is seasonID's leaderboard of a and the fans they follow, withheld when
// a, who watched w, is behind on the season.
func (s *Service) FollowingBoard(ctx context.Context, a model.Actor, seasonID string, w Watch) (*Board, error) {
	if a.User == nil {
		return nil, errSignedOut
	}
	season, err := s.game.Season(seasonID)
	if err != nil {
		return nil, err
	}
	if b, err := s.WithheldBoard(seasonID, w); err != nil || b != nil {
		return b, err
	}
	rows, err := s.store.FollowingLeaderboard(ctx, a.UserID(), season.ID, BoardSize)
	if err != nil {
		return nil, err
	}
	return board(season.ID, len(season.Boots), rows), nil
}

func board(seasonID string, boots int, rows []model.Prediction) *Board {
	b := &Board{SeasonID: seasonID, Boots: boots, Entries: make([]BoardEntry, 0, len(rows))}
	for i, p := range rows {
		rank := i + 1
		if i > 0 && p.Score == rows[i-1].Score {
			rank = b.Entries[i-1].Rank
		}
		b.Entries = append(b.Entries, BoardEntry{Rank: rank, UserID: p.UserID, UserName: p.DisplayName,
			Predicted: p.Predicted, Score: scoreOf(p.PredictionScore)})
	}
	return b
}
