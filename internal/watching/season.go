package watching

import (
	"cmp"
	"slices"
	"strings"

	"castaway/internal/game"
)

// Season is a season's game as one fan may see it: the game, and what was cut from it.
type Season struct {
	*game.Season
	Shield *Shield `json:"shield,omitempty"`
}

// Shield says what a season's answer leaves out: everything after episode UpTo, but for
// what the fan revealed. The app shows a placeholder, with a way to reveal, in its place.
type Shield struct {
	UpTo        int   `json:"upTo"`
	HiddenBoots []int `json:"hiddenBoots"`  // boot orders left out
	Winner      bool  `json:"winnerHidden"` // the winner, the final vote and the jury's votes are left out
}

// LastEpisode is the season's last episode (0 when it has none yet): a fan up to it has
// seen everything.
func LastEpisode(s *game.Season) int {
	last := 0
	for _, e := range s.Episodes {
		last = max(last, e.Number)
	}
	for _, b := range s.Boots {
		last = max(last, b.Episode)
	}
	return last
}

// Shielded says whether a fan up to episode upTo of s (not started: 0) misses anything.
func Shielded(s *game.Season, upTo int) bool { return upTo < LastEpisode(s) }

// CutSeason is s as a fan up to episode upTo sees it, with what they revealed: the season
// itself (never changed) when nothing is hidden. Whatever happened after upTo is left out:
// later boots and councils with their votes, idols and advantages played or found, journeys,
// tribes formed later, the winner and final vote, the jury's votes, and the places, results,
// days, stats and scores of everyone still in the game.
func CutSeason(s *game.Season, upTo int, rv Reveal) Season {
	if rv.All || !Shielded(s, upTo) {
		return Season{Season: s}
	}
	c := *s
	sh := &Shield{UpTo: upTo, HiddenBoots: []int{}}
	finalist := map[string]bool{}
	for _, ca := range s.Cast {
		if ca.Finalist || ca.Winner {
			finalist[ca.ID] = true
		}
	}
	// Who left by the fan's episode, or whose departure they revealed, is shown whole.
	shown := map[string]bool{}
	c.Boots = []game.Boot{}
	for _, b := range s.Boots {
		if b.Episode <= upTo || rv.boot(b.Order) || rv.Winner && finalist[b.Castaway] {
			c.Boots = append(c.Boots, b)
			shown[b.Castaway] = true
		} else {
			sh.HiddenBoots = append(sh.HiddenBoots, b.Order)
		}
	}
	if !rv.Winner {
		sh.Winner = true
		c.Winner, c.FinalVote, c.Jury = "", "", []game.JuryVote{}
	}
	c.Councils = []game.Council{}
	for _, co := range s.Councils {
		if co.Episode <= upTo || rv.boot(co.Order) {
			c.Councils = append(c.Councils, co)
		}
	}
	c.Phases = keptPhases(s.Phases, upTo)
	c.Tribes = keptTribes(s.Tribes, c.Phases)
	c.Advantages = keptAdvantages(s.Advantages, upTo, revealedEpisodes(s, rv))
	c.Journeys = []game.Journey{}
	for _, j := range s.Journeys {
		if j.Episode <= upTo {
			c.Journeys = append(c.Journeys, j)
		}
	}
	c.Episodes = make([]game.Episode, len(s.Episodes))
	for i, e := range s.Episodes {
		if e.Number > upTo {
			e.Left = 0 // how many were left after it tells how many went
		}
		c.Episodes[i] = e
	}
	c.Cast = make([]*game.Castaway, len(s.Cast))
	for i, ca := range s.Cast {
		c.Cast[i] = cutCastaway(ca, shown[ca.ID], c.Phases)
	}
	// Those still in first, by name (as on air), then by place: the order tells nothing.
	slices.SortStableFunc(c.Cast, func(a, b *game.Castaway) int {
		return cmp.Or(cmp.Compare(a.Place, b.Place), strings.Compare(nameIf(a.Place == 0, a), nameIf(b.Place == 0, b)))
	})
	return Season{Season: &c, Shield: sh}
}

func nameIf(ok bool, c *game.Castaway) string {
	if ok {
		return c.Name
	}
	return ""
}

// cutCastaway is ca as the fan sees them: whole but for their scores when shown (they left
// by the fan's episode, or the fan revealed it), else without anything that tells how far
// they went. Their tribes are those of the phases the fan has seen.
func cutCastaway(ca *game.Castaway, shown bool, phases []game.Phase) *game.Castaway {
	c := *ca
	c.Scores, c.GameRank = nil, 0 // measured against the whole season
	c.Tribes = []string{}
	for _, p := range phases {
		for _, t := range p.Tribes {
			if slices.Contains(t.Members, ca.ID) && !slices.Contains(c.Tribes, t.Name) {
				c.Tribes = append(c.Tribes, t.Name)
			}
		}
	}
	if len(c.Tribes) == 0 && c.OriginalTribe != "" {
		c.Tribes = []string{c.OriginalTribe}
	}
	if shown {
		return &c
	}
	c.Place, c.Result, c.Day, c.Episode = 0, "", 0, 0
	c.Jury, c.Finalist, c.Winner = false, false, false
	c.Stats = game.Stats{}
	return &c
}

// keptPhases are the tribes' make-ups from episodes the fan has seen: the first always
// (the cast is known before the premiere).
func keptPhases(phases []game.Phase, upTo int) []game.Phase {
	kept := []game.Phase{}
	for i, p := range phases {
		if i == 0 || p.Episode <= upTo {
			kept = append(kept, p)
		}
	}
	return kept
}

// keptTribes are the tribes of the kept phases, in the season's order.
func keptTribes(tribes []game.Tribe, phases []game.Phase) []game.Tribe {
	seen := map[string]bool{}
	for _, p := range phases {
		for _, t := range p.Tribes {
			seen[t.Name] = true
		}
	}
	kept := []game.Tribe{}
	for _, t := range tribes {
		if seen[t.Name] || len(phases) == 0 && t.Status == "Original" {
			kept = append(kept, t)
		}
	}
	return kept
}

// revealedEpisodes are the episodes whose idols and advantages a reveal shows: those of
// the boots revealed, and the finale's with the winner (an idol played at a council is
// part of how it went).
func revealedEpisodes(s *game.Season, rv Reveal) map[int]bool {
	out := map[int]bool{}
	for _, b := range s.Boots {
		if rv.boot(b.Order) {
			out[b.Episode] = true
		}
	}
	if rv.Winner {
		out[LastEpisode(s)] = true
	}
	return out
}

// keptAdvantages are the advantages with what happened to them by upTo or in a revealed
// episode; one with nothing seen yet is left out (that it exists may be news).
func keptAdvantages(advantages []game.Advantage, upTo int, revealed map[int]bool) []game.Advantage {
	kept := []game.Advantage{}
	for _, a := range advantages {
		events := []game.AdvantageEvent{}
		for _, e := range a.Events {
			if e.Episode <= upTo || revealed[e.Episode] {
				events = append(events, e)
			}
		}
		if len(events) > 0 {
			a.Events = events
			kept = append(kept, a)
		}
	}
	return kept
}
