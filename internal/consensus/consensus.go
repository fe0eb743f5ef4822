// Package consensus holds the rules of the community's ranking of a season's cast and
// of the seasons: how the totals kept by the store (store.Consensus) become a score and
// an order, and which lists agree most with it.
//
// Scoring is a normalised Borda count. Each public list ranking items of the scope gives
// each such item points by its place in the whole list: with k items, the one at place p
// (1 first) gets (k - p + 1) / k, so a list's top pick gets 1 and its last 1/k whatever
// its length; items a list does not name get 0 from it. An item's score is its points
// averaged over the N contributing lists plus Prior lists that name nothing:
// score = 100 · points / (N + Prior). The order is by points, then by how many lists name
// the item, then by name and id, so it is deterministic. Because a list that does not
// name an item counts as 0 for it, a contestant named by one list does not top a chart
// that several lists contribute to; the prior keeps a scope with few lists from claiming
// a perfect score.
package consensus

import (
	"math"
	"sort"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Prior is how many empty lists every scope's average starts with.
const Prior = 2

// SampleSize bounds the lists compared with the consensus to find those agreeing most:
// the newest this many contributing lists.
const SampleSize = 50

// AgreeingCount is how many of the most agreeing lists a consensus shows.
const AgreeingCount = 3

// Entry is one ranked item.
type Entry struct {
	ID        string
	Name      string
	Score     float64 // 0 to 100, one decimal
	ListCount int     // lists naming the item
	points    int64
}

// Agreeing is a list close to the consensus, with how close (0 to 100).
type Agreeing struct {
	UserID, ListID, Name, UserName string
	Agreement                      int
}

// Ranking is a scope's community ranking, best first.
type Ranking struct {
	ListCount int
	Entries   []Entry
	Agreeing  []Agreeing
}

// Rank orders c's tallies by score and finds the sample lists agreeing most. name gives
// an item's display name; items it does not know (no longer in the catalog) are left
// out. inScope tells whether a list's item belongs to the scope.
func Rank(c *model.Consensus, name func(id string) (string, bool), inScope func(model.Item) bool) Ranking {
	r := Ranking{ListCount: c.ListCount, Entries: []Entry{}, Agreeing: []Agreeing{}}
	for _, t := range c.Tallies {
		n, ok := name(t.ItemID)
		if !ok {
			continue
		}
		score := 100 * float64(t.Points) / store.ConsensusPointScale / float64(c.ListCount+Prior)
		r.Entries = append(r.Entries, Entry{ID: t.ItemID, Name: n, Score: math.Round(score*10) / 10, ListCount: t.Lists, points: t.Points})
	}
	sort.Slice(r.Entries, func(i, j int) bool {
		a, b := r.Entries[i], r.Entries[j]
		if a.points != b.points {
			return a.points > b.points
		}
		if a.ListCount != b.ListCount {
			return a.ListCount > b.ListCount
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.ID < b.ID
	})
	r.Agreeing = agreeing(r.Entries, c.Sample, inScope)
	return r
}

// agreeing picks the sample lists whose points for the scope's items point the same way
// as the consensus (cosine similarity of the two point vectors), best first, ties to the
// newer list.
func agreeing(entries []Entry, sample []model.ConsensusSampleList, inScope func(model.Item) bool) []Agreeing {
	consensus := map[string]float64{}
	var norm float64
	for _, e := range entries {
		p := float64(e.points)
		consensus[e.ID] = p
		norm += p * p
	}
	if norm == 0 {
		return []Agreeing{}
	}
	type scored struct {
		Agreeing
		cos float64
	}
	var all []scored
	for _, l := range sample {
		var dot, own float64
		k := float64(len(l.Items))
		for p, it := range l.Items {
			if !inScope(it) {
				continue
			}
			pts := (k - float64(p)) / k
			dot += pts * consensus[it.ID]
			own += pts * pts
		}
		if own == 0 {
			continue
		}
		cos := dot / math.Sqrt(own*norm)
		all = append(all, scored{Agreeing{UserID: l.UserID, ListID: l.ListID, Name: l.Name, UserName: l.UserName,
			Agreement: int(math.Round(100 * cos))}, cos})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].cos > all[j].cos })
	out := []Agreeing{}
	for i := 0; i < len(all) && i < AgreeingCount; i++ {
		out = append(out, all[i].Agreeing)
	}
	return out
}
