package importer

import (
	"bytes"
	"os"
	"testing"
	"time"
	"unicode/utf8"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/lists"
	"castaway/internal/store"
)

// FuzzParse: whatever the file holds, reading and planning it never panics, and what
// the plan would write keeps castaway's rules. Seeds: the sample export, and the
// corpus in testdata/fuzz/FuzzParse (odd timestamps, wrong types, the malformed ballot).
func FuzzParse(f *testing.F) {
	data, err := os.ReadFile("testdata/firestore-export.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	cat := catalog.MustLoad()
	state := &store.ImportState{Imported: map[store.Imported]bool{}, Users: map[string]bool{}, NameKeys: map[string]string{},
		EmailKeys: map[string]string{}, Lists: map[[2]string]bool{}, Comments: map[string]store.ImportedComment{},
		Polls: map[string]string{"season-48": "s48"}, LegacyEmpty: true}
	f.Fuzz(func(t *testing.T, data []byte) {
		exp, err := Parse(bytes.NewReader(data))
		if err != nil {
			return
		}
		var units []store.DemoBatch
		Plan(exp, cat, state, time.Unix(1767225600, 0), func(u store.DemoBatch) { units = append(units, u) })
		names := map[string]bool{}
		for _, u := range units {
			for _, usr := range u.Users {
				key := auth.NameKey(usr.DisplayName)
				if usr.DisplayName == "" || names[key] || utf8.RuneCountInString(usr.DisplayName) > 30 || !validID(usr.ID) {
					t.Fatalf("user %+v breaks the rules", usr)
				}
				names[key] = true
			}
			for _, l := range u.Lists {
				if l.Name == "" || utf8.RuneCountInString(l.Name) > lists.MaxNameLength || len(l.Items) == 0 || len(l.Items) > lists.MaxItems {
					t.Fatalf("list %+v breaks the rules", l)
				}
				for _, it := range l.Items {
					if it.IsSeason != l.IsSeason {
						t.Fatalf("list %s mixes kinds", l.ID)
					}
				}
			}
			for _, c := range u.Comments {
				if c.Text == "" || utf8.RuneCountInString(c.Text) > MaxCommentLength {
					t.Fatalf("comment %+v breaks the rules", c)
				}
			}
			for _, b := range u.Ballots {
				if len(b.Ranking) != 10 {
					t.Fatalf("ballot %+v is not 10 slots", b)
				}
			}
		}
	})
}
