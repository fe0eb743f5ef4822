package predictions

import (
	"castaway/internal/game"
	"castaway/internal/watching"
)

// Watch is how far the viewer has watched, as the spoiler shield reads it: their progress
// and what they revealed (only "all" shows a season's predictions whole: a score is the
// sum of every boot so far, so it cannot be shown one boot at a time).
type Watch struct {
	Progress watching.Progress
	Reveal   watching.Reveal
}

// Shield says what a prediction answer leaves out for a viewer behind on its season: the
// boots after episode UpTo (Hidden of them), and the scores they made. A page shows the
// score as of UpTo; a leaderboard shows nothing (everyone's ranks move with each boot).
type Shield struct {
	UpTo   int `json:"upTo"`
	Hidden int `json:"hiddenBoots"`
}

// seen is season as a viewer who watched w sees it for predictions: its boots up to the
// viewer's episode, and the shield saying what was cut (nil, and season itself, when none).
// The one rule every prediction answer follows.
func seen(season *game.Season, w Watch) (*game.Season, *Shield) {
	upTo, set := w.Progress[season.ID]
	if !set || w.Reveal.All {
		return season, nil
	}
	c := *season
	c.Boots = make([]game.Boot, 0, len(season.Boots))
	for _, b := range season.Boots {
		if b.Episode <= upTo {
			c.Boots = append(c.Boots, b)
		}
	}
	if len(c.Boots) == len(season.Boots) {
		return season, nil
	}
	return &c, &Shield{UpTo: upTo, Hidden: len(season.Boots) - len(c.Boots)}
}
