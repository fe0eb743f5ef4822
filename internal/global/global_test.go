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
