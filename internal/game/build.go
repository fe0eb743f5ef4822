package game

import (
	"cmp"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"castaway/internal/catalog"
	"castaway/internal/model"
)

// Game is the whole game as castaway shows it: every season and every person, built once.
type Game struct {
	seasons []*Season          // US first, then by franchise and number
	byID    map[string]*Season // by castaway's season id
	people  map[string]*Person // by castaway's contestant id
}

// Person is everyone's game across the seasons they played, in the order they aired.
type Person struct {
	ID         string      `json:"id"`
	SurvivorID string      `json:"survivorId"`
	Name       string      `json:"name"`
	Occupation string      `json:"occupation,omitempty"`
	Seasons    []*Castaway `json:"seasons"`
	Totals     Stats       `json:"totals"`
	Days       int         `json:"days"` // days played, every season together
}

// Franchises are the franchises the data has, in the order castaway offers them (and
// codes lists by: model.Franchises).
var Franchises = func() []string {
	names := make([]string, len(model.Franchises))
	for i, f := range model.Franchises {
		names[i] = f.Name
	}
	return names
}()

// Load reads the data set in fsys, with records of seasons on air over it, and builds the
// game, meeting the US casts of cat.
func Load(fsys fs.FS, records []model.GameRecord, cat *catalog.Catalog) (*Game, error) {
	r, err := readRows(fsys, records)
	if err != nil {
		return nil, err
	}
	return build(r, cat)
}

// Seasons is every season, the US first, then each franchise by number.
func (g *Game) Seasons() []*Season { return g.seasons }

// Season is the season with castaway's id ("s20", "au3").
func (g *Game) Season(id string) (*Season, bool) {
	s, ok := g.byID[id]
	return s, ok
}

// Person is the game of the castaway with castaway's contestant id.
func (g *Game) Person(id string) (*Person, bool) {
	p, ok := g.people[id]
	return p, ok
}

func build(r *rows, cat *catalog.Catalog) (*Game, error) {
	ids, err := people(r, cat)
	if err != nil {
		return nil, err
	}
	id := func(survivorID string) string {
		if v, ok := ids[survivorID]; ok {
			return v
		}
		return "" // not a castaway: a vote for no one, a captain
	}
	g := &Game{byID: map[string]*Season{}, people: map[string]*Person{}}
	details := map[string]personRow{}
	for _, p := range r.people {
		details[p.ID] = p
	}
	for _, s := range r.seasons {
		season := &Season{ID: SeasonID(s.Franchise, s.Number), Franchise: s.Franchise, Number: s.Number, Name: s.Name,
			Location: s.Location, Country: s.Country, TribeSetup: s.TribeSetup, Premiered: s.Premiered, Ended: s.Ended,
			Filming: [2]string{s.FilmingStarted, s.FilmingEnded}, Timeslot: s.Timeslot,
			Viewers:  Viewers{Premiere: s.ViewersPremiere, Finale: s.ViewersFinale, Mean: s.ViewersMean},
			CastSize: s.Cast, JurySize: s.Jury, Winner: id(s.WinnerID), FinalVote: s.FinalVote,
			// Every list is there, empty or not: the contract's arrays are never null.
			Cast: []*Castaway{}, Tribes: []Tribe{}, Phases: []Phase{}, Boots: []Boot{}, Councils: []Council{},
			Advantages: []Advantage{}, Jury: []JuryVote{}, Episodes: []Episode{}, Journeys: []Journey{}}
		if g.byID[season.ID] != nil {
			return nil, fmt.Errorf("season_summary.json: two seasons are %s", season.ID)
		}
		g.byID[season.ID] = season
		g.seasons = append(g.seasons, season)
	}
	order := func(f string) int {
		if i := slices.Index(Franchises, f); i >= 0 {
			return i
		}
		return len(Franchises)
	}
	slices.SortFunc(g.seasons, func(a, b *Season) int {
		return cmp.Or(cmp.Compare(order(a.Franchise), order(b.Franchise)), strings.Compare(a.Franchise, b.Franchise), cmp.Compare(a.Number, b.Number))
	})
	of := func(versionSeason string) *Season { return g.byID[seasonIDOf(versionSeason)] }

	cast := map[string]map[string]*Castaway{} // season id -> survivoR id -> castaway
	for _, c := range r.castaways {
		s := of(c.Season)
		d := details[c.ID]
		// The name fans know from the catalog ("Ozzy Lusth", not survivoR's "Oscar Lusth").
		name := cmp.Or(d.FullName, c.FullName, c.ShortName)
		if ct, _, ok := cat.Contestant(id(c.ID), ""); ok {
			name = ct.Name
		}
		ca := &Castaway{ID: id(c.ID), SurvivorID: c.ID, Season: s.ID, Name: name, ShortName: c.ShortName, Age: c.Age, Tribes: []string{},
			Hometown: strings.Trim(c.City+", "+c.State, ", "), Occupation: d.Occupation, Place: c.Place, Result: c.Result,
			Day: c.Day, Episode: c.Episode, OriginalTribe: c.OriginalTribe, Jury: c.Jury, Finalist: c.Finalist, Winner: c.Winner}
		if cast[s.ID] == nil {
			cast[s.ID] = map[string]*Castaway{}
		}
		cast[s.ID][c.ID] = ca
		s.Cast = append(s.Cast, ca)
	}
	castaway := func(season, survivorID string) *Castaway { return cast[seasonIDOf(season)][survivorID] }

	for _, t := range r.tribes {
		s := of(t.Season)
		s.Tribes = append(s.Tribes, Tribe{Name: t.Tribe, Colour: t.Colour, Status: t.Status})
	}
	buildPhases(r, of, id, castaway)
	for _, b := range r.boots {
		s := of(b.Season)
		s.Boots = append(s.Boots, Boot{Order: b.Order, Castaway: id(b.ID), Episode: b.Episode, Day: b.Day, Result: b.Result})
		// A season on air learns each place from its boots as they are recorded.
		if ca := castaway(b.Season, b.ID); ca != nil && ca.Result == "" {
			ca.Result, ca.Day, ca.Episode, ca.Place = b.Result, b.Day, b.Episode, len(s.Cast)-b.Order+1
		}
	}
	buildCouncils(r, of, id, castaway)
	buildAdvantages(r, of, id, castaway)
	for _, j := range r.jury {
		if j.Vote != 1 {
			continue
		}
		s := of(j.Season)
		s.Jury = append(s.Jury, JuryVote{Juror: id(j.Juror), Finalist: id(j.Finalist)})
		if f := castaway(j.Season, j.Finalist); f != nil {
			f.JuryVotes++
		}
	}
	for _, c := range r.confessionals {
		if ca := castaway(c.Season, c.ID); ca != nil {
			ca.Confessionals += c.Count
			ca.Expected += c.Expected
		}
	}
	for _, sc := range r.scores {
		if ca := castaway(sc.Season, sc.ID); ca != nil {
			ca.Scores = &Scores{Overall: sc.Overall, Outwit: sc.Outwit, Outplay: sc.Outplay, Outlast: sc.Outlast,
				Challenge: sc.Challenge, Vote: sc.Vote, Advantage: sc.Advantage, Jury: sc.Jury}
		}
	}
	for _, j := range r.journeys {
		s := of(j.Season)
		s.Journeys = append(s.Journeys, Journey{Episode: j.Episode, Castaway: id(j.ID), Reward: j.Reward, LostVote: j.LostVote, Game: j.Game, Event: j.Event})
	}
	buildEpisodes(r, of)

	for _, s := range g.seasons {
		// By place, the winner first; on air, those still playing (no place yet) first.
		slices.SortStableFunc(s.Cast, func(a, b *Castaway) int { return cmp.Compare(a.Place, b.Place) })
		slices.SortStableFunc(s.Boots, func(a, b Boot) int { return cmp.Compare(a.Order, b.Order) })
		rankByScore(s.Cast)
		if s.CastSize == 0 {
			s.CastSize = len(s.Cast)
		}
		for _, ca := range s.Cast {
			ca.CastSize = s.CastSize
		}
		for _, ca := range s.Cast {
			p := g.people[ca.ID]
			if p == nil {
				d := details[ca.SurvivorID]
				p = &Person{ID: ca.ID, SurvivorID: ca.SurvivorID, Name: ca.Name, Occupation: d.Occupation}
				g.people[ca.ID] = p
			}
			p.Seasons = append(p.Seasons, ca)
			p.Totals.Add(ca.Stats)
			p.Days += ca.Day
		}
	}
	for _, p := range g.people {
		slices.SortStableFunc(p.Seasons, func(a, b *Castaway) int {
			return cmp.Compare(premiered(g.byID[a.Season]), premiered(g.byID[b.Season]))
		})
	}
	return g, nil
}

// seasonIDOf turns survivoR's "US20" into castaway's "s20".
func seasonIDOf(versionSeason string) string {
	f := strings.TrimRight(versionSeason, "0123456789")
	n := 0
	fmt.Sscanf(versionSeason[len(f):], "%d", &n)
	return SeasonID(f, n)
}

func premiered(s *Season) string {
	if s == nil {
		return ""
	}
	return s.Premiered
}

// rankByScore gives each castaway with a score their place in the cast by overall score.
func rankByScore(cast []*Castaway) {
	scored := slices.DeleteFunc(slices.Clone(cast), func(c *Castaway) bool { return c.Scores == nil })
	slices.SortStableFunc(scored, func(a, b *Castaway) int { return cmp.Compare(b.Scores.Overall, a.Scores.Overall) })
	for i, c := range scored {
		c.GameRank = i + 1
	}
}
