package server

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"castaway/internal/api"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// The export's notifications follow the inbox's rule: a remix the owner may not see
// and a reply a moderator hid are in neither (not their id, author or text), while a
// visible remix and a visible reply are in both; the fan's own hidden comment stays in
// their export, marked hidden.
func TestExportHidesWhatTheInboxHides(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ann, au := e.signedIn(t, "Ann")
		ben, _ := e.signedIn(t, "Ben")
		cal, _ := e.signedIn(t, "Cal")
		troll, _ := e.signedIn(t, "Troll")
		mod, modUser := e.signedIn(t, "Mod")
		if err := e.store.SetAdmin(context.Background(), modUser.Email, true); err != nil {
			t.Fatal(err)
		}

		var orig api.RankedList
		if s := callStatus(t, ann, "POST", e.URL+"/api/lists", newListBody("Originals", "parvati-shallow"), &orig); s != 201 {
			t.Fatalf("create: %d", s)
		}
		listURL := e.URL + "/api/lists/" + au.ID + "/" + orig.Id
		remix := func(c *http.Client, name string, public bool) string {
			body := newListBody(name, "parvati-shallow")
			body["remixOf"] = map[string]string{"userId": au.ID, "listId": orig.Id}
			body["isPublic"] = public
			var l api.RankedList
			if s := callStatus(t, c, "POST", e.URL+"/api/lists", body, &l); s != 201 {
				t.Fatalf("remix %s: %d", name, s)
			}
			return l.Id
		}
		secret := remix(ben, "Secret remix", false)
		shown := remix(cal, "Shown remix", true)

		comment := func(c *http.Client, text, parent string) string {
			body := map[string]any{"text": text}
			if parent != "" {
				body["parentId"] = parent
			}
			var out struct{ ID string }
			if s := callStatus(t, c, "POST", listURL+"/comments", body, &out); s != 201 {
				t.Fatalf("comment %q: %d", text, s)
			}
			return out.ID
		}
		hide := func(id string) {
			if s := callStatus(t, cal, "POST", e.URL+"/api/reports",
				map[string]any{"targetType": "comment", "commentId": id, "reason": "harassment"}, nil); s != 204 {
				t.Fatalf("report: %d", s)
			}
			if s := callStatus(t, mod, "POST", e.URL+"/api/moderation/actions",
				map[string]any{"action": "hide", "targetType": "comment", "commentId": id}, nil); s != 200 {
				t.Fatalf("hide: %d", s)
			}
		}
		mine := comment(ann, "my first words", "")
		kept := comment(cal, "kept reply", mine)
		rude := comment(troll, "rude reply text", mine)
		hide(rude)
		ownHidden := comment(ann, "my hidden words", "")
		hide(ownHidden)

		type note struct{ Type, ListID, CommentID, Content string }
		check := func(where string, notes []note) {
			t.Helper()
			var remixes, replies []string
			for _, n := range notes {
				switch n.Type {
				case "list_remix":
					remixes = append(remixes, n.ListID)
				case "comment_reply", "comment":
					replies = append(replies, n.CommentID)
				}
			}
			if strings.Join(remixes, ",") != shown {
				t.Errorf("%s: remix notes %v, want only %s (not the private %s)", where, remixes, shown, secret)
			}
			if strings.Join(replies, ",") != kept {
				t.Errorf("%s: reply notes %v, want only %s (not the hidden %s)", where, replies, kept, rude)
			}
		}

		var inbox []note
		for _, n := range e.inboxOf(t, ann).Notifications {
			inbox = append(inbox, note{n.Type, n.ListID, n.CommentID, n.Content})
		}
		check("inbox", inbox)

		raw := exportBody(t, ann, e.URL)
		var export struct {
			Notifications []note
			Comments      []struct {
				ID, Text string
				IsHidden bool
			}
		}
		if err := json.Unmarshal(raw, &export); err != nil {
			t.Fatalf("export is not JSON: %v\n%s", err, raw)
		}
		check("export", export.Notifications)
		for _, leak := range []string{secret, "Ben", "rude reply text", rude, "Troll"} {
			if strings.Contains(string(raw), leak) {
				t.Errorf("the export holds %q", leak)
			}
		}
		got := map[string]bool{}
		for _, c := range export.Comments {
			got[c.ID] = c.IsHidden
		}
		if len(export.Comments) != 2 || got[mine] || !got[ownHidden] {
			t.Errorf("own comments in the export (id: hidden) %v, want %s shown and %s hidden", got, mine, ownHidden)
		}
	})
}
