package server

import (
	"context"
	"net/http"
	"testing"
)

// communityErr returns the status and message of a request expected to fail.
func communityErr(t *testing.T, c *http.Client, method, url string, body any) (int, string) {
	t.Helper()
	var e struct {
		Error struct{ Code, Message string }
	}
	status := callStatus(t, c, method, url, body, &e)
	return status, e.Error.Message
}

// makeCommunityList stores a bare list the community endpoints can act on.
func (e *testEnv) makeCommunityList(t *testing.T, ownerID, id, name string, public bool) string {
	t.Helper()
	_, err := e.store.DB().ExecContext(context.Background(), `INSERT INTO lists (user_id, id, name, is_public, chosen_public, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $4, 1, 1)`, ownerID, id, name, public)
	if err != nil {
		t.Fatal(err)
	}
	return e.URL + "/api/lists/" + ownerID + "/" + id
}

type inboxJSON struct {
	Notifications []struct {
		ID, UserID, Type, CreatedByName, Content, ListUserID, ListID, CommentID string
		IsNew                                                                   bool
		CreatedAt                                                               string
	}
	UnreadCount int
}

func (e *testEnv) inboxOf(t *testing.T, c *http.Client) inboxJSON {
	t.Helper()
	var in inboxJSON
	if status := callStatus(t, c, "GET", e.URL+"/api/notifications", nil, &in); status != 200 {
		t.Fatalf("inbox: %d", status)
	}
	return in
}

func TestUpvoteEndpoints(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Best Villains", true)
	private := e.makeCommunityList(t, ownerUser.ID, "list_2", "Drafty", false)

	for _, m := range []string{"PUT", "DELETE"} {
		if status, msg := communityErr(t, nil, m, list+"/upvote", nil); status != 401 || msg != "You must be signed in to upvote." {
			t.Fatalf("signed out %s: %d %q", m, status, msg)
		}
	}
	type state struct {
		UpvoteCount int
		Upvoted     bool
	}
	steps := []struct {
		method string
		want   state
	}{
		{"PUT", state{1, true}},
		{"PUT", state{1, true}}, // a retry never flips it back
		{"DELETE", state{0, false}},
		{"DELETE", state{0, false}},
		{"PUT", state{1, true}},
	}
	for i, st := range steps {
		var got state
		if status := callStatus(t, fan, st.method, list+"/upvote", nil, &got); status != 200 || got != st.want {
			t.Fatalf("step %d %s: %d %+v, want %+v", i, st.method, status, got, st.want)
		}
	}
	var got state
	if callStatus(t, owner, "PUT", list+"/upvote", nil, &got); got != (state{2, true}) {
		t.Fatalf("owner upvoting own list: %+v", got)
	}

	// Toggled back and forth, the owner hears of it once, and never of their own vote.
	in := e.inboxOf(t, owner)
	if len(in.Notifications) != 1 || in.UnreadCount != 1 {
		t.Fatalf("owner inbox %+v", in)
	}
	n := in.Notifications[0]
	if n.Type != "list_like" || n.CreatedByName != "Fan" || n.Content != "Best Villains" || n.UserID != ownerUser.ID ||
		n.ListUserID != ownerUser.ID || n.ListID != "list_1" || !n.IsNew || n.CreatedAt == "" {
		t.Fatalf("notification %+v", n)
	}

	for _, url := range []string{private + "/upvote", e.URL + "/api/lists/" + ownerUser.ID + "/list_404/upvote"} {
		if status, msg := communityErr(t, fan, "PUT", url, nil); status != 404 || msg != "List not found" {
			t.Fatalf("%s: %d %q", url, status, msg)
		}
	}
	if callStatus(t, owner, "PUT", private+"/upvote", nil, &got); got != (state{1, true}) {
		t.Fatalf("owner upvoting own private list: %+v", got)
	}
}

func TestFavoriteEndpoints(t *testing.T) {
	e := newEnv(t)
	_, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	heroes := e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)
	villains := e.makeCommunityList(t, ownerUser.ID, "list_2", "Villains", true)
	private := e.makeCommunityList(t, ownerUser.ID, "list_3", "Secret", false)

	for _, m := range []string{"PUT", "DELETE"} {
		if status, msg := communityErr(t, nil, m, heroes+"/favorite", nil); status != 401 || msg != "You must be signed in to favorite lists." {
			t.Fatalf("signed out %s: %d %q", m, status, msg)
		}
	}
	if status, _ := communityErr(t, nil, "GET", e.URL+"/api/me/favorites", nil); status != 401 {
		t.Fatalf("signed-out favorites: %d", status)
	}
	var st struct{ Favorited bool }
	for _, url := range []string{heroes, villains, heroes} {
		if status := callStatus(t, fan, "PUT", url+"/favorite", nil, &st); status != 200 || !st.Favorited {
			t.Fatalf("favorite %s: %d %+v", url, status, st)
		}
	}
	if status, msg := communityErr(t, fan, "PUT", private+"/favorite", nil); status != 404 || msg != "List not found" {
		t.Fatalf("favorite of someone else's private list: %d %q", status, msg)
	}

	type favorite struct{ UserID, ListID, Name, FavoritedAt string }
	var favs []favorite
	// Newest first is checked in the store; these may share a millisecond.
	if status := callStatus(t, fan, "GET", e.URL+"/api/me/favorites", nil, &favs); status != 200 || len(favs) != 2 {
		t.Fatalf("favorites %d %+v", status, favs)
	}
	for _, f := range favs {
		if f.UserID != ownerUser.ID || f.FavoritedAt == "" || (f.ListID != "list_1" || f.Name != "Heroes") && (f.ListID != "list_2" || f.Name != "Villains") {
			t.Fatalf("favorite %+v", f)
		}
	}

	// The owner hides a list: it leaves the fan's favorites.
	if _, err := e.store.DB().Exec(`UPDATE lists SET is_public = FALSE, chosen_public = FALSE WHERE id = 'list_2'`); err != nil {
		t.Fatal(err)
	}
	if callStatus(t, fan, "GET", e.URL+"/api/me/favorites", nil, &favs); len(favs) != 1 || favs[0].Name != "Heroes" {
		t.Fatalf("favorites after hiding %+v", favs)
	}
	for range 2 {
		if status := callStatus(t, fan, "DELETE", heroes+"/favorite", nil, &st); status != 200 || st.Favorited {
			t.Fatalf("unfavorite: %d %+v", status, st)
		}
	}
	if callStatus(t, fan, "GET", e.URL+"/api/me/favorites", nil, &favs); len(favs) != 0 {
		t.Fatalf("favorites after removal %+v", favs)
	}
}
