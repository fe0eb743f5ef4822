package global

import (
	"encoding/json"
	"testing"

	"castaway/internal/catalog"
	"castaway/internal/problem"
)

// Any submitted ranking, well formed, malformed or hostile, gets a problem or a ballot of
// exactly ten slots holding distinct contestants of the season.
func FuzzBallot(f *testing.F) {
	cat := catalog.MustLoad()
	for _, seed := range []string{`["parvati-shallow",null]`, `{"contestants":["x"]}`, `[{"id":"s1","isSeason":true}]`, `[1,2,3]`, `null`,
		`["a","a"]`, `["a","b","c","d","e","f","g","h","i","j","k"]`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		ranking, err := ParseRanking(json.RawMessage(raw))
		if err != nil {
			if _, ok := problem.As(err); !ok {
				t.Fatalf("parse: not a problem: %v", err)
			}
			return
		}
		b, err := Check(cat, "s20", ranking)
		if err != nil {
			if _, ok := problem.As(err); !ok {
				t.Fatalf("check: not a problem: %v", err)
			}
			return
		}
		seen := map[string]bool{}
		for _, it := range b {
			if it == nil {
				continue
			}
			if it.IsSeason || it.SeasonID != "s20" || seen[it.ID] {
				t.Fatalf("ballot breaks a rule: %+v", it)
			}
			seen[it.ID] = true
		}
		if len(b) != Slots {
			t.Fatalf("%d slots", len(b))
		}
	})
}
