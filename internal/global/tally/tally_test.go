package tally

import (
	"reflect"
	"testing"
)

func TestPoints(t *testing.T) {
	for slot, want := range map[int]int{0: 10, 1: 9, 9: 1, 10: 0, -1: 0} {
		if got := Points(slot); got != want {
			t.Errorf("Points(%d) = %d, want %d", slot, got, want)
		}
	}
}

func TestTallyOrdersByPointsBallotsName(t *testing.T) {
	names := map[string]string{"a": "Zed", "b": "Amy", "c": "Bob", "d": "Cal"}
	nameOf := func(id string) string { return names[id] }
	for _, tt := range []struct {
		name    string
		ballots [][]string
		want    []Score
	}{
		{name: "none", want: []Score{}},
		{name: "points", ballots: [][]string{{"a", "b"}},
			want: []Score{{"a", "Zed", 10, 1}, {"b", "Amy", 9, 1}}},
		{name: "empty slots earn nothing", ballots: [][]string{{"", "", "a"}},
			want: []Score{{"a", "Zed", 8, 1}}},
		{name: "tie on points: more ballots first", ballots: [][]string{{"a"}, {"", "", "", "", "", "", "", "", "b", "b"}},
			// a: 10 from 1 ballot; b: 2 + 1 = 3 from 2 slots (the tally counts what it is given)
			want: []Score{{"a", "Zed", 10, 1}, {"b", "Amy", 3, 2}}},
		{name: "tie on points and ballots: by name", ballots: [][]string{{"a", "b"}, {"b", "a"}},
			want: []Score{{"b", "Amy", 19, 2}, {"a", "Zed", 19, 2}}},
		{name: "ballots break a points tie", ballots: [][]string{
			{"c"},                                                                // c: 10 from 1
			{"", "", "", "", "", "d"}, {"", "", "", "", "", "", "", "", "", "d"}, // d: 5 + 1 = 6
			{"", "", "", "", "", "", "d"}, // d: +4 = 10 from 3
		}, want: []Score{{"d", "Cal", 10, 3}, {"c", "Bob", 10, 1}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Tally(tt.ballots, nameOf); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestChangeMovesOldPointsOutAndNewIn(t *testing.T) {
	for _, tt := range []struct {
		name          string
		old, new, nms []string
		want          []Delta
	}{
		{name: "first ballot", new: []string{"a", "", "b"}, nms: []string{"A", "", "B"},
			want: []Delta{{"a", "A", 10, 1}, {"b", "B", 8, 1}}},
		{name: "same ballot again: names only", old: []string{"a"}, new: []string{"a"}, nms: []string{"A"},
			want: []Delta{{"a", "A", 0, 0}}},
		{name: "moved and dropped", old: []string{"a", "b"}, new: []string{"b"}, nms: []string{"B"},
			want: []Delta{{"a", "", -10, -1}, {"b", "B", 1, 0}}},
		{name: "emptied", old: []string{"a"}, new: []string{""},
			want: []Delta{{"a", "", -10, -1}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := Change(tt.old, tt.new, tt.nms); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// Applying every change in turn gives the same totals as tallying the ballots left.
func TestChangesAddUpToTally(t *testing.T) {
	c := []string{"c0", "c1", "c2", "c3", "c4", "c5"}
	ballots := map[string][]string{}
	totals := map[string]Score{}
	seq := []struct {
		user string
		ids  []string
	}{
		{"u1", []string{c[0], c[1], c[2]}},
		{"u2", []string{c[2], "", c[0]}},
		{"u1", []string{c[3], c[0]}},
		{"u3", []string{"", "", "", "", "", "", "", "", "", c[5]}},
		{"u2", []string{}},
	}
	for _, step := range seq {
		for _, d := range Change(ballots[step.user], step.ids, nil) {
			sc := totals[d.ContestantID]
			sc.ContestantID = d.ContestantID
			sc.TotalScore += d.Score
			sc.Votes += d.Votes
			totals[d.ContestantID] = sc
		}
		ballots[step.user] = step.ids
	}
	var all [][]string
	for _, b := range ballots {
		all = append(all, b)
	}
	want := Tally(all, nil)
	for _, w := range want {
		if totals[w.ContestantID] != w {
			t.Fatalf("%s: running %+v, tally %+v", w.ContestantID, totals[w.ContestantID], w)
		}
		delete(totals, w.ContestantID)
	}
	for id, sc := range totals {
		if sc.TotalScore != 0 || sc.Votes != 0 {
			t.Fatalf("%s left with %+v", id, sc)
		}
	}
}
