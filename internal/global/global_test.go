package global

import (
	"reflect"
	"testing"

	"castaway/internal/catalog"
	"castaway/internal/problem"
)

var cat = catalog.MustLoad()

func cast(t *testing.T, seasonID string) []catalog.Contestant {
	t.Helper()
	s, ok := cat.Season(seasonID)
	if !ok {
		t.Fatalf("no season %s", seasonID)
	}
	return s.Contestants
}

func ptr(s string) *string { return &s }

func slots(ids ...string) []*string {
	out := make([]*string, len(ids))
	for i, id := range ids {
		if id != "" {
			out[i] = ptr(id)
		}
	}
	return out
}

func TestPoints(t *testing.T) {
	for slot, want := range map[int]int{0: 10, 1: 9, 9: 1, 10: 0, -1: 0} {
		if got := Points(slot); got != want {
			t.Errorf("Points(%d) = %d, want %d", slot, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	c48 := cast(t, "s48")
	other := cast(t, "s47")[0]
	ten := func(ids ...string) []string { out := make([]string, Slots); copy(out, ids); return out }
	for _, tt := range []struct {
		name    string
		ranking []*string
		code    problem.Kind
		msg     string
		ids     []string
	}{
		{name: "full", ranking: slots(ten(c48[0].ID, c48[1].ID, c48[2].ID, c48[3].ID, c48[4].ID, c48[5].ID, c48[6].ID, c48[7].ID, c48[8].ID, c48[9].ID)...),
			ids: ten(c48[0].ID, c48[1].ID, c48[2].ID, c48[3].ID, c48[4].ID, c48[5].ID, c48[6].ID, c48[7].ID, c48[8].ID, c48[9].ID)},
		{name: "empty slots", ranking: slots(ten("", c48[1].ID, "", "", "", "", "", "", "", c48[0].ID)...),
			ids: ten("", c48[1].ID, "", "", "", "", "", "", "", c48[0].ID)},
		{name: "all empty", ranking: slots(ten()...), ids: ten()},
		{name: "missing", ranking: nil, code: problem.Invalid, msg: MsgMissing},
		{name: "nine slots", ranking: slots(ten()[:9]...), code: problem.Invalid, msg: MsgMissing},
		{name: "eleven slots", ranking: slots(append(ten(), "")...), code: problem.Invalid, msg: MsgMissing},
		{name: "duplicate", ranking: slots(ten(c48[0].ID, "", c48[1].ID, c48[0].ID)...), code: problem.Invalid,
			msg: c48[0].Name + " is already ranked at position 1."},
		{name: "duplicate later", ranking: slots(ten("", c48[2].ID, "", "", "", "", "", "", "", c48[2].ID)...), code: problem.Invalid,
			msg: c48[2].Name + " is already ranked at position 2."},
		{name: "season", ranking: slots(ten("s48")...), code: problem.Invalid, msg: MsgSeason},
		{name: "other season", ranking: slots(ten(other.ID)...), code: problem.Invalid,
			msg: other.Name + " is not a contestant of Survivor 48."},
		{name: "unknown", ranking: slots(ten("nobody-at-all")...), code: problem.Invalid, msg: `Unknown contestant "nobody-at-all".`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Check(cat, "s48", tt.ranking)
			if tt.code != 0 {
				p, ok := problem.As(err)
				if !ok || p.Kind != tt.code || p.Message != tt.msg {
					t.Fatalf("err %v, want %q", err, tt.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(b.IDs(), tt.ids) {
				t.Fatalf("ids %v, want %v", b.IDs(), tt.ids)
			}
			for i, it := range b {
				if (it == nil) != (tt.ids[i] == "") {
					t.Fatalf("slot %d: %+v", i, it)
				}
				if it != nil && (it.Name == "" || it.ImageURL == "" || it.IsSeason || it.SeasonID != "s48" || it.SeasonName == "") {
					t.Fatalf("slot %d not filled from the catalog: %+v", i, it)
				}
			}
		})
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
	c := cast(t, "s48")
	ballots := map[string][]string{}
	totals := map[string]Score{}
	seq := []struct {
		user string
		ids  []string
	}{
		{"u1", []string{c[0].ID, c[1].ID, c[2].ID}},
		{"u2", []string{c[2].ID, "", c[0].ID}},
		{"u1", []string{c[3].ID, c[0].ID}},
		{"u3", []string{"", "", "", "", "", "", "", "", "", c[5].ID}},
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

func TestParseRanking(t *testing.T) {
	for _, tt := range []struct {
		name, raw string
		want      []string // "" for an empty slot; nil when refused
		msg       string
	}{
		{name: "ids and nulls", raw: `["a", null, "", "b"]`, want: []string{"a", "", "", "b"}},
		{name: "item objects", raw: `[{"id": "a", "isSeason": false}, {"id": "x", "isEmpty": true}, null]`, want: []string{"a", "", ""}},
		{name: "earlier form", raw: `{"contestants": ["a", null]}`, want: []string{"a", ""}},
		{name: "missing", raw: ``, msg: MsgMissing},
		{name: "null", raw: `null`, msg: MsgMissing},
		{name: "a string", raw: `"a"`, msg: MsgMissing},
		{name: "an object without contestants", raw: `{"x": 1}`, msg: MsgMissing},
		{name: "a number in a slot", raw: `[1]`, msg: MsgMissing},
		{name: "a season item", raw: `[{"id": "s48", "isSeason": true}]`, msg: MsgSeason},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseRanking([]byte(tt.raw))
			if tt.msg != "" {
				if p, ok := problem.As(err); !ok || p.Message != tt.msg {
					t.Fatalf("err %v, want %q", err, tt.msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			ids := make([]string, len(got))
			for i, p := range got {
				if p != nil {
					ids[i] = *p
				}
			}
			if !reflect.DeepEqual(ids, tt.want) {
				t.Fatalf("got %q, want %q", ids, tt.want)
			}
		})
	}
}

func TestCheckPoll(t *testing.T) {
	for _, tt := range []struct {
		name, id, season, title, field string
	}{
		{name: "fine", id: "season-47", season: "s47", title: "Survivor 47"},
		{name: "id with capitals", id: "Season-47", season: "s47", title: "t", field: "id"},
		{name: "id with a slash", id: "a/b", season: "s47", title: "t", field: "id"},
		{name: "no season", id: "p", title: "t", field: "season"},
		{name: "unknown season", id: "p", season: "s99", title: "t", field: "season"},
		{name: "no title", id: "p", season: "s47", title: "  ", field: "title"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckPoll(cat, tt.id, tt.season, tt.title, "")
			if tt.field == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if p, ok := problem.As(err); !ok || p.Field != tt.field {
				t.Fatalf("err %v, want a problem with %s", err, tt.field)
			}
		})
	}
}
