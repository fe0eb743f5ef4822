package server

import (
	"net/http"
	"testing"

	"castaway/internal/follows"
	"castaway/internal/store/storetest"
)

type profileJSON struct {
	FollowerCount, FollowingCount int
	FollowedByMe                  bool
}

type feedJSON struct {
	Lists []struct {
		ID, UserID, Name string
	}
	NextCursor     string
	FollowingCount int
}

func (e *testEnv) profileOf(t *testing.T, c *http.Client, userID string) profileJSON {
	t.Helper()
	var p profileJSON
	if s := callStatus(t, c, "GET", e.URL+"/api/users/"+userID, nil, &p); s != 200 {
		t.Fatalf("profile: %d", s)
	}
	return p
}

// Following over HTTP: refused for oneself, nobody and a suspended or blocking fan with a
// clear 4xx; counts and followedByMe on the user page; the followed fan hears once; a
// list the followed fan publishes reaches the follower's feed and inbox (unless they
// turned that off); unfollowing empties the feed and following again fills it.
func TestFollowingEndpoints(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			e := newEnvOn(t, engine.Open(t))
			ann, annUser := e.signedIn(t, "Ann")
			ben, benUser := e.signedIn(t, "Ben")
			cat, catUser := e.signedIn(t, "Cat")
			following := e.URL + "/api/me/following/"

			for _, c := range []struct {
				url    string
				status int
				msg    string
			}{
				{following + annUser.ID, 400, "You cannot follow yourself."},
				{following + "nobody", 404, "User not found"},
			} {
				if s, msg := communityErr(t, ann, "PUT", c.url, nil); s != c.status || msg != c.msg {
					t.Errorf("PUT %s: %d %q", c.url, s, msg)
				}
			}
			if s, _ := communityErr(t, nil, "PUT", following+benUser.ID, nil); s != 401 {
				t.Errorf("signed out: %d", s)
			}
			if s := callStatus(t, ann, "PUT", following+benUser.ID, nil, nil); s != 204 {
				t.Fatalf("follow: %d", s)
			}
			if s := callStatus(t, cat, "PUT", following+benUser.ID, nil, nil); s != 204 {
				t.Fatalf("follow: %d", s)
			}
			if p := e.profileOf(t, ann, benUser.ID); p.FollowerCount != 2 || p.FollowingCount != 0 || !p.FollowedByMe {
				t.Errorf("ben's page to ann: %+v", p)
			}
			if p := e.profileOf(t, ann, annUser.ID); p.FollowingCount != 1 || p.FollowedByMe {
				t.Errorf("ann's page: %+v", p)
			}
			// Both follows may land in the same millisecond, so their order is not asserted.
			in := e.inboxOf(t, ben).Notifications
			heard := map[string]bool{}
			for _, n := range in {
				heard[n.Type+" "+n.CreatedByName] = true
			}
			if len(in) != 2 || !heard["new_follower Ann"] || !heard["new_follower Cat"] {
				t.Errorf("ben's inbox: %+v", in)
			}
			var page struct {
				Users []struct{ UserID, DisplayName string }
			}
			call(t, ann, "GET", e.URL+"/api/me/following", nil, &page)
			if len(page.Users) != 1 || page.Users[0].DisplayName != "Ben" {
				t.Errorf("ann follows %+v", page.Users)
			}

			var off = false
			if s := callStatus(t, cat, "PATCH", e.URL+"/api/me/settings", map[string]any{"notifyFollowedLists": off}, nil); s != 204 {
				t.Fatalf("settings: %d", s)
			}
			var me struct{ NotifyFollowedLists bool }
			call(t, cat, "GET", e.URL+"/api/me", nil, &me)
			if me.NotifyFollowedLists {
				t.Error("the setting did not stay off")
			}
			if s := callStatus(t, ben, "POST", e.URL+"/api/lists", newListBody("Ben's best", "parvati-shallow"), nil); s != 201 {
				t.Fatalf("publish: %d", s)
			}
			e.fanOutDone(t)
			for _, c := range []*http.Client{ann, cat} {
				var f feedJSON
				call(t, c, "GET", e.URL+"/api/feed", nil, &f)
				if len(f.Lists) != 1 || f.Lists[0].Name != "Ben's best" || f.FollowingCount != 1 {
					t.Errorf("feed %+v", f)
				}
			}
			if in := e.inboxOf(t, ann).Notifications; len(in) != 1 || in[0].Type != "followed_list" || in[0].Content != "Ben's best" {
				t.Errorf("ann's inbox: %+v", in)
			}
			if in := e.inboxOf(t, cat).Notifications; len(in) != 0 {
				t.Errorf("cat turned the notes off: %+v", in)
			}
			if s, _ := communityErr(t, ann, "GET", e.URL+"/api/feed?cursor=nope", nil); s != 400 {
				t.Errorf("bad cursor: %d", s)
			}

			// A block ends the follow; the blocked fan cannot follow again.
			if s := callStatus(t, ben, "PUT", e.URL+"/api/me/blocks/"+catUser.ID, nil, nil); s != 204 {
				t.Fatalf("block: %d", s)
			}
			if s, _ := communityErr(t, cat, "PUT", following+benUser.ID, nil); s != 403 {
				t.Errorf("following a fan who blocked you: %d", s)
			}
			if p := e.profileOf(t, ann, benUser.ID); p.FollowerCount != 1 {
				t.Errorf("ben after the block: %+v", p)
			}
			if s := callStatus(t, ann, "DELETE", following+benUser.ID, nil, nil); s != 204 {
				t.Fatalf("unfollow: %d", s)
			}
			var f feedJSON
			call(t, ann, "GET", e.URL+"/api/feed", nil, &f)
			if len(f.Lists) != 0 || f.FollowingCount != 0 {
				t.Errorf("feed after unfollowing %+v", f)
			}
			// Following again brings ben's list back, once the worker (woken by the
			// follow) has synced the feed.
			if s := callStatus(t, ann, "PUT", following+benUser.ID, nil, nil); s != 204 {
				t.Fatalf("follow again: %d", s)
			}
			e.fanOutDone(t)
			call(t, ann, "GET", e.URL+"/api/feed", nil, &f)
			if len(f.Lists) != 1 || f.Lists[0].Name != "Ben's best" {
				t.Errorf("feed after following again %+v", f)
			}
		})
	}
}

// Every follow and unfollow counts against the account's limit: past it, 429.
func TestFollowLimitedPerAccount(t *testing.T) {
	e := newEnv(t)
	ann, _ := e.signedIn(t, "Ann")
	_, ben := e.signedIn(t, "Ben")
	url := e.URL + "/api/me/following/" + ben.ID
	for i := range follows.FollowPerUser.Max {
		method := "PUT"
		if i%2 == 1 {
			method = "DELETE"
		}
		if s := callStatus(t, ann, method, url, nil, nil); s != 204 {
			t.Fatalf("%s %d: %d", method, i, s)
		}
	}
	if s := callStatus(t, ann, "PUT", url, nil, nil); s != 429 {
		t.Errorf("past the limit: %d", s)
	}
}
