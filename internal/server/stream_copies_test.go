package server

import (
	"net/http"
	"testing"

	"castaway/internal/api"
	"castaway/internal/store"
	"castaway/internal/store/storetest"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

// A new stream of a user whose inbox this process already holds costs no inbox read,
// yet never misses what changed before it opened: a change read once is shared by
// every stream it woke and by the streams opened after it, and a block, or a list the
// user was notified of made private, reaches the streams opened after it.
func TestNewStreamsShareTheirUsersInbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ann, annUser := e.signedIn(t, "Ann")
		ben, benUser := e.signedIn(t, "Ben")
		cal, calUser := e.signedIn(t, "Cal")
		url := e.URL + "/api/notifications/stream"
		reads := func() float64 { return testutil.ToFloat64(e.srv.metrics.streamReads) }
		open := func() <-chan sseEvent {
			t.Helper()
			_, events := openStream(t, ann, url)
			return events
		}
		first := func(events <-chan sseEvent) inboxJSON {
			t.Helper()
			return nextInbox(t, events, func(inboxJSON) bool { return true })
		}

		// Ann commented on Ben's list, Ben replied: her reply notification is of his list.
		benList := e.makeCommunityList(t, benUser.ID, "list_b", "Ben's", true)
		var annComment api.Comment
		call(t, ann, "POST", benList+"/comments", map[string]any{"text": "hi Ben"}, &annComment)
		call(t, ben, "POST", benList+"/comments", map[string]any{"text": "hi Ann", "parentId": annComment.Id}, nil)
		annList := e.makeCommunityList(t, annUser.ID, "list_a", "Ann's", true)

		tab1 := open()
		if in := first(tab1); in.UnreadCount != 1 {
			t.Fatalf("the first tab: %+v", in)
		}
		before := reads()
		tab2 := open()
		if in := first(tab2); in.UnreadCount != 1 {
			t.Fatalf("the second tab: %+v", in)
		}
		if n := reads() - before; n != 0 {
			t.Fatalf("a second tab of the same user read the inbox %v times, want 0", n)
		}

		// A change wakes both tabs and is read once; a tab opened after it has it.
		callStatus(t, cal, "PUT", annList+"/upvote", nil, nil)
		nextInbox(t, tab1, func(in inboxJSON) bool { return in.UnreadCount == 2 })
		nextInbox(t, tab2, func(in inboxJSON) bool { return in.UnreadCount == 2 })
		if in := first(open()); in.UnreadCount != 2 {
			t.Fatalf("a tab opened after the upvote: %+v", in)
		}
		if n := reads() - before; n != 1 {
			t.Fatalf("%v inbox reads for one change to two tabs and a third opened after it, want 1", n)
		}

		// Ben made his list private: the reply is gone from the tabs opened after it.
		upd := newListBody("Ben's", "tom-westman")
		upd["isPublic"] = false
		if status := callStatus(t, ben, "PUT", benList, upd, nil); status != http.StatusOK {
			t.Fatalf("make the list private: %d", status)
		}
		if in := first(open()); len(in.Notifications) != 1 || in.Notifications[0].Type != "list_like" {
			t.Fatalf("a tab opened after the list went private: %+v", in)
		}

		// Ann blocked Cal: his upvote is gone from her tabs, open and new.
		if status := callStatus(t, ann, "PUT", e.URL+"/api/me/blocks/"+calUser.ID, nil, nil); status != http.StatusNoContent {
			t.Fatalf("block: %d", status)
		}
		nextInbox(t, tab1, func(in inboxJSON) bool { return len(in.Notifications) == 0 })
		if in := first(open()); len(in.Notifications) != 0 {
			t.Fatalf("a tab opened after the block: %+v", in)
		}
	})
}
