package lists

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"castaway/internal/catalog"
	"castaway/internal/problem"
)

// Whatever a client sends as a list, validation answers a problem or content that keeps
// every rule: never a panic, never an unknown catalog id, never an over-long field.
func FuzzValidateList(f *testing.F) {
	cat := catalog.MustLoad()
	for _, seed := range []string{
		`{"Name":"Heroes","Items":[{"ID":"s45","IsSeason":true}]}`,
		`{"Name":"Mixed","Items":[{"ID":"s45","IsSeason":true},{"ID":"parvati-shallow"}]}`,
		`{"Name":"","Items":[]}`,
		`{"Name":"` + strings.Repeat("x", 60) + `","Items":[{"ID":"s1","IsSeason":true}]}`,
		`{"Name":"Notes","Items":[{"ID":"s1","IsSeason":true,"Note":"why\u0007"}]}`,
		`{"Name":"Dupes","Items":[{"ID":"s1","IsSeason":true},{"ID":"s1","IsSeason":true}],"Tags":["spoiler","nope"]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var in Input
		if json.Unmarshal(raw, &in) != nil {
			return
		}
		c, err := ValidateList(cat, in)
		if err != nil {
			if _, ok := problem.As(err); !ok {
				t.Fatalf("not a problem: %v", err)
			}
			return
		}
		if c.Name == "" || utf8.RuneCountInString(c.Name) > 50 || utf8.RuneCountInString(c.Description) > 200 || len(c.Items) == 0 {
			t.Fatalf("content breaks a rule: %+v", c)
		}
		seen := map[string]bool{}
		for _, it := range c.Items {
			if it.IsSeason != c.Items[0].IsSeason || it.Name == "" || seen[it.ID] {
				t.Fatalf("items break a rule: %+v", c.Items)
			}
			seen[it.ID] = true
		}
	})
}
