package game

import (
	"cmp"
	"slices"
	"strings"
)

type (
	seasonOf   func(versionSeason string) *Season
	idOf       func(survivorID string) string
	castawayOf func(versionSeason, survivorID string) *Castaway
)

// buildPhases keeps the tribes' make-up each time someone changed tribe or a tribe
// appeared (a swap, an expansion, the merge), and each castaway's tribes in order.
func buildPhases(r *rows, of seasonOf, id idOf, castaway castawayOf) {
	type key struct {
		season  string
		episode int
	}
	byEpisode := map[key][]memberRow{}
	var keys []key
	for _, m := range r.members {
		k := key{m.Season, m.Episode}
		if _, ok := byEpisode[k]; !ok {
			keys = append(keys, k)
		}
		byEpisode[k] = append(byEpisode[k], m)
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(strings.Compare(a.season, b.season), cmp.Compare(a.episode, b.episode))
	})
	last := map[string]map[string]string{} // season -> survivoR id -> tribe
	for _, k := range keys {
		rows := byEpisode[k]
		now := map[string]string{}
		changed := last[k.season] == nil
		for _, m := range rows {
			now[m.ID] = m.Tribe
			if was, ok := last[k.season][m.ID]; ok && was != m.Tribe {
				changed = true
			}
			if ca := castaway(m.Season, m.ID); ca != nil && !slices.Contains(ca.Tribes, m.Tribe) {
				ca.Tribes = append(ca.Tribes, m.Tribe)
			}
		}
		if !changed && !newTribe(last[k.season], now) {
			continue
		}
		last[k.season] = now
		phase := Phase{Episode: k.episode, Day: rows[0].Day}
		index := map[string]int{}
		for _, m := range rows {
			i, ok := index[m.Tribe]
			if !ok {
				i = len(phase.Tribes)
				index[m.Tribe] = i
				phase.Tribes = append(phase.Tribes, PhaseTribe{Name: m.Tribe, Status: m.Status})
			}
			phase.Tribes[i].Members = append(phase.Tribes[i].Members, id(m.ID))
		}
		// Tribes and their members by name: the data's order may follow how far each went.
		name := func(survivorID string) string {
			if ca := castaway(k.season, survivorID); ca != nil {
				return strings.ToLower(ca.Name)
			}
			return survivorID
		}
		names := map[string]string{}
		for _, m := range rows {
			names[id(m.ID)] = name(m.ID)
		}
		slices.SortFunc(phase.Tribes, func(a, b PhaseTribe) int { return strings.Compare(a.Name, b.Name) })
		for _, t := range phase.Tribes {
			slices.SortFunc(t.Members, func(a, b string) int { return cmp.Or(strings.Compare(names[a], names[b]), strings.Compare(a, b)) })
		}
		s := of(k.season)
		s.Phases = append(s.Phases, phase)
	}
}

// newTribe says whether now has a tribe that was not there before.
func newTribe(before, now map[string]string) bool {
	had := map[string]bool{}
	for _, t := range before {
		had[t] = true
	}
	for _, t := range now {
		if !had[t] {
			return true
		}
	}
	return false
}

// buildCouncils groups the votes into councils and counts each castaway's votes.
func buildCouncils(r *rows, of seasonOf, id idOf, castaway castawayOf) {
	type key struct {
		season, tribe  string
		episode, order int
	}
	index := map[key]int{}
	for _, v := range r.votes {
		s := of(v.Season)
		k := key{v.Season, v.Tribe, v.Episode, v.Order}
		i, ok := index[k]
		if !ok {
			i = len(s.Councils)
			index[k] = i
			s.Councils = append(s.Councils, Council{Order: v.Order, Episode: v.Episode, Day: v.Day, Tribe: v.Tribe, TribeStatus: v.TribeStatus,
				Out: []string{}, Votes: []Vote{}})
		}
		c := &s.Councils[i]
		if out := id(v.VotedOut); out != "" && !slices.Contains(c.Out, out) {
			c.Out = append(c.Out, out)
		}
		c.Votes = append(c.Votes, Vote{Round: v.VoteOrder, Voter: id(v.Voter), Target: id(v.Target), Nullified: v.Nullified,
			Tie: v.Tie, Event: v.Event, Outcome: v.Outcome, Immune: v.Immunity})
		if voter := castaway(v.Season, v.Voter); voter != nil && v.Target != "" {
			voter.VotesCast++
			if v.Target == v.VotedOut && !v.Nullified {
				voter.BootVotes++
			}
		}
		if target := castaway(v.Season, v.Target); target != nil && !v.Nullified {
			target.VotesReceived++
		}
	}
	for _, s := range r.seasons {
		season := of(s.Season)
		slices.SortStableFunc(season.Councils, func(a, b Council) int {
			return cmp.Or(cmp.Compare(a.Order, b.Order), cmp.Compare(a.Episode, b.Episode))
		})
	}
}

// buildAdvantages gathers each advantage's story and counts finds and plays.
func buildAdvantages(r *rows, of seasonOf, id idOf, castaway castawayOf) {
	type key struct {
		season string
		id     int
	}
	index := map[key]int{}
	kinds := map[key]string{}
	for _, a := range r.advantages {
		s := of(a.Season)
		index[key{a.Season, a.ID}] = len(s.Advantages)
		kinds[key{a.Season, a.ID}] = a.Type
		s.Advantages = append(s.Advantages, Advantage{Type: a.Type, Clue: a.Clue, Location: a.Location, Conditions: a.Conditions,
			Events: []AdvantageEvent{}})
	}
	moves := slices.Clone(r.moves)
	slices.SortStableFunc(moves, func(a, b advantageEventRow) int { return cmp.Compare(a.Sequence, b.Sequence) })
	for _, m := range moves {
		k := key{m.Season, m.Advantage}
		i, ok := index[k]
		if !ok {
			continue // a move of an advantage the details do not describe
		}
		s := of(m.Season)
		s.Advantages[i].Events = append(s.Advantages[i].Events, AdvantageEvent{Castaway: id(m.Holder), Event: m.Event,
			Episode: m.Episode, Day: m.Day, PlayedFor: id(m.PlayedFor), Success: m.Success, VotesNullified: m.VotesNullified})
		ca := castaway(m.Season, m.Holder)
		if ca == nil {
			continue
		}
		idol := isIdol(kinds[k])
		switch {
		case obtained(m.Event) && idol:
			ca.IdolsFound++
		case obtained(m.Event):
			ca.AdvantagesFound++
		case m.Event == "Played" && idol:
			ca.IdolsPlayed++
		case m.Event == "Played":
			ca.AdvantagesPlayed++
		}
	}
}

// isIdol says whether an advantage type is an idol (not its clue, not a nullifier).
func isIdol(kind string) bool {
	return kind == "Super Idol" || strings.Contains(kind, "Immunity Idol") && !strings.HasSuffix(kind, "Clue")
}

// obtained says whether an event put the advantage in the castaway's hands.
func obtained(event string) bool {
	switch event {
	case "Found", "Found (beware)", "Received", "Recieved", "Won", "Bought":
		return true
	}
	return false
}

// buildEpisodes lists the episodes with how many castaways were left after each.
func buildEpisodes(r *rows, of seasonOf) {
	type key struct {
		season  string
		episode int
	}
	lastOrder, left := map[key]int{}, map[key]int{}
	for _, b := range r.stages {
		k := key{b.Season, b.Episode}
		if o, ok := lastOrder[k]; !ok || b.Order > o {
			lastOrder[k], left[k] = b.Order, 0
		}
		if b.Order == lastOrder[k] && b.GameStatus == "In the game" {
			left[k]++
		}
	}
	for _, e := range r.episodes {
		s := of(e.Season)
		s.Episodes = append(s.Episodes, Episode{Number: e.Episode, Overall: e.Overall, Title: e.Title, Date: e.Date,
			Minutes: e.Length, Viewers: e.Viewers, IMDb: e.IMDb, Ratings: e.NRatings, Left: left[key{e.Season, e.Episode}]})
	}
	for _, s := range r.seasons {
		season := of(s.Season)
		slices.SortStableFunc(season.Episodes, func(a, b Episode) int { return cmp.Compare(a.Number, b.Number) })
	}
}
