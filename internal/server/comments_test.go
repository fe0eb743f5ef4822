package server

import (
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
)

// nextMilli waits for the clock to reach the next millisecond (the stored precision), so
// items made one after the other sort apart.
func nextMilli() {
	for start := time.Now().UnixMilli(); time.Now().UnixMilli() == start; {
		runtime.Gosched()
	}
}

type commentJSONTest struct {
	ID, ListUserID, ListID, UserID, UserName, Text, CreatedAt string
	ParentID                                                  *string
	IsReply                                                   bool
	Upvotes, Downvotes, Score, MyVote                         int
	Replies                                                   []commentJSONTest
}

func TestCommentEndpoints(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, fanUser := e.signedIn(t, "Fan")
	list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Best Villains", true)
	other := e.makeCommunityList(t, ownerUser.ID, "list_2", "Other", true)
	private := e.makeCommunityList(t, ownerUser.ID, "list_3", "Secret", false)
	comments := list + "/comments"

	if status, msg := communityErr(t, nil, "POST", comments, map[string]any{"text": "hi"}); status != 401 || msg != "You must be signed in to comment." {
		t.Fatalf("signed out: %d %q", status, msg)
	}
	for _, tt := range []struct{ text, msg string }{
		{"", "Comment cannot be empty."},
		{"   \n ", "Comment cannot be empty."},
		{strings.Repeat("x", 501), "Comment must be 500 characters or fewer."},
	} {
		if status, msg := communityErr(t, fan, "POST", comments, map[string]any{"text": tt.text}); status != 400 || msg != tt.msg {
			t.Fatalf("text %.10q: %d %q", tt.text, status, msg)
		}
	}
	if status, _ := communityErr(t, fan, "POST", comments, "not an object"); status != 400 {
		t.Fatalf("bad body: %d", status)
	}

	var top commentJSONTest
	if status := callStatus(t, fan, "POST", comments, map[string]any{"text": "  Parvati forever  "}, &top); status != 201 {
		t.Fatalf("post: %d", status)
	}
	if top.Text != "Parvati forever" || top.UserName != "Fan" || top.UserID != fanUser.ID || top.ListUserID != ownerUser.ID ||
		top.ListID != "list_1" || top.ParentID != nil || top.IsReply || top.ID == "" || top.CreatedAt == "" || top.Score != 0 {
		t.Fatalf("comment %+v", top)
	}
	nextMilli()
	var reply, replyToReply commentJSONTest
	if status := callStatus(t, owner, "POST", comments, map[string]any{"text": "Agreed", "parentId": top.ID}, &reply); status != 201 ||
		!reply.IsReply || reply.ParentID == nil || *reply.ParentID != top.ID {
		t.Fatalf("reply %d %+v", status, reply)
	}
	nextMilli()
	// A reply to a reply hangs under the top-level comment: one level only.
	if status := callStatus(t, fan, "POST", comments, map[string]any{"text": "Thanks", "parentId": reply.ID}, &replyToReply); status != 201 ||
		replyToReply.ParentID == nil || *replyToReply.ParentID != top.ID {
		t.Fatalf("reply to reply %d %+v", status, replyToReply)
	}
	nextMilli()
	var second commentJSONTest
	callStatus(t, owner, "POST", comments, map[string]any{"text": "Second thought", "parentId": nil}, &second)
	for _, parent := range []string{"missing", top.ID} {
		url := comments
		if parent == top.ID {
			url = other + "/comments" // a comment of another list is no parent here
		}
		if status, msg := communityErr(t, fan, "POST", url, map[string]any{"text": "x", "parentId": parent}); status != 404 || msg != "The comment you replied to no longer exists." {
			t.Fatalf("parent %s on %s: %d %q", parent, url, status, msg)
		}
	}

	var thread []commentJSONTest
	if status := callStatus(t, nil, "GET", comments, nil, &thread); status != 200 {
		t.Fatalf("thread: %d", status)
	}
	if len(thread) != 2 || thread[0].ID != second.ID || thread[1].ID != top.ID || len(thread[0].Replies) != 0 ||
		len(thread[1].Replies) != 2 || thread[1].Replies[0].ID != reply.ID || thread[1].Replies[1].ID != replyToReply.ID {
		t.Fatalf("thread %+v", thread)
	}

	// Only the owner reads or writes a private list's comments.
	for _, c := range []*struct {
		name   string
		method string
		body   any
	}{{"read", "GET", nil}, {"post", "POST", map[string]any{"text": "peek"}}} {
		if status, msg := communityErr(t, fan, c.method, private+"/comments", c.body); status != 404 || msg != "List not found" {
			t.Fatalf("fan %s private: %d %q", c.name, status, msg)
		}
	}
	if status := callStatus(t, owner, "POST", private+"/comments", map[string]any{"text": "note to self"}, &commentJSONTest{}); status != 201 {
		t.Fatalf("owner post private: %d", status)
	}
	if status := callStatus(t, owner, "GET", private+"/comments", nil, &thread); status != 200 || len(thread) != 1 {
		t.Fatalf("owner read private: %d %+v", status, thread)
	}
	if status, _ := communityErr(t, nil, "GET", e.URL+"/api/lists/"+ownerUser.ID+"/list_404/comments", nil); status != 404 {
		t.Fatalf("missing list: %d", status)
	}

	// Notifications: the owner heard of the fan's comment and reply (not their own);
	// the fan heard of the owner's reply to them.
	in := e.inboxOf(t, owner)
	var kinds []string
	for _, n := range in.Notifications {
		kinds = append(kinds, n.Type+":"+n.Content)
	}
	if strings.Join(kinds, "|") != "comment_reply:Thanks|comment:Parvati forever" || in.UnreadCount != 2 {
		t.Fatalf("owner inbox %v (%d unread)", kinds, in.UnreadCount)
	}
	if in.Notifications[1].CommentID != top.ID || in.Notifications[1].ListID != "list_1" || in.Notifications[1].CreatedByName != "Fan" {
		t.Fatalf("comment notification %+v", in.Notifications[1])
	}
	if in := e.inboxOf(t, fan); len(in.Notifications) != 1 || in.Notifications[0].Type != "comment_reply" || in.Notifications[0].Content != "Agreed" {
		t.Fatalf("fan inbox %+v", in)
	}
}

func TestCommentVoteAndDelete(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Best Villains", true)
	var top, reply commentJSONTest
	callStatus(t, owner, "POST", list+"/comments", map[string]any{"text": "Top"}, &top)
	callStatus(t, fan, "POST", list+"/comments", map[string]any{"text": "Reply", "parentId": top.ID}, &reply)
	vote := e.URL + "/api/comments/" + top.ID + "/vote"

	if status, msg := communityErr(t, nil, "PUT", vote, map[string]any{"value": 1}); status != 401 || msg != "You must be signed in to vote on comments." {
		t.Fatalf("signed out: %d %q", status, msg)
	}
	for _, body := range []any{map[string]any{"value": 2}, map[string]any{"value": -5}, map[string]any{}, map[string]any{"value": "up"}} {
		if status, _ := communityErr(t, fan, "PUT", vote, body); status != 400 {
			t.Fatalf("vote %v: %d", body, status)
		}
	}
	if status, msg := communityErr(t, fan, "PUT", e.URL+"/api/comments/nope/vote", map[string]any{"value": 1}); status != 404 || msg != "Comment not found." {
		t.Fatalf("missing comment: %d %q", status, msg)
	}
	steps := []struct{ value, up, down, score, mine int }{
		{1, 1, 0, 1, 1},
		{1, 1, 0, 1, 1},
		{-1, 0, 1, -1, -1}, // up and down exclude each other
		{0, 0, 0, 0, 0},
		{1, 1, 0, 1, 1},
	}
	for i, st := range steps {
		var c commentJSONTest
		if status := callStatus(t, fan, "PUT", vote, map[string]any{"value": st.value}, &c); status != 200 ||
			c.Upvotes != st.up || c.Downvotes != st.down || c.Score != st.score || c.MyVote != st.mine || c.Text != "Top" || c.UserName != "Owner" {
			t.Fatalf("step %d: %d %+v", i, status, c)
		}
	}
	var c commentJSONTest
	if callStatus(t, owner, "PUT", vote, map[string]any{"value": -1}, &c); c.Upvotes != 1 || c.Downvotes != 1 || c.MyVote != -1 {
		t.Fatalf("owner's vote %+v", c)
	}
	// The author heard of the upvote once (content: the list's name), despite the toggling.
	var likes int
	for _, n := range e.inboxOf(t, owner).Notifications {
		if n.Type == "comment_like" {
			likes++
			if n.Content != "Best Villains" || n.CommentID != top.ID || n.CreatedByName != "Fan" {
				t.Fatalf("like %+v", n)
			}
		}
	}
	if likes != 1 {
		t.Fatalf("%d comment_like notifications", likes)
	}

	del := e.URL + "/api/comments/" + top.ID
	if status, msg := communityErr(t, nil, "DELETE", del, nil); status != 401 || msg != "You must be signed in to delete comments." {
		t.Fatalf("signed out delete: %d %q", status, msg)
	}
	if status, msg := communityErr(t, fan, "DELETE", del, nil); status != 403 || msg != "You can only delete your own comments." {
		t.Fatalf("fan deletes owner's: %d %q", status, msg)
	}
	if status := callStatus(t, owner, "DELETE", del, nil, nil); status != 204 {
		t.Fatalf("delete: %d", status)
	}
	var thread []commentJSONTest
	if callStatus(t, fan, "GET", list+"/comments", nil, &thread); len(thread) != 0 {
		t.Fatalf("thread after deleting the top comment still shows %+v", thread)
	}
	if status, _ := communityErr(t, fan, "DELETE", e.URL+"/api/comments/"+reply.ID, nil); status != 404 {
		t.Fatalf("reply outlived its parent: %d", status)
	}

	// A private list's comments are out of reach for others.
	private := e.makeCommunityList(t, ownerUser.ID, "list_2", "Secret", false)
	var hidden commentJSONTest
	callStatus(t, owner, "POST", private+"/comments", map[string]any{"text": "mine"}, &hidden)
	if status, _ := communityErr(t, fan, "PUT", e.URL+"/api/comments/"+hidden.ID+"/vote", map[string]any{"value": 1}); status != 404 {
		t.Fatalf("vote on a private list's comment: %d", status)
	}
}

func TestNotificationEndpoints(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)
	for _, path := range []string{"/api/notifications", "/api/notifications/stream"} {
		if status, msg := communityErr(t, nil, "GET", e.URL+path, nil); status != 401 || msg != "You must be signed in to see notifications." {
			t.Fatalf("signed out %s: %d %q", path, status, msg)
		}
	}
	// Two fans, so neither reaches the per-account comment limit (10 a minute).
	fan2, _ := e.signedIn(t, "Fan Two")
	for i := range 12 {
		by := []*http.Client{fan, fan2}[i%2]
		if status := callStatus(t, by, "POST", list+"/comments", map[string]any{"text": strings.Repeat("c", i+1)}, nil); status != 201 {
			t.Fatalf("comment %d: %d", i+1, status)
		}
		nextMilli()
	}
	in := e.inboxOf(t, owner)
	if len(in.Notifications) != 10 || in.UnreadCount != 12 || in.Notifications[0].Content != strings.Repeat("c", 12) {
		t.Fatalf("inbox: %d shown, %d unread, newest %q", len(in.Notifications), in.UnreadCount, in.Notifications[0].Content)
	}
	first := in.Notifications[0].ID
	if status, msg := communityErr(t, fan, "POST", e.URL+"/api/notifications/"+first+"/read", nil); status != 404 || msg != "Notification not found." {
		t.Fatalf("fan marks owner's: %d %q", status, msg)
	}
	var after inboxJSON
	if status := callStatus(t, owner, "POST", e.URL+"/api/notifications/"+first+"/read", nil, &after); status != 200 ||
		after.UnreadCount != 11 || after.Notifications[0].IsNew {
		t.Fatalf("mark read: %d %+v", status, after.UnreadCount)
	}
	if status := callStatus(t, owner, "POST", e.URL+"/api/notifications/read-all", nil, &after); status != 200 || after.UnreadCount != 0 {
		t.Fatalf("read all: %d unread %d", status, after.UnreadCount)
	}
	if status, _ := communityErr(t, nil, "POST", e.URL+"/api/notifications/read-all", nil); status != 401 {
		t.Fatalf("signed-out read-all: %d", status)
	}
}
