package predictions

import (
	"time"

	"castaway/internal/game"
)

// When predictions and weekly picks lock: the one place the rule lives.
//
//   - A prediction locks at the premiere: the start (00:00 UTC) of the season's premiere
//     date, by the server's clock. A moderator who moves the premiere moves the lock.
//   - The pick for episode N locks as episode N airs: the start (00:00 UTC) of its air date
//     when the game has one for it (a moderator gives it with the episode's boot), else of
//     the premiere date plus 7 days × (N−1), a weekly show's schedule.
//
// A date's start in UTC is before the show airs anywhere it airs at night, so a lock is
// never late.

// Week is the time between episodes when the game says nothing of an episode's date.
const Week = 7 * 24 * time.Hour

// PremiereLock is when predictions of season lock; false when it has no premiere date.
func PremiereLock(season *game.Season) (time.Time, bool) {
	return dayStart(season.Premiered)
}

// EpisodeLock is when picks for episode of season lock; false when the season has no
// premiere date and the game no date for the episode.
func EpisodeLock(season *game.Season, episode int) (time.Time, bool) {
	for _, e := range season.Episodes {
		if e.Number == episode && e.Date != "" {
			if t, ok := dayStart(e.Date); ok {
				return t, true
			}
		}
	}
	premiere, ok := PremiereLock(season)
	if !ok {
		return time.Time{}, false
	}
	return premiere.Add(Week * time.Duration(episode-1)), true
}

func dayStart(date string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, date)
	return t.UTC(), err == nil
}
