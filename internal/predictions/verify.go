package predictions

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"castaway/internal/game"
	"castaway/internal/store"
)

// verifyBatch bounds the entries castaway verify reads at once.
const verifyBatch = 5000

// Verify recounts every kept score from the game's boots and each entry, and describes
// each one that differs (the first few of a season, and how many).
func Verify(ctx context.Context, st *store.Store, g *game.Game) ([]string, error) {
	seasons, err := st.PredictionSeasons(ctx)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for _, id := range seasons {
		season, ok := g.Season(id)
		if !ok {
			continue // a season the game no longer has: nothing to score against
		}
		o := OutcomeOf(season)
		differ := 0
		for after := ""; ; {
			entries, kept, err := st.ScoresAfter(ctx, id, after, verifyBatch)
			if err != nil {
				return nil, err
			}
			for i, e := range entries {
				if want := Score(o, e); want != kept[i] {
					if differ < 5 {
						diffs = append(diffs, fmt.Sprintf("prediction %s/%s scores %+v, want %+v", id, e.UserID, kept[i], want))
					}
					differ++
				}
			}
			if len(entries) < verifyBatch {
				break
			}
			after = entries[len(entries)-1].UserID
		}
		if differ > 5 {
			diffs = append(diffs, fmt.Sprintf("season %s: %d predictions differ in all", id, differ))
		}
	}
	return diffs, nil
}

// Repair queues every season with entries to be scored again and scores it here.
func Repair(ctx context.Context, st *store.Store, g *game.Game) error {
	seasons, err := st.PredictionSeasons(ctx)
	if err != nil {
		return err
	}
	for _, id := range seasons {
		season, ok := g.Season(id)
		if !ok {
			continue
		}
		// A job of its own (nobody is notified: the note is empty and the maker "verify").
		if err := st.QueueScoring(ctx, id, OutcomeOf(season), "verify", "", time.Now()); err != nil {
			return err
		}
	}
	return NewScorer(st, nil, slog.Default()).Drain(ctx)
}
