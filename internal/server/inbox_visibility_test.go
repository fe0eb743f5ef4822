package server

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// noteNames is an inbox's notes as "type:name:content", sorted (notes written within one
// millisecond have no order of their own), and whether its unread count is the number of
// its notes marked new.
func noteNames(in inboxJSON) (string, bool) {
	var out []string
	unread := 0
	for _, n := range in.Notifications {
		out = append(out, n.Type+":"+n.CreatedByName+":"+n.Content)
		if n.IsNew {
			unread++
		}
	}
	slices.Sort(out)
	return strings.Join(out, " | "), unread == in.UnreadCount
}

// Ben comments on Ann's list, Cal replies to him and Ben follows Ann; then Ben deletes
// his account. His comment stays in the thread as "[deleted]", but neither his words nor
// his name stay in Ann's inbox (its unread count agreeing), a new live stream of it, or
// her export; Cal's reply, his own words, stays.
func TestDeletedAccountLeavesOthersInboxes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ann, au := e.signedIn(t, "Ann")
		ben, _ := e.signedIn(t, "Ben")
		cal, _ := e.signedIn(t, "Cal")
		list := e.makeCommunityList(t, au.ID, "list_1", "Heroes", true)
		var said struct{ ID string }
		if s := callStatus(t, ben, "POST", list+"/comments", map[string]any{"text": "Ben's private musings"}, &said); s != 201 {
			t.Fatalf("comment: %d", s)
		}
		if s := callStatus(t, cal, "POST", list+"/comments", map[string]any{"text": "Cal answers", "parentId": said.ID}, nil); s != 201 {
			t.Fatalf("reply: %d", s)
		}
		if s := callStatus(t, ben, "PUT", e.URL+"/api/me/following/"+au.ID, nil, nil); s != 200 && s != 204 {
			t.Fatalf("follow: %d", s)
		}
		got, agrees := noteNames(e.inboxOf(t, ann))
		const before = "comment:Ben:Ben's private musings | comment:Cal:Cal answers | new_follower:Ben:"
		if got != before || !agrees {
			t.Fatalf("before: %q (count agrees: %v), want %q", got, agrees, before)
		}
		holdStream(t, ann, e.URL+"/api/notifications/stream") // the process keeps a copy of her inbox

		if s := callStatus(t, ben, "DELETE", e.URL+"/api/me", map[string]any{"confirm": "Ben"}, nil); s != 204 {
			t.Fatalf("delete: %d", s)
		}
		if thread := e.threadOf(t, nil, list); len(thread) != 1 || thread[0].Text != store.DeletedCommentText || len(thread[0].Replies) != 1 {
			t.Fatalf("thread after deleting: %+v", thread)
		}
		const after = "comment:Cal:Cal answers"
		in := e.inboxOf(t, ann)
		if got, agrees := noteNames(in); got != after || !agrees || in.UnreadCount != 1 {
			t.Errorf("inbox after deleting: %q, %d unread (agrees: %v), want %q", got, in.UnreadCount, agrees, after)
		}
		_, events := openStream(t, ann, e.URL+"/api/notifications/stream")
		if got, _ := noteNames(nextInbox(t, events, func(inboxJSON) bool { return true })); got != after {
			t.Errorf("a new stream after deleting: %q, want %q", got, after)
		}
		raw := exportBody(t, ann, e.URL)
		var export struct {
			Notifications []struct{ FromName, Content string }
		}
		if err := json.Unmarshal(raw, &export); err != nil {
			t.Fatalf("export is not JSON: %v\n%s", err, raw)
		}
		if len(export.Notifications) != 1 || export.Notifications[0].FromName != "Cal" {
			t.Errorf("export's notifications: %+v", export.Notifications)
		}
		for _, leak := range []string{"Ben", "private musings"} {
			if strings.Contains(string(raw), leak) {
				t.Errorf("the export holds %q", leak)
			}
		}
		// Nothing of Ben is kept for anyone, shown or not.
		var left int
		if err := st.DB().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM notifications
			WHERE created_by_name = 'Ben' OR content LIKE '%musings%'`).Scan(&left); err != nil || left != 0 {
			t.Errorf("%d notifications still name or quote Ben (%v)", left, err)
		}
	})
}

// A suspended fan's "new follower" note leaves the inbox they followed (its unread count,
// and the export) and comes back when the suspension is lifted.
func TestSuspendedFollowerLeavesTheInbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := newEnvOn(t, st)
		ann, au := e.signedIn(t, "Ann")
		ben, bu := e.signedIn(t, "Ben")
		mod, mu := e.signedIn(t, "Mod")
		if err := st.SetAdmin(ctx, mu.Email, true); err != nil {
			t.Fatal(err)
		}
		if s := callStatus(t, ben, "PUT", e.URL+"/api/me/following/"+au.ID, nil, nil); s != 200 && s != 204 {
			t.Fatalf("follow: %d", s)
		}
		const followed = "new_follower:Ben:"
		check := func(when, want string, unread int) {
			t.Helper()
			in := e.inboxOf(t, ann)
			if got, agrees := noteNames(in); got != want || !agrees || in.UnreadCount != unread {
				t.Errorf("%s: inbox %q, %d unread (agrees: %v), want %q and %d", when, got, in.UnreadCount, agrees, want, unread)
			}
			if names := strings.Contains(string(exportBody(t, ann, e.URL)), "Ben"); names != (want != "") {
				t.Errorf("%s: the export names Ben: %v", when, names)
			}
		}
		check("following", followed, 1)
		holdStream(t, ann, e.URL+"/api/notifications/stream")

		suspension := e.URL + "/api/moderation/users/" + bu.ID + "/suspension"
		if s := callStatus(t, mod, "POST", suspension, map[string]any{"reason": "Spam"}, nil); s != 200 {
			t.Fatalf("suspend: %d", s)
		}
		check("suspended", "", 0)
		_, events := openStream(t, ann, e.URL+"/api/notifications/stream")
		if in := nextInbox(t, events, func(inboxJSON) bool { return true }); len(in.Notifications) != 0 || in.UnreadCount != 0 {
			t.Errorf("a new stream while suspended: %+v", in)
		}
		if s := callStatus(t, mod, "DELETE", suspension, nil, nil); s != 200 {
			t.Fatalf("restore: %d", s)
		}
		check("restored", followed, 1)
	})
}
