// Package predictions holds predictions of a season on air: a fan's order of the whole
// cast, locked at the premiere; weekly picks of who goes home, each locked as its episode
// airs; and their scores, kept in step with the season's boots by a background worker.
package predictions

import (
	"slices"

	"castaway/internal/game"
	"castaway/internal/model"
)

// How a prediction scores, against the boots so far (the documented score):
//
//   - Each castaway out earns max(0, n − |predicted place − real place|) points, n the cast
//     size: the real place of the k-th boot is n − k + 1, the predicted place is the
//     castaway's position in the order (1 = the winner). A castaway at exactly the place
//     predicted is a hit.
//   - Each weekly pick right (the castaway picked left in that episode) earns PickPoints.
//   - The longest run of right picks in a row, over the episodes with a boot so far, earns
//     StreakPoints per pick in it. Streak is the run that ends at the last episode scored.
//
// The score depends on the outcome and the entry alone, so a job done twice, or a boot
// recorded and undone, gives the same figures.
const (
	PickPoints   = 10
	StreakPoints = 5
)

// Score is e's score against o.
func Score(o model.Outcome, e model.PredictionEntry) model.PredictionScore {
	n := o.CastSize
	v := model.PredictionScore{Boots: len(o.Boots)}
	if len(e.Order) > 0 {
		predicted := make(map[string]int, len(e.Order))
		for i, id := range e.Order {
			predicted[id] = i + 1
		}
		for k, b := range o.Boots {
			real := n - k
			p, ok := predicted[b.Castaway]
			if !ok {
				continue
			}
			v.PlacePoints += max(0, n-abs(p-real))
			if p == real {
				v.Hits++
			}
		}
	}
	run := 0
	for _, ep := range episodes(o) {
		pick, picked := e.Picks[ep]
		if picked && slices.ContainsFunc(o.Boots, func(b model.OutcomeBoot) bool { return b.Episode == ep && b.Castaway == pick }) {
			v.PicksRight++
			run++
			v.BestStreak = max(v.BestStreak, run)
		} else {
			run = 0
		}
	}
	v.Streak = run
	v.Score = v.PlacePoints + PickPoints*v.PicksRight + StreakPoints*v.BestStreak
	return v
}

// episodes are the episodes with a boot in o, in order.
func episodes(o model.Outcome) []int {
	var out []int
	for _, b := range o.Boots {
		if !slices.Contains(out, b.Episode) {
			out = append(out, b.Episode)
		}
	}
	slices.Sort(out)
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// OutcomeOf is what season's predictions are scored against now.
func OutcomeOf(season *game.Season) model.Outcome {
	o := model.Outcome{CastSize: len(season.Cast), Boots: []model.OutcomeBoot{}}
	for _, b := range season.Boots {
		o.Boots = append(o.Boots, model.OutcomeBoot{Castaway: b.Castaway, Episode: b.Episode})
	}
	return o
}
