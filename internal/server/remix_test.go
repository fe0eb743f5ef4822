package server

import (
	"net/http"
	"strings"
	"testing"

	"castaway/internal/api"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Notes travel through a save, a read and the draft; a note with a control character
// is refused with its message.
func TestItemNotesOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		fan, _ := e.signedIn(t, "Fan")
		body := newListBody("Noted", "parvati-shallow", "tom-westman")
		body["contestants"].([]map[string]any)[0]["note"] = "  Black Widow Brigade  "
		var l api.RankedList
		if st := callStatus(t, fan, "POST", e.URL+"/api/lists", body, &l); st != http.StatusCreated {
			t.Fatalf("create: %d", st)
		}
		if l.Contestants[0].Note == nil || *l.Contestants[0].Note != "Black Widow Brigade" || l.Contestants[1].Note != nil {
			t.Errorf("notes saved %+v", l.Contestants)
		}
		var read api.RankedList
		callStatus(t, nil, "GET", e.URL+"/api/lists/"+l.UserId+"/"+l.Id, nil, &read)
		if read.Contestants[0].Note == nil || *read.Contestants[0].Note != "Black Widow Brigade" {
			t.Errorf("notes read %+v", read.Contestants)
		}

		var d api.Draft
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/draft", body, &d); st != 200 {
			t.Fatalf("draft: %d", st)
		}
		callStatus(t, fan, "GET", e.URL+"/api/me/draft", nil, &d)
		if d.Contestants[0].Note == nil || *d.Contestants[0].Note != "Black Widow Brigade" {
			t.Errorf("draft notes %+v", d.Contestants)
		}

		body["contestants"].([]map[string]any)[1]["note"] = "line\nbreak"
		var bad apiErr
		if st := callStatus(t, fan, "POST", e.URL+"/api/lists", body, &bad); st != 400 ||
			bad.Error.Message != "The note on Tom Westman cannot contain control characters." || bad.Error.Field != "contestants" {
			t.Errorf("control character: %d %+v", st, bad)
		}
		body["contestants"].([]map[string]any)[1]["note"] = strings.Repeat("n", 281)
		if st := callStatus(t, fan, "POST", e.URL+"/api/lists", body, &bad); st != 400 ||
			bad.Error.Message != "The note on Tom Westman must be 280 characters or fewer." {
			t.Errorf("long note: %d %+v", st, bad)
		}
	})
}

// A remix names its original (while the reader may see it), counts for it when public,
// tells its owner once (never for your own list), and is listed on the original's
// remixes; a list the remixer cannot see cannot be remixed.
func TestRemixOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ann, au := e.signedIn(t, "Ann")
		ben, _ := e.signedIn(t, "Ben")
		var orig api.RankedList
		if st := callStatus(t, ann, "POST", e.URL+"/api/lists", newListBody("Originals", "parvati-shallow", "tom-westman"), &orig); st != 201 {
			t.Fatalf("create: %d", st)
		}
		origURL := e.URL + "/api/lists/" + au.ID + "/" + orig.Id
		if orig.RemixCount != 0 || orig.RemixOf != nil {
			t.Errorf("an original: %+v %d", orig.RemixOf, orig.RemixCount)
		}

		body := newListBody("Remix of Originals", "tom-westman", "parvati-shallow")
		body["remixOf"] = map[string]string{"userId": au.ID, "listId": orig.Id}
		var remix api.RankedList
		if st := callStatus(t, ben, "POST", e.URL+"/api/lists", body, &remix); st != 201 {
			t.Fatalf("remix: %d", st)
		}
		if remix.RemixOf == nil || remix.RemixOf.ListId != orig.Id || remix.RemixOf.Name == nil || *remix.RemixOf.Name != "Originals" ||
			remix.RemixOf.UserName == nil || *remix.RemixOf.UserName != "Ann" {
			t.Errorf("remix origin %+v", remix.RemixOf)
		}
		var read api.RankedList
		callStatus(t, nil, "GET", origURL, nil, &read)
		if read.RemixCount != 1 {
			t.Errorf("remix count %d", read.RemixCount)
		}
		in := e.inboxOf(t, ann)
		if len(in.Notifications) != 1 || in.Notifications[0].Type != "list_remix" || in.Notifications[0].Content != "Originals" ||
			in.Notifications[0].ListID != remix.Id || in.Notifications[0].CreatedByName != "Ben" {
			t.Errorf("owner's inbox %+v", in)
		}
		var page api.RemixPage
		if st := callStatus(t, nil, "GET", origURL+"/remixes", nil, &page); st != 200 || len(page.Lists) != 1 || page.Lists[0].Id != remix.Id || page.NextCursor != nil {
			t.Errorf("remixes page: %d %+v", st, page)
		}
		if st, _ := communityErr(t, nil, "GET", origURL+"/remixes?cursor=garbage!", nil); st != 400 {
			t.Errorf("bad cursor: %d", st)
		}

		// Remixing your own list notifies nobody.
		own := newListBody("Again", "tom-westman")
		own["remixOf"] = map[string]string{"userId": au.ID, "listId": orig.Id}
		if st := callStatus(t, ann, "POST", e.URL+"/api/lists", own, nil); st != 201 {
			t.Fatalf("own remix: %d", st)
		}
		if in := e.inboxOf(t, ann); len(in.Notifications) != 1 {
			t.Errorf("a remix of your own list notified: %+v", in)
		}

		// A draft of a remix keeps its origin.
		var d api.Draft
		if st := callStatus(t, ben, "PUT", e.URL+"/api/me/draft", body, &d); st != 200 || d.RemixOf == nil || d.RemixOf.ListId != orig.Id ||
			d.RemixOf.Name == nil || *d.RemixOf.Name != "Originals" {
			t.Fatalf("remix draft: %d %+v", st, d.RemixOf)
		}
		callStatus(t, ben, "GET", e.URL+"/api/me/draft", nil, &d)
		if d.RemixOf == nil || d.RemixOf.UserName == nil || *d.RemixOf.UserName != "Ann" {
			t.Errorf("remix draft read back: %+v", d.RemixOf)
		}

		// Made private, the original is neither remixable by others nor named to them.
		upd := newListBody("Originals", "parvati-shallow")
		upd["isPublic"] = false
		if st := callStatus(t, ann, "PUT", origURL, upd, nil); st != 200 {
			t.Fatalf("hide: %d", st)
		}
		var bad apiErr
		if st := callStatus(t, ben, "POST", e.URL+"/api/lists", body, &bad); st != 400 || bad.Error.Field != "remixOf" ||
			bad.Error.Message != "The list you are remixing no longer exists." {
			t.Errorf("remix of a private list: %d %+v", st, bad)
		}
		callStatus(t, nil, "GET", e.URL+"/api/lists/"+remix.UserId+"/"+remix.Id, nil, &read)
		if read.RemixOf == nil || read.RemixOf.Name != nil || read.RemixOf.UserName != nil {
			t.Errorf("a hidden original named: %+v", read.RemixOf)
		}
		if st, _ := communityErr(t, ben, "GET", origURL+"/remixes", nil); st != 404 {
			t.Errorf("remixes of a private list: %d", st)
		}
		if st := callStatus(t, ann, "GET", origURL+"/remixes", nil, &page); st != 200 || len(page.Lists) != 2 {
			t.Errorf("owner's remixes page: %d %d", st, len(page.Lists))
		}
		d = api.Draft{}
		if callStatus(t, ben, "GET", e.URL+"/api/me/draft", nil, &d); d.RemixOf != nil {
			t.Errorf("a draft names a hidden original: %+v", d.RemixOf)
		}
		if st := callStatus(t, ben, "PUT", e.URL+"/api/me/draft", body, &d); st != 200 || d.RemixOf != nil || d.Name != "Remix of Originals" {
			t.Errorf("a draft remixing a hidden list: %d %+v", st, d)
		}
		if st, _ := communityErr(t, nil, "POST", e.URL+"/api/lists", body); st != 401 {
			t.Errorf("signed-out remix: %d", st)
		}
	})
}
