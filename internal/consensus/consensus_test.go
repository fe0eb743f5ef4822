package consensus

import (
	"strings"
	"testing"

	"castaway/internal/model"
)

func named(id string) (string, bool) {
	return map[string]string{"a": "Amber", "b": "Boston Rob", "c": "Cirie", "z": "Zeke"}[id], id != "gone"
}

func contestants(ids ...string) []model.Item {
	out := make([]model.Item, len(ids))
	for i, id := range ids {
		out[i] = model.Item{ID: id, SeasonID: "s8"}
	}
	return out
}

var inS8 = func(it model.Item) bool { return !it.IsSeason && it.SeasonID == "s8" }

// One list naming a contestant first does not beat a contestant several lists rank well;
// ties fall to list count, then name; unknown items drop out; the prior keeps the score
// under 100.
func TestRankOrdersByPointsWithPrior(t *testing.T) {
	c := &model.Consensus{ListCount: 3, Tallies: []model.ConsensusTally{
		{ItemID: "z", Points: 1000000, Lists: 1},
		{ItemID: "b", Points: 1500000, Lists: 3},
		{ItemID: "c", Points: 1000000, Lists: 2},
		{ItemID: "a", Points: 1000000, Lists: 2},
		{ItemID: "gone", Points: 9000000, Lists: 3},
	}}
	r := Rank(c, named, inS8)
	var order []string
	for _, e := range r.Entries {
		order = append(order, e.ID)
	}
	if want := "b a c z"; strings.Join(order, " ") != want {
		t.Errorf("order %q, want %q", strings.Join(order, " "), want)
	}
	if r.Entries[0].Score != 30 || r.Entries[0].ListCount != 3 || r.Entries[0].Name != "Boston Rob" || r.ListCount != 3 {
		t.Errorf("top entry %+v", r.Entries[0])
	}
}

// The lists whose order follows the consensus come first, at most AgreeingCount.
func TestAgreeingLists(t *testing.T) {
	c := &model.Consensus{ListCount: 4, Tallies: []model.ConsensusTally{
		{ItemID: "a", Points: 3000000, Lists: 3}, {ItemID: "b", Points: 1500000, Lists: 3}, {ItemID: "c", Points: 500000, Lists: 2},
	}, Sample: []model.ConsensusSampleList{
		{ListID: "reversed", Items: contestants("c", "b", "a")},
		{ListID: "same", Items: contestants("a", "b", "c")},
		{ListID: "other season only", Items: []model.Item{{ID: "x", SeasonID: "s9"}}},
		{ListID: "top only", Items: contestants("a")},
		{ListID: "b first", Items: contestants("b", "a")},
	}}
	r := Rank(c, named, inS8)
	var got []string
	for _, a := range r.Agreeing {
		got = append(got, a.ListID)
	}
	if want := "same top only b first"; strings.Join(got, " ") != want {
		t.Errorf("agreeing %q, want %q", strings.Join(got, " "), want)
	}
	if r.Agreeing[0].Agreement <= r.Agreeing[2].Agreement || r.Agreeing[0].Agreement > 100 {
		t.Errorf("agreements %+v", r.Agreeing)
	}
}
