package model

import "sort"

// The arithmetic of the Global Rankings vote, here so the store keeps its running totals
// with the same sums the recount uses (the rules of a ballot are package global's).

// BallotSlots is the length of every ballot.
const BallotSlots = 10

// SlotPoints is what slot (0-based) earns: 10 for the first down to 1 for the tenth.
func SlotPoints(slot int) int {
	if slot < 0 || slot >= BallotSlots {
		return 0
	}
	return BallotSlots - slot
}

// Score is one contestant's standing in a poll.
type Score struct {
	ContestantID string
	Name         string
	TotalScore   int // points from every ballot
	Votes        int // ballots naming the contestant
}

// ScoreLess orders the results: more points first, then more ballots, then by name
// (then id, so equal names still order one way).
func ScoreLess(a, b Score) bool {
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
			if id == "" || slot >= BallotSlots {
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
			sc.TotalScore += SlotPoints(slot)
			sc.Votes++
		}
	}
	out := make([]Score, 0, len(byID))
	for _, sc := range byID {
		out = append(out, *sc)
	}
	sort.Slice(out, func(i, j int) bool { return ScoreLess(out[i], out[j]) })
	return out
}

// ScoreDelta is how replacing one ballot changes a contestant's running total.
type ScoreDelta struct {
	ContestantID string
	Name         string // from the new ballot; "" when only the old one named them
	Score, Votes int
}

// BallotChange is what replacing old with new (ids by slot, "" empty; old nil for a
// first ballot) does to the totals: the old ballot's points out, the new one's in. Only
// contestants whose totals move are listed, ordered by id.
func BallotChange(old, new, newNames []string) []ScoreDelta {
	byID := map[string]*ScoreDelta{}
	add := func(id, name string, score, votes int) {
		d := byID[id]
		if d == nil {
			d = &ScoreDelta{ContestantID: id}
			byID[id] = d
		}
		if name != "" {
			d.Name = name
		}
		d.Score += score
		d.Votes += votes
	}
	for slot, id := range old {
		if id != "" && slot < BallotSlots {
			add(id, "", -SlotPoints(slot), -1)
		}
	}
	for slot, id := range new {
		if id != "" && slot < BallotSlots {
			name := ""
			if slot < len(newNames) {
				name = newNames[slot]
			}
			add(id, name, SlotPoints(slot), 1)
		}
	}
	out := make([]ScoreDelta, 0, len(byID))
	for _, d := range byID {
		if d.Score != 0 || d.Votes != 0 || d.Name != "" {
			out = append(out, *d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ContestantID < out[j].ContestantID })
	return out
}
