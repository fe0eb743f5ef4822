package server

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"castaway/internal/auth"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Renames are limited as every write is: 20 an hour per account, 60 per client, the one
// past either refused with 429 and Retry-After, and no name changed by it.
func TestRenamesAreLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		rename := func(c *http.Client, name string) *http.Response {
			return call(t, c, "PATCH", e.URL+"/api/me", map[string]any{"displayName": name}, nil)
		}
		refused := func(res *http.Response, who string) {
			t.Helper()
			if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
				t.Fatalf("%s: %d (Retry-After %q), want 429 with Retry-After", who, res.StatusCode, res.Header.Get("Retry-After"))
			}
		}
		var clients []*http.Client
		for i := range 4 { // one to fill its own limit, three to fill the client's
			c, _ := e.signedIn(t, fmt.Sprintf("Fan%d", i))
			clients = append(clients, c)
		}
		for i := range auth.RenamePerUser.Max {
			if res := rename(clients[0], fmt.Sprintf("First %d", i)); res.StatusCode != 200 {
				t.Fatalf("rename %d: %d", i+1, res.StatusCode)
			}
		}
		refused(rename(clients[0], "One Too Many"), "a 21st rename by one account within the hour")
		var me struct{ DisplayName string }
		if call(t, clients[0], "GET", e.URL+"/api/me", nil, &me); me.DisplayName != "First 19" {
			t.Fatalf("name after the refused rename: %q", me.DisplayName)
		}
		// The client's limit holds across accounts: three more, taking turns, are refused
		// once the client has made its 60 (none of them near its own 20).
		made := auth.RenamePerUser.Max
		for i := 0; ; i++ {
			res := rename(clients[1+i%3], fmt.Sprintf("Other %d", i))
			if res.StatusCode != 200 {
				refused(res, fmt.Sprintf("a rename from a client that made %d", made))
				break
			}
			if made++; made > auth.RenamePerClient.Max {
				t.Fatalf("%d renames from one client allowed, want at most %d", made, auth.RenamePerClient.Max)
			}
		}
	})
}

// A rename to the name one has already (as given, or as it is stored once trimmed) changes
// nothing: the shared reads are kept and the threads one wrote in are not renewed. A real
// rename shows on the next read.
func TestSameNameRenameKeepsSharedReads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_SHARED_READS": "1h"})
		fan, u := e.signedIn(t, "Fan")
		var made struct{ ID string }
		body := newListBody("Heroes", "parvati-shallow")
		body["isPublic"] = true
		if s := callStatus(t, fan, "POST", e.URL+"/api/lists", body, &made); s != 201 {
			t.Fatalf("save: %d", s)
		}
		if s := callStatus(t, fan, "POST", e.URL+"/api/lists/"+u.ID+"/"+made.ID+"/comments", map[string]any{"text": "mine"}, nil); s != 201 {
			t.Fatalf("comment: %d", s)
		}
		author := func() string {
			var h struct{ Recent []struct{ UserName string } }
			if s := callStatus(t, nil, "GET", e.URL+"/api/home", nil, &h); s != 200 || len(h.Recent) != 1 {
				t.Fatalf("home: %d %+v", s, h)
			}
			return h.Recent[0].UserName
		}
		threadVersion := func() (v int) {
			if err := st.DB().QueryRowContext(context.Background(), `SELECT thread_version FROM lists WHERE user_id = $1 AND id = $2`, u.ID, made.ID).Scan(&v); err != nil {
				t.Fatal(err)
			}
			return v
		}
		author()
		loads, version := sharedLoads(t, e), threadVersion()
		for _, name := range []string{"Fan", "  Fan  ", "Fan"} {
			if s := callStatus(t, fan, "PATCH", e.URL+"/api/me", map[string]any{"displayName": name}, nil); s != 200 {
				t.Fatalf("rename to %q: %d", name, s)
			}
			author()
		}
		if n := sharedLoads(t, e) - loads; n != 0 {
			t.Errorf("renames to the same name sent %d shared reads to the database, want 0", n)
		}
		if v := threadVersion(); v != version {
			t.Errorf("renames to the same name renewed the threads the fan wrote in (version %d, was %d)", v, version)
		}
		if s := callStatus(t, fan, "PATCH", e.URL+"/api/me", map[string]any{"displayName": "Fan Renamed"}, nil); s != 200 {
			t.Fatalf("rename: %d", s)
		}
		if got := author(); got != "Fan Renamed" {
			t.Errorf("home after a rename names %q", got)
		}
		if v := threadVersion(); v == version {
			t.Errorf("a rename left the threads the fan wrote in as they were")
		}
	})
}

// Follows and upvotes that find things as they would leave them (a second follow, an
// unfollow of a fan not followed, a second upvote, taking back an upvote never given)
// answer as before and keep the shared reads.
func TestRepeatedMarksKeepSharedReads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_SHARED_READS": "1h"})
		fan, _ := e.signedIn(t, "Fan")
		_, owner := e.signedIn(t, "Owner")
		list := e.makeCommunityList(t, owner.ID, "list_1", "Heroes", true)
		following := e.URL + "/api/me/following/" + owner.ID
		steps := []struct {
			method, url string
			status      int
			changes     bool
		}{
			{"PUT", following, 204, true},
			{"PUT", following, 204, false},
			{"DELETE", following, 204, true},
			{"DELETE", following, 204, false},
			{"PUT", list + "/upvote", 200, true},
			{"PUT", list + "/upvote", 200, false},
			{"DELETE", list + "/upvote", 200, true},
			{"DELETE", list + "/upvote", 200, false},
		}
		for _, s := range steps {
			e.browseNames(t, nil, "")
			loads := sharedLoads(t, e)
			if got := callStatus(t, fan, s.method, s.url, nil, nil); got != s.status {
				t.Fatalf("%s %s: %d, want %d", s.method, s.url[len(e.URL):], got, s.status)
			}
			e.browseNames(t, nil, "")
			if dropped := sharedLoads(t, e) > loads; dropped != s.changes {
				t.Errorf("%s %s dropped the shared reads: %v, want %v", s.method, s.url[len(e.URL):], dropped, s.changes)
			}
		}
	})
}
