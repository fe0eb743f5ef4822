package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// What a search shows a visitor (its lists, their order, the total, whether it is capped, the
// cursor and the page after it) depends on no list the visitor cannot see: an attacker's
// own lists holding a word, all but a few private, fill the search's candidates to the brim,
// and a victim's private list holding the word then changes nothing, whether saved private,
// made private, hidden by a moderator, renamed along with its owner, deleted or taken away
// with its owner's account. `castaway verify` finds the index as every write leaves it.
func TestSearchSeesOnlyPublicLists(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			ctx := context.Background()
			e := newEnvOn(t, engine.Open(t))
			_, attacker := e.signedIn(t, "Attacker")
			victim, victimUser := e.signedIn(t, "Victim")
			fan, _ := e.signedIn(t, "Fan")
			admin, adminUser := e.signedIn(t, "Admin")
			if err := e.store.SetAdmin(ctx, adminUser.Email, true); err != nil {
				t.Fatal(err)
			}
			// As many lists holding the word as a search considers, every 76th public: 14
			// public, so the first page has a cursor.
			const public = 14
			batch := &store.DemoBatch{}
			t0 := time.Now().Add(-time.Hour)
			for i := range store.SearchCandidates {
				at := t0.Add(time.Duration(i) * time.Millisecond)
				batch.Lists = append(batch.Lists, store.DemoList{UserID: attacker.ID, ID: fmt.Sprintf("list_%d", i),
					Name: fmt.Sprintf("Zyzzogeton %d", i), IsPublic: i%76 == 0, CreatedAt: at, UpdatedAt: at})
			}
			if err := e.store.InsertImportBatch(ctx, batch); err != nil {
				t.Fatal(err)
			}
			if err := e.store.RebuildAggregates(ctx); err != nil {
				t.Fatal(err)
			}

			type page struct {
				Lists         []struct{ ID string }
				Total         int
				TotalIsCapped bool
				NextCursor    string
			}
			// seen is what a visitor's search shows, in every order: the first page and the next.
			seen := func(step string, total int) string {
				t.Helper()
				var out string
				for _, sort := range []string{"newest", "mostVotes", "oldest"} {
					query := "/api/lists?q=zyzzogeton&sort=" + sort
					var first page
					res := get(t, e.URL+query, nil)
					raw := readAll(t, res)
					if res.StatusCode != 200 || json.Unmarshal([]byte(raw), &first) != nil {
						t.Fatalf("%s: %s: %d %s", step, query, res.StatusCode, raw)
					}
					if first.Total != total || first.TotalIsCapped || len(first.Lists) != lists.BrowsePageSize || first.NextCursor == "" {
						t.Errorf("%s: %s: total %d (capped %v), %d lists, cursor %q; want total %d", step, query,
							first.Total, first.TotalIsCapped, len(first.Lists), first.NextCursor, total)
					}
					next := get(t, e.URL+query+"&cursor="+url.QueryEscape(first.NextCursor), nil)
					out += fmt.Sprintf("%s %s\n%s %d %s\n", query, raw, first.NextCursor, next.StatusCode, readAll(t, next))
				}
				if diffs, err := e.store.VerifyAggregates(ctx); err != nil || len(diffs) > 0 {
					t.Errorf("%s: verify: %v %v", step, diffs, err)
				}
				return out
			}
			before := seen("the attacker's lists", public)
			unchanged := func(step string) {
				t.Helper()
				if got := seen(step, public); got != before {
					t.Errorf("%s changed what a visitor sees:\n%s\nwas\n%s", step, got, before)
				}
			}

			body := newListBody("Zyzzogeton secrets", "parvati-shallow")
			body["isPublic"] = false
			if s := callStatus(t, victim, "POST", e.URL+"/api/lists", body, nil); s != 201 {
				t.Fatalf("save a private list: %d", s)
			}
			unchanged("a victim's private list")

			var l struct{ ID string }
			body = newListBody("Zyzzogeton for all", "parvati-shallow")
			if s := callStatus(t, victim, "POST", e.URL+"/api/lists", body, &l); s != 201 {
				t.Fatalf("save a public list: %d", s)
			}
			listURL := e.URL + "/api/lists/" + victimUser.ID + "/" + l.ID
			seen("a victim's public list", public+1)
			body["isPublic"] = false
			if s := callStatus(t, victim, "PUT", listURL, body, nil); s != 200 {
				t.Fatalf("make it private: %d", s)
			}
			unchanged("a list made private")
			body["isPublic"] = true
			if s := callStatus(t, victim, "PUT", listURL, body, nil); s != 200 {
				t.Fatalf("make it public: %d", s)
			}
			seen("a list made public again", public+1)

			if s := callStatus(t, fan, "POST", e.URL+"/api/reports", map[string]any{"targetType": "list",
				"userId": victimUser.ID, "listId": l.ID, "reason": "spam"}, nil); s != 204 {
				t.Fatalf("report: %d", s)
			}
			moderate := func(action string) {
				t.Helper()
				if s := callStatus(t, admin, "POST", e.URL+"/api/moderation/actions", map[string]any{"action": action,
					"targetType": "list", "userId": victimUser.ID, "listId": l.ID}, nil); s != 200 {
					t.Fatalf("%s: %d", action, s)
				}
			}
			moderate("hide")
			unchanged("a hidden list")
			if s := callStatus(t, victim, "PATCH", e.URL+"/api/me", map[string]any{"displayName": "Victor"}, nil); s != 200 {
				t.Fatalf("rename: %d", s)
			}
			unchanged("its owner renamed")
			moderate("restore")
			seen("a restored list", public+1)
			if s := callStatus(t, victim, "DELETE", listURL, nil, nil); s != 204 {
				t.Fatalf("delete: %d", s)
			}
			unchanged("a deleted list")
			if s := callStatus(t, victim, "DELETE", e.URL+"/api/me", map[string]any{"confirm": "Victor"}, nil); s != 204 {
				t.Fatalf("delete the account: %d", s)
			}
			unchanged("a deleted account")
		})
	}
}
