package server

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/store/storetest"
)

type apiErr struct {
	Error struct{ Code, Message, Field string }
}

func newListBody(name string, ids ...string) map[string]any {
	items := []map[string]any{}
	for _, id := range ids {
		items = append(items, map[string]any{"id": id, "isSeason": strings.HasPrefix(id, "s") && len(id) <= 3})
	}
	return map[string]any{"name": name, "contestants": items}
}

func TestListLifecycleAndOwnership(t *testing.T) {
	e := newEnv(t)
	owner, ou := e.signedIn(t, "Owner")
	other, _ := e.signedIn(t, "Other")

	var l api.RankedList
	body := newListBody("  My Heroes ", "parvati-shallow", "tom-westman")
	body["tags"] = []string{"spoiler", "survivor-ranking"}
	body["contestants"].([]map[string]any)[0]["seasonId"] = "s20"
	if st := callStatus(t, owner, "POST", e.URL+"/api/lists", body, &l); st != http.StatusCreated {
		t.Fatalf("create: %d", st)
	}
	if !strings.HasPrefix(l.Id, "list_") || l.Name != "My Heroes" || l.UserId != ou.ID || l.UserName != "Owner" || !l.IsPublic ||
		len(l.Contestants) != 2 || l.Contestants[0].ImageUrl != "/media/contestants/s20/parvati" || l.Contestants[1].Name != "Tom Westman" {
		t.Fatalf("created %+v", l)
	}
	if strings.Join(l.Tags, ",") != "spoiler,survivor-ranking" {
		t.Errorf("tags %v", l.Tags)
	}
	url := e.URL + "/api/lists/" + ou.ID + "/" + l.Id

	// Anyone can read a public list.
	var read api.RankedList
	if st := callStatus(t, nil, "GET", url, nil, &read); st != 200 || read.Name != "My Heroes" || read.UpvotedByMe || read.FavoritedByMe {
		t.Fatalf("public read: %d %+v", st, read)
	}

	// Others may neither change nor delete it.
	var e1 apiErr
	if st := callStatus(t, other, "PUT", url, newListBody("Mine now", "tom-westman"), &e1); st != http.StatusForbidden {
		t.Errorf("other's PUT: %d", st)
	}
	if st := callStatus(t, other, "DELETE", url, nil, &e1); st != http.StatusForbidden {
		t.Errorf("other's DELETE: %d", st)
	}
	if st := callStatus(t, nil, "PUT", url, newListBody("x", "tom-westman"), &e1); st != 401 || e1.Error.Message != "You must be signed in to save a list." {
		t.Errorf("signed-out PUT: %d %+v", st, e1)
	}

	// The owner makes it private: now only they can see it.
	upd := newListBody("Secret", "s20", "s45")
	upd["isPublic"] = false
	nextMilli()
	var saved api.RankedList
	if st := callStatus(t, owner, "PUT", url, upd, &saved); st != 200 {
		t.Fatalf("owner PUT: %d", st)
	}
	if saved.IsPublic || !saved.CreatedAt.Equal(l.CreatedAt) || !saved.UpdatedAt.After(l.UpdatedAt) ||
		strings.Join(saved.Tags, ",") != "season-ranking" || saved.Contestants[0].ImageUrl != "/media/seasons/20" {
		t.Errorf("saved %+v", saved)
	}
	for name, c := range map[string]*http.Client{"signed out": nil, "other user": other} {
		// With no other list to show, the owner looks like someone with no lists at all.
		var e2 apiErr
		if st := callStatus(t, c, "GET", url, nil, &e2); st != 404 || e2.Error.Code != "no_lists" || e2.Error.Message != "No lists found for this user" {
			t.Errorf("%s reading a private list: %d %+v", name, st, e2)
		}
	}
	if st := callStatus(t, owner, "POST", e.URL+"/api/lists", newListBody("Public one", "s1"), nil); st != 201 {
		t.Fatalf("second list: %d", st)
	}
	for name, c := range map[string]*http.Client{"signed out": nil, "other user": other} {
		var e2 apiErr
		if st := callStatus(t, c, "GET", url, nil, &e2); st != 404 || e2.Error.Code != "list_not_found" || e2.Error.Message != "List not found" {
			t.Errorf("%s reading a private list: %d %+v", name, st, e2)
		}
	}
	if st := callStatus(t, owner, "GET", url, nil, &read); st != 200 || read.Name != "Secret" {
		t.Errorf("owner reading private list: %d", st)
	}

	if st := callStatus(t, owner, "DELETE", url, nil, nil); st != http.StatusNoContent {
		t.Fatalf("delete: %d", st)
	}
	var e3 apiErr
	if st := callStatus(t, owner, "PUT", url, newListBody("again", "tom-westman"), &e3); st != 404 || e3.Error.Message != "List not found. It may have been deleted." {
		t.Errorf("PUT after delete: %d %+v", st, e3)
	}
	if st := callStatus(t, owner, "DELETE", url, nil, &e3); st != 404 {
		t.Errorf("second delete: %d", st)
	}
	if st := callStatus(t, nil, "GET", e.URL+"/api/lists/nobody/"+l.Id, nil, &e3); st != 404 || e3.Error.Code != "user_not_found" || e3.Error.Message != "User not found" {
		t.Errorf("unknown user: %d %+v", st, e3)
	}
}

func TestListValidationMessages(t *testing.T) {
	e := newEnv(t)
	c, _ := e.signedIn(t, "Maker")
	cases := []struct {
		name   string
		body   any
		status int
		msg    string
	}{
		{"no name", newListBody(" ", "tom-westman"), 400, "Please enter a name for your list"},
		{"long name", newListBody(strings.Repeat("n", 51), "tom-westman"), 400, "List name must be 50 characters or fewer."},
		{"mixed", newListBody("Mix", "s20", "tom-westman"), 400, "Cannot mix seasons and contestants."},
		{"duplicate", newListBody("Dup", "tom-westman", "tom-westman"), 400, "Tom Westman is already in your list."},
		{"unknown contestant", newListBody("Who", "jeff-probst-jr"), 400, `Unknown contestant "jeff-probst-jr".`},
		{"empty", newListBody("Empty"), 400, "Add at least one contestant or season to your list."},
		{"bad tag", map[string]any{"name": "T", "tags": []string{"drama"}, "contestants": []map[string]any{{"id": "tom-westman", "isSeason": false}}}, 400, `Unknown tag "drama".`},
		{"not json", "just a string", 400, "The request body is not valid JSON."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got apiErr
			if st := callStatus(t, c, "POST", e.URL+"/api/lists", tc.body, &got); st != tc.status || got.Error.Message != tc.msg {
				t.Errorf("%d %+v, want %d %q", st, got, tc.status, tc.msg)
			}
		})
	}
	var got apiErr
	if st := callStatus(t, nil, "POST", e.URL+"/api/lists", newListBody("x", "tom-westman"), &got); st != 401 || got.Error.Message != "You must be signed in to save a list." {
		t.Errorf("signed out: %d %+v", st, got)
	}
}

func TestDrafts(t *testing.T) {
	e := newEnv(t)
	c, _ := e.signedIn(t, "Drafter")
	url := e.URL + "/api/me/draft"
	if st := callStatus(t, c, "GET", url, nil, nil); st != http.StatusNoContent {
		t.Fatalf("no draft: %d", st)
	}
	var d api.Draft
	body := map[string]any{"name": "", "tags": []string{"social"}, "contestants": []map[string]any{{"id": "sandra-diaz-twine", "isSeason": false}}}
	if st := callStatus(t, c, "PUT", url, body, &d); st != 200 || d.Contestants[0].Name != "Sandra Diaz-Twine" || d.UpdatedAt.IsZero() || !d.IsPublic {
		t.Fatalf("save: %d %+v", st, d)
	}
	body["isPublic"] = false
	callStatus(t, c, "PUT", url, body, nil)
	var back api.Draft
	if st := callStatus(t, c, "GET", url, nil, &back); st != 200 || len(back.Contestants) != 1 || strings.Join(back.Tags, ",") != "social,survivor-ranking" || back.IsPublic {
		t.Fatalf("read back: %d %+v", st, back)
	}
	var bad apiErr
	if st := callStatus(t, c, "PUT", url, map[string]any{"description": strings.Repeat("d", 201)}, &bad); st != 400 || bad.Error.Message != "Description must be 200 characters or fewer." {
		t.Errorf("long description: %d %+v", st, bad)
	}
	// Saving a list clears the draft.
	if st := callStatus(t, c, "POST", e.URL+"/api/lists", newListBody("Done", "sandra-diaz-twine"), nil); st != 201 {
		t.Fatalf("save list: %d", st)
	}
	if st := callStatus(t, c, "GET", url, nil, nil); st != http.StatusNoContent {
		t.Errorf("draft after saving a list: %d", st)
	}
	callStatus(t, c, "PUT", url, body, nil)
	if st := callStatus(t, c, "DELETE", url, nil, nil); st != http.StatusNoContent {
		t.Errorf("delete: %d", st)
	}
	if st := callStatus(t, c, "GET", url, nil, nil); st != http.StatusNoContent {
		t.Errorf("after delete: %d", st)
	}
	if st := callStatus(t, nil, "GET", url, nil, &bad); st != 401 || bad.Error.Message != "You must be signed in to keep a draft." {
		t.Errorf("signed out: %d %+v", st, bad)
	}
}

func TestProfilesAndUserLists(t *testing.T) {
	e := newEnv(t)
	c, u := e.signedIn(t, "Ranker")
	callStatus(t, c, "POST", e.URL+"/api/lists", newListBody("Public one", "tom-westman"), nil)
	private := newListBody("Private one", "s1")
	private["isPublic"] = false
	nextMilli()
	callStatus(t, c, "POST", e.URL+"/api/lists", private, nil)

	var p api.PublicProfile
	if st := callStatus(t, nil, "GET", e.URL+"/api/users/"+u.ID, nil, &p); st != 200 ||
		p != (api.PublicProfile{Id: u.ID, DisplayName: "Ranker", IdolsFound: 0, ListCount: 1}) {
		t.Errorf("profile: %d %+v", st, p)
	}
	var mine, theirs api.UserLists
	callStatus(t, c, "GET", e.URL+"/api/users/"+u.ID+"/lists", nil, &mine)
	callStatus(t, nil, "GET", e.URL+"/api/users/"+u.ID+"/lists", nil, &theirs)
	if len(mine.Lists) != 2 || mine.Lists[0].Name != "Private one" || len(theirs.Lists) != 1 || theirs.Lists[0].Name != "Public one" {
		t.Errorf("owner sees %+v, others see %+v", mine.Lists, theirs.Lists)
	}
	if len(theirs.Lists[0].TopItems) != 1 || theirs.Lists[0].ContestantCount != 1 {
		t.Errorf("summary %+v", theirs.Lists[0])
	}
	var e1 apiErr
	for _, path := range []string{"/api/users/nobody", "/api/users/nobody/lists"} {
		if st := callStatus(t, nil, "GET", e.URL+path, nil, &e1); st != 404 || e1.Error.Message != "User not found" {
			t.Errorf("%s: %d %+v", path, st, e1)
		}
	}
}

func TestBrowseAndHomeHTTP(t *testing.T) {
	e := newEnv(t)
	c, _ := e.signedIn(t, "Browser")
	for i, name := range []string{"Alpha", "Beta", "Gamma"} {
		b := newListBody(name, "tom-westman")
		if i == 1 {
			b = newListBody(name, "s20")
			b["tags"] = []string{"strategic"}
		}
		if st := callStatus(t, c, "POST", e.URL+"/api/lists", b, nil); st != 201 {
			t.Fatalf("create %s: %d", name, st)
		}
		nextMilli()
	}
	var page api.ListPage
	if st := callStatus(t, nil, "GET", e.URL+"/api/lists?type=season&tag=strategic&sort=oldest&q=BETA", nil, &page); st != 200 ||
		len(page.Lists) != 1 || page.Lists[0].Name != "Beta" || page.Total != 1 || page.TotalPages != 1 || page.PageSize != 12 || page.Page != 1 {
		t.Errorf("browse: %d %+v", st, page)
	}
	if st := callStatus(t, nil, "GET", e.URL+"/api/lists?q=westman&sort=oldest", nil, &page); st != 200 || len(page.Lists) != 2 || page.Lists[0].Name != "Alpha" {
		t.Errorf("search by item: %d %+v", st, page)
	}
	for _, bad := range []string{"type=movies", "sort=best", "tag=drama", "page=0", "page=two"} {
		var e1 apiErr
		if st := callStatus(t, nil, "GET", e.URL+"/api/lists?"+bad, nil, &e1); st != 400 || e1.Error.Message == "" {
			t.Errorf("%s: %d %+v", bad, st, e1)
		}
	}
	var h api.HomeLists
	if st := callStatus(t, nil, "GET", e.URL+"/api/home", nil, &h); st != 200 || len(h.Recent) != 3 || h.Recent[0].Name != "Gamma" ||
		h.Favorites == nil || len(h.Favorites) != 0 || h.TopThisWeek == nil {
		t.Errorf("home: %d %+v", st, h)
	}
}

// TestIdolSearch runs with CASTAWAY_IDOL_CHANCE=1, the test seam, so every search
// within the limits finds one (the 5% odds are tested in internal/lists).
func TestIdolSearch(t *testing.T) {
	e := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{"CASTAWAY_IDOL_CHANCE": "1"})
	c, u := e.signedIn(t, "Hunter")
	var e1 apiErr
	search := func(c *http.Client) api.IdolSearchResult {
		t.Helper()
		var r api.IdolSearchResult
		if st := callStatus(t, c, "POST", e.URL+"/api/me/idols/search", map[string]string{"seasonId": "s45"}, &r); st != 200 {
			t.Fatalf("search: %d", st)
		}
		return r
	}
	if st := callStatus(t, nil, "POST", e.URL+"/api/me/idols/search", map[string]string{"seasonId": "s45"}, &e1); st != 401 {
		t.Errorf("signed out: %d", st)
	}
	if st := callStatus(t, c, "POST", e.URL+"/api/me/idols/search", map[string]string{"seasonId": "s99"}, &e1); st != 400 {
		t.Errorf("unknown season: %d", st)
	}

	// Concurrent finds each count once.
	const burst = 10
	var wg sync.WaitGroup
	totals := make(chan int, burst)
	for range burst {
		wg.Go(func() { totals <- search(c).IdolsFound })
	}
	wg.Wait()
	close(totals)
	seen := map[int]bool{}
	for n := range totals {
		seen[n] = true
	}
	if len(seen) != burst || !seen[1] || !seen[burst] {
		t.Errorf("concurrent finds answered totals %v", seen)
	}

	// Up to the per-account limit every search finds; past it, found: false and no error.
	for want := burst + 1; want <= lists.IdolSearchPerUser.Max; want++ {
		if r := search(c); !r.Found || r.IdolsFound != want {
			t.Fatalf("search %d: %+v", want, r)
		}
	}
	for range 3 {
		if r := search(c); r.Found || r.IdolsFound != lists.IdolSearchPerUser.Max {
			t.Fatalf("over the limit: %+v", r)
		}
	}
	var p api.PublicProfile
	callStatus(t, nil, "GET", e.URL+"/api/users/"+u.ID, nil, &p)
	if p.IdolsFound != lists.IdolSearchPerUser.Max {
		t.Errorf("profile idols %d, want %d", p.IdolsFound, lists.IdolSearchPerUser.Max)
	}
	// Another account on the same client still finds, until the client's own limit.
	other, _ := e.signedIn(t, "Second")
	if r := search(other); !r.Found || r.IdolsFound != 1 {
		t.Errorf("another account: %+v", r)
	}
}
