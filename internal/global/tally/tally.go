// Package tally counts the Global Rankings' ballots: slot 1 earns 10 points down to slot
// 10 earning 1, results order by points, then the number of ballots naming the
// contestant, then name; a replaced ballot moves the running totals by its Change.
// The store keeps the totals with it; package global holds the rest of the vote's rules.
package tally

import "sort"

// Slots is the length of every ballot.
const Slots = 10

// Points is what slot (0-based) earns: 10 for the first down to 1 for the tenth.
func Points(slot int) int {
	if slot < 0 || slot >= Slots {
		return 0
	}
	return Slots - slot
}

// Score is one contestant's standing in a poll.
type Score struct {
	ContestantID string
	Name         string
	TotalScore   int // points from every ballot
	Votes        int // ballots naming the contestant
}

// Less orders the results: more points first, then more ballots, then by name
// (then id, so equal names still order one way).
func Less(a, b Score) bool {
	if a.TotalScore != b.TotalScore {
		return a.TotalScore > b.TotalScore
	}
	if a.Votes != b.Votes {
		return a.Votes > b.Votes
	}
	if a.Name != b.Name {
		return a.Name < b.Name
	}
	return a.ContestantID < b.ContestantID
}

// Tally scores every ballot (contestant ids by slot, "" for empty) from scratch:
// the recount the running totals must always equal. nameOf names each contestant.
func Tally(ballots [][]string, nameOf func(string) string) []Score {
	byID := map[string]*Score{}
	for _, ballot := range ballots {
		for slot, id := range ballot {
			if id == "" || slot >= Slots {
				continue
			}
			sc := byID[id]
			if sc == nil {
				sc = &Score{ContestantID: id}
				if nameOf != nil {
					sc.Name = nameOf(id)
				}
				byID[id] = sc
			}
			sc.TotalScore += Points(slot)
			sc.Votes++
		}
	}
	out := make([]Score, 0, len(byID))
	for _, sc := range byID {
		out = append(out, *sc)
	}
	sort.Slice(out, func(i, j int) bool { return Less(out[i], out[j]) })
	return out
}

// Delta is how replacing one ballot changes a contestant's running total.
type Delta struct {
	ContestantID string
	Name         string // from the new ballot; "" when only the old one named them
	Score, Votes int
}

// Change is what replacing old with new (ids by slot, "" empty; old nil for a first
// ballot) does to the totals: the old ballot's points out, the new one's in. Only
// contestants whose totals move are listed, ordered by id.
func Change(old, new, newNames []string) []Delta {
	byID := map[string]*Delta{}
	add := func(id, name string, score, votes int) {
		d := byID[id]
		if d == nil {
			d = &Delta{ContestantID: id}
			byID[id] = d
		}
		if name != "" {
			d.Name = name
		}
		d.Score += score
		d.Votes += votes
	}
	for slot, id := range old {
		if id != "" && slot < Slots {
			add(id, "", -Points(slot), -1)
		}
	}
	for slot, id := range new {
		if id != "" && slot < Slots {
			name := ""
			if slot < len(newNames) {
				name = newNames[slot]
			}
			add(id, name, Points(slot), 1)
		}
	}
	out := make([]Delta, 0, len(byID))
	for _, d := range byID {
		if d.Score != 0 || d.Votes != 0 || d.Name != "" {
			out = append(out, *d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ContestantID < out[j].ContestantID })
	return out
}
