package server

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func TestHomeShowsANewListAtOnce(t *testing.T) {
	ts := newEnv(t)
	c, u := ts.signedIn(t, "Parvati")
	var before struct{ Recent []struct{ Name string } }
	call(t, c, "GET", ts.URL+"/api/home", nil, &before)
	if len(before.Recent) != 0 {
		t.Fatalf("recent before: %+v", before.Recent)
	}
	if res := call(t, c, "POST", ts.URL+"/api/lists", map[string]any{
		"name": "Fresh off the boat", "contestants": []map[string]any{{"id": "s1", "isSeason": true}},
	}, nil); res.StatusCode != 201 {
		t.Fatalf("create: %d", res.StatusCode)
	}
	var after struct{ Recent []struct{ Name string } }
	call(t, nil, "GET", ts.URL+"/api/home", nil, &after)
	if len(after.Recent) != 1 || after.Recent[0].Name != "Fresh off the boat" {
		t.Fatalf("recent after %s saved a list: %+v", u.DisplayName, after.Recent)
	}
}

// A list page is shared between visitors for a moment, yet an edit, an upvote or a
// switch to private through the server shows on the next read.
func TestListPageShowsChangesAtOnce(t *testing.T) {
	ts := newEnv(t)
	owner, u := ts.signedIn(t, "Parvati")
	voter, _ := ts.signedIn(t, "Sandra")
	body := map[string]any{"name": "Heroes", "isPublic": true,
		"contestants": []map[string]any{{"id": "s1", "isSeason": true}}}
	var made struct{ ID string }
	if res := call(t, owner, "POST", ts.URL+"/api/lists", body, &made); res.StatusCode != 201 {
		t.Fatalf("create: %d", res.StatusCode)
	}
	url := ts.URL + "/api/lists/" + u.ID + "/" + made.ID
	var got struct {
		Name        string
		UpvoteCount int
	}
	if res := call(t, nil, "GET", url, nil, &got); res.StatusCode != 200 || got.Name != "Heroes" {
		t.Fatalf("first read: %d %+v", res.StatusCode, got)
	}

	if res := call(t, voter, "PUT", url+"/upvote", nil, nil); res.StatusCode >= 300 {
		t.Fatalf("upvote: %d", res.StatusCode)
	}
	if call(t, nil, "GET", url, nil, &got); got.UpvoteCount != 1 {
		t.Fatalf("after an upvote: %+v", got)
	}

	body["name"], body["isPublic"] = "Villains", false
	if res := call(t, owner, "PUT", url, body, nil); res.StatusCode != 200 {
		t.Fatalf("edit: %d", res.StatusCode)
	}
	if res := call(t, nil, "GET", url, nil, nil); res.StatusCode != 404 {
		t.Fatalf("a visitor after the list went private: %d, want 404", res.StatusCode)
	}
	if res := call(t, owner, "GET", url, nil, &got); res.StatusCode != 200 || got.Name != "Villains" {
		t.Fatalf("the owner after the edit: %d %+v", res.StatusCode, got)
	}
}

// Only a write that changed something drops the shared reads: 600 anonymous sign-outs,
// posts to paths no route takes, refused, limited and failed writes and a signed-in
// write that changes nothing shared, between 1,200 home and browse reads, send not one
// of those reads to the database; a list saved next is on both at once.
func TestSharedReadsOutlastWritesThatChangeNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		// Shared for an hour, so every read that goes to the database is one a write caused.
		e := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_SHARED_READS": "1h"})
		fan, _ := e.signedIn(t, "Fan")
		junk, _ := e.signedIn(t, "Junk")
		if s := callStatus(t, fan, "POST", e.URL+"/api/lists", newListBody("Before", "parvati-shallow"), nil); s != 201 {
			t.Fatalf("save: %d", s)
		}
		reads := func() (home, browse string) {
			var h struct{ Recent []struct{ Name string } }
			if s := callStatus(t, nil, "GET", e.URL+"/api/home", nil, &h); s != 200 {
				t.Fatalf("home: %d", s)
			}
			for _, l := range h.Recent {
				home += l.Name + ","
			}
			return home, e.browseNames(t, nil, "")
		}
		reads()
		before := sharedLoads(t, e)

		nowhere := e.URL + "/api/lists/nobody/list_1/upvote"
		writes := []struct {
			c            *http.Client
			method, path string
			body         any
			ok           func(int) bool
		}{
			{nil, "POST", "/api/auth/logout", nil, func(s int) bool { return s == 204 }},
			{nil, "POST", "/api/no-such-path", nil, func(s int) bool { return s == 404 }},
			{nil, "POST", "/no-such-page", nil, func(s int) bool { return s == 405 }},
			{nil, "POST", "/api/lists", newListBody("Anonymous"), func(s int) bool { return s == 401 }},
			{junk, "POST", "/api/lists", map[string]any{"name": 7}, func(s int) bool { return s == 400 || s == 429 }},
			{junk, "PUT", nowhere[len(e.URL):], nil, func(s int) bool { return s == 404 || s == 429 }},
			{junk, "POST", "/api/notifications/read-all", nil, func(s int) bool { return s == 200 }},
		}
		for i := range 600 {
			w := writes[i%len(writes)]
			if s := callStatus(t, w.c, w.method, e.URL+w.path, w.body, nil); !w.ok(s) {
				t.Fatalf("%s %s: %d", w.method, w.path, s)
			}
			reads()
		}
		if n := sharedLoads(t, e) - before; n != 0 {
			t.Errorf("600 writes that changed nothing sent %d shared reads to the database, want 0", n)
		}

		if s := callStatus(t, fan, "POST", e.URL+"/api/lists", newListBody("After", "parvati-shallow"), nil); s != 201 {
			t.Fatalf("save: %d", s)
		}
		if home, browse := reads(); home != "After,Before," || browse != "After,Before" {
			t.Errorf("after a save: home %q, browse %q", home, browse)
		}
	})
}

// sharedLoads reads castaway_shared_read_loads_total from /metrics.
func sharedLoads(t *testing.T, e *testEnv) int {
	t.Helper()
	res := get(t, e.URL+"/metrics", nil)
	body, _ := io.ReadAll(res.Body)
	for line := range strings.Lines(string(body)) {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "castaway_shared_read_loads_total "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("metric %q: %v", line, err)
			}
			return int(n)
		}
	}
	t.Fatalf("no castaway_shared_read_loads_total in /metrics")
	return 0
}
