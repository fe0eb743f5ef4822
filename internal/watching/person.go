package watching

import "castaway/internal/game"

// Person is a castaway's game across their seasons as one fan may see it.
type Person struct {
	*game.Person
	Seasons []*game.Castaway `json:"seasons"`
	Totals  game.Stats       `json:"totals"`
	Days    int              `json:"days"`
	Shield  *PersonShield    `json:"shield,omitempty"`
}

// PersonShield says what a castaway's answer leaves out: their seasons the fan has not
// finished are cut at the fan's episode, and the seasons they played after one of those are
// left out whole (a return tells that they lasted, or won); Withheld counts those.
type PersonShield struct {
	Seasons  []SeasonCut `json:"seasons"`
	Withheld int         `json:"withheld"`
}

// SeasonCut is one of the castaway's seasons cut at the fan's episode.
type SeasonCut struct {
	Season string `json:"season"`
	UpTo   int    `json:"upTo"`
	Hidden bool   `json:"hidden"` // how far they went in it is left out
}

// CutPerson is p as a fan with progress sees them; season finds a season of theirs. A
// season id in revealed is shown whole ("all" reveals every one).
func CutPerson(p *game.Person, progress Progress, revealed map[string]bool, season func(id string) *game.Season) Person {
	out := Person{Person: p, Seasons: []*game.Castaway{}}
	sh := &PersonShield{Seasons: []SeasonCut{}}
	behind := false // a season before this one is cut
	for _, ca := range p.Seasons {
		if behind {
			sh.Withheld++
			continue
		}
		s := season(ca.Season)
		upTo, set := progress[ca.Season]
		if s == nil || !set || revealed["all"] || revealed[ca.Season] || !Shielded(s, upTo) {
			out.add(ca)
			continue
		}
		behind = true
		shown := false
		for _, b := range s.Boots {
			if b.Castaway == ca.ID && b.Episode <= upTo {
				shown = true
			}
		}
		c := cutCastaway(ca, shown, keptPhases(s.Phases, upTo))
		if !shown {
			c.CastSize = ca.CastSize
		}
		sh.Seasons = append(sh.Seasons, SeasonCut{Season: ca.Season, UpTo: upTo, Hidden: !shown})
		out.add(c)
	}
	if len(sh.Seasons) == 0 {
		return Person{Person: p, Seasons: p.Seasons, Totals: p.Totals, Days: p.Days}
	}
	out.Shield = sh
	return out
}

func (p *Person) add(c *game.Castaway) {
	p.Seasons = append(p.Seasons, c)
	p.Totals.Add(c.Stats)
	p.Days += c.Day
}

// Withheld are the seasons of p a fan with progress may not see named at all: those after a
// season of theirs the fan has not finished nor revealed (nil when none). The one rule for
// every answer that names a castaway's seasons (their page, its head, their card).
func Withheld(p *game.Person, progress Progress, revealed map[string]bool, season func(id string) *game.Season) map[string]bool {
	cut := CutPerson(p, progress, revealed, season)
	if cut.Shield == nil || cut.Shield.Withheld == 0 {
		return nil
	}
	out := map[string]bool{}
	for _, c := range p.Seasons[len(p.Seasons)-cut.Shield.Withheld:] {
		out[c.Season] = true
	}
	return out
}
