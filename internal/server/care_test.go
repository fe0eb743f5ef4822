package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

type commentJSONOut struct {
	ID, Text, UserName string
	Hidden             bool
	Replies            []struct{ ID, Text string }
}

func (e *testEnv) threadOf(t *testing.T, c *http.Client, listURL string) []commentJSONOut {
	t.Helper()
	var out []commentJSONOut
	if status := callStatus(t, c, "GET", listURL+"/comments", nil, &out); status != 200 {
		t.Fatalf("comments: %d", status)
	}
	return out
}

func commentIDs(thread []commentJSONOut) string {
	var ids []string
	for _, c := range thread {
		ids = append(ids, c.Text)
		for _, r := range c.Replies {
			ids = append(ids, r.Text)
		}
	}
	return strings.Join(ids, ",")
}

func (e *testEnv) browseNames(t *testing.T, c *http.Client, query string) string {
	t.Helper()
	var page struct{ Lists []struct{ Name string } }
	if status := callStatus(t, c, "GET", e.URL+"/api/lists?"+query, nil, &page); status != 200 {
		t.Fatalf("browse: %d", status)
	}
	var names []string
	for _, l := range page.Lists {
		names = append(names, l.Name)
	}
	return strings.Join(names, ",")
}

// A reporter stops seeing what they reported at once; an admin sees the report in the
// queue, hides it, and it is gone for everyone but its author (told it was hidden) and
// the admins, in the thread and the inbox; the action is logged; restoring brings it back.
func TestReportsAndModeration(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			e := newEnvOn(t, engine.Open(t))
			owner, ownerUser := e.signedIn(t, "Owner")
			troll, _ := e.signedIn(t, "Troll")
			fan, _ := e.signedIn(t, "Fan")
			mod, modUser := e.signedIn(t, "Mod")
			list := e.makeCommunityList(t, ownerUser.ID, "list_1", "Heroes", true)
			var bad, good struct{ ID string }
			call(t, troll, "POST", list+"/comments", map[string]any{"text": "you are wrong"}, &bad)
			nextMilli()
			call(t, fan, "POST", list+"/comments", map[string]any{"text": "great list"}, &good)
			call(t, owner, "POST", list+"/comments", map[string]any{"text": "thanks", "parentId": bad.ID}, nil)

			reportBad := map[string]any{"targetType": "comment", "commentId": bad.ID, "reason": "harassment"}
			if s := callStatus(t, troll, "POST", e.URL+"/api/reports", map[string]any{"targetType": "comment",
				"commentId": bad.ID, "reason": "spam"}, nil); s != 400 {
				t.Errorf("reporting one's own comment: %d", s)
			}
			if s := callStatus(t, fan, "POST", e.URL+"/api/reports", map[string]any{"targetType": "comment",
				"commentId": bad.ID, "reason": "other"}, nil); s != 400 {
				t.Errorf("'other' without words: %d", s)
			}
			if s := callStatus(t, fan, "POST", e.URL+"/api/reports", reportBad, nil); s != 204 {
				t.Fatalf("report: %d", s)
			}
			if s := callStatus(t, fan, "POST", e.URL+"/api/reports", reportBad, nil); s != 409 {
				t.Errorf("second report: %d", s)
			}
			if s := callStatus(t, owner, "POST", e.URL+"/api/reports", map[string]any{"targetType": "comment",
				"commentId": bad.ID, "reason": "other", "text": "Rude to me"}, nil); s != 204 {
				t.Fatalf("owner's report: %d", s)
			}
			if got := commentIDs(e.threadOf(t, fan, list)); got != "great list" {
				t.Errorf("the reporter still sees the comment and its reply: %s", got)
			}
			if got := commentIDs(e.threadOf(t, nil, list)); got != "great list,you are wrong,thanks" {
				t.Errorf("a visitor's thread before any action: %s", got)
			}

			if s := callStatus(t, fan, "GET", e.URL+"/api/moderation/reports", nil, nil); s != 403 {
				t.Errorf("a fan reads the queue: %d", s)
			}
			if err := e.store.SetAdmin(context.Background(), modUser.Email, true); err != nil {
				t.Fatal(err)
			}
			var me struct{ IsAdmin bool }
			call(t, mod, "GET", e.URL+"/api/me", nil, &me)
			if !me.IsAdmin {
				t.Error("/api/me does not say the admin is one")
			}
			var queue struct {
				Targets []struct {
					TargetType, Key, Title, AuthorName string
					ReportCount                        int
					Reasons                            map[string]int
					Texts                              []string
				}
			}
			call(t, mod, "GET", e.URL+"/api/moderation/reports", nil, &queue)
			if len(queue.Targets) != 1 || queue.Targets[0].Key != bad.ID || queue.Targets[0].ReportCount != 2 ||
				queue.Targets[0].Reasons["harassment"] != 1 || queue.Targets[0].Reasons["other"] != 1 ||
				queue.Targets[0].Title != "you are wrong" || queue.Targets[0].AuthorName != "Troll" ||
				len(queue.Targets[0].Texts) != 1 {
				t.Fatalf("queue %+v", queue)
			}
			hide := map[string]any{"action": "hide", "targetType": "comment", "commentId": bad.ID}
			if s := callStatus(t, fan, "POST", e.URL+"/api/moderation/actions", hide, nil); s != 403 {
				t.Errorf("a fan moderates: %d", s)
			}
			var target struct{ Status string }
			if s := callStatus(t, mod, "POST", e.URL+"/api/moderation/actions", hide, &target); s != 200 || target.Status != "hidden" {
				t.Fatalf("hide: %d %+v", s, target)
			}
			for who, c := range map[string]*http.Client{"a visitor": nil, "a fan": fan} {
				if got := commentIDs(e.threadOf(t, c, list)); got != "great list" {
					t.Errorf("%s still sees the hidden comment: %s", who, got)
				}
			}
			thread := e.threadOf(t, troll, list)
			if len(thread) != 2 || thread[1].Text != "you are wrong" || !thread[1].Hidden {
				t.Errorf("the author does not see their comment marked hidden: %+v", thread)
			}
			if got := commentIDs(e.threadOf(t, mod, list)); got != "great list,you are wrong,thanks" {
				t.Errorf("the admin's thread: %s", got)
			}
			var count struct{ CommentCount int }
			call(t, nil, "GET", list, nil, &count)
			if count.CommentCount != 1 {
				t.Errorf("comment count with a hidden comment and its reply: %d", count.CommentCount)
			}
			for _, n := range e.inboxOf(t, owner).Notifications {
				if n.CommentID == bad.ID {
					t.Errorf("the owner's inbox still quotes the hidden comment: %+v", n)
				}
			}
			if s := callStatus(t, fan, "PUT", e.URL+"/api/comments/"+bad.ID+"/vote", map[string]any{"value": 1}, nil); s != 404 {
				t.Errorf("voting on a hidden comment: %d", s)
			}
			if s := callStatus(t, owner, "POST", list+"/comments", map[string]any{"text": "more", "parentId": bad.ID}, nil); s != 404 {
				t.Errorf("replying to a hidden comment: %d", s)
			}
			var log struct {
				Actions []struct{ Action, AdminName, Title string }
			}
			call(t, mod, "GET", e.URL+"/api/moderation/actions", nil, &log)
			if len(log.Actions) != 1 || log.Actions[0].Action != "hide" || log.Actions[0].AdminName != "Mod" || log.Actions[0].Title != "you are wrong" {
				t.Errorf("actions log %+v", log)
			}
			call(t, mod, "POST", e.URL+"/api/moderation/actions", map[string]any{"action": "restore", "targetType": "comment", "commentId": bad.ID}, nil)
			if got := commentIDs(e.threadOf(t, nil, list)); got != "great list,you are wrong,thanks" {
				t.Errorf("after restoring: %s", got)
			}
		})
	}
}

// A hidden list is gone from browse, search, home, its owner's page, its share image and
// its link preview for everyone but its owner (who sees it marked) and the admins.
func TestHiddenListIsGoneEverywhere(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	mod, modUser := e.signedIn(t, "Mod")
	if err := e.store.SetAdmin(context.Background(), modUser.Email, true); err != nil {
		t.Fatal(err)
	}
	var l struct{ ID string }
	if s := callStatus(t, owner, "POST", e.URL+"/api/lists", newListBody("Spoilers ahead", "parvati-shallow"), &l); s != 201 {
		t.Fatalf("create: %d", s)
	}
	listURL := e.URL + "/api/lists/" + ownerUser.ID + "/" + l.ID
	if s := callStatus(t, fan, "POST", e.URL+"/api/reports", map[string]any{"targetType": "list", "userId": ownerUser.ID,
		"listId": l.ID, "reason": "spoiler"}, nil); s != 204 {
		t.Fatalf("report list: %d", s)
	}
	var gone struct{ Error struct{ Code string } }
	if s := callStatus(t, fan, "GET", listURL, nil, &gone); s != 404 || gone.Error.Code != "hidden_for_you" {
		t.Errorf("the reporter opens the list: %d %+v", s, gone)
	}
	if got := e.browseNames(t, fan, ""); got != "" {
		t.Errorf("the reporter browses: %q", got)
	}
	if got := e.browseNames(t, nil, ""); got != "Spoilers ahead" {
		t.Errorf("a visitor before hiding: %q", got)
	}
	call(t, mod, "POST", e.URL+"/api/moderation/actions", map[string]any{"action": "hide", "targetType": "list",
		"userId": ownerUser.ID, "listId": l.ID}, nil)
	for _, q := range []string{"", "q=spoilers", "sort=mostVotes"} {
		if got := e.browseNames(t, nil, q); got != "" {
			t.Errorf("browse %q after hiding: %q", q, got)
		}
	}
	var home struct{ Recent []struct{ Name string } }
	call(t, nil, "GET", e.URL+"/api/home", nil, &home)
	if len(home.Recent) != 0 {
		t.Errorf("home after hiding: %+v", home)
	}
	var theirs struct{ Lists []struct{ Name string } }
	call(t, nil, "GET", e.URL+"/api/users/"+ownerUser.ID+"/lists", nil, &theirs)
	if len(theirs.Lists) != 0 {
		t.Errorf("the owner's page after hiding: %+v", theirs)
	}
	for _, path := range []string{"/api/lists/" + ownerUser.ID + "/" + l.ID, "/api/lists/" + ownerUser.ID + "/" + l.ID + "/share.png"} {
		if s := callStatus(t, nil, "GET", e.URL+path, nil, nil); s != 404 {
			t.Errorf("a visitor GET %s: %d", path, s)
		}
	}
	if res := get(t, e.URL+"/list/"+ownerUser.ID+"/"+l.ID, nil); strings.Contains(readAll(t, res), "Spoilers ahead") {
		t.Error("the link preview names a hidden list")
	}
	var mine struct {
		Name   string
		Hidden bool
	}
	for who, c := range map[string]*http.Client{"owner": owner, "admin": mod} {
		if s := callStatus(t, c, "GET", listURL, nil, &mine); s != 200 || !mine.Hidden {
			t.Errorf("the %s opens the hidden list: %d %+v", who, s, mine)
		}
	}
	var myLists struct {
		Lists []struct{ Hidden bool }
	}
	call(t, owner, "GET", e.URL+"/api/users/"+ownerUser.ID+"/lists", nil, &myLists)
	if len(myLists.Lists) != 1 || !myLists.Lists[0].Hidden {
		t.Errorf("My Lists does not mark the hidden list: %+v", myLists)
	}
}

// A blocked user's lists and comments are hidden from the blocker, and the blocked user
// can no longer comment on the blocker's lists, reply to them or notify them.
func TestBlocking(t *testing.T) {
	for _, engine := range storetest.Engines() {
		t.Run(engine.Name, func(t *testing.T) {
			e := newEnvOn(t, engine.Open(t))
			ann, annUser := e.signedIn(t, "Ann")
			ben, benUser := e.signedIn(t, "Ben")
			annList := e.makeCommunityList(t, annUser.ID, "list_a", "Ann's", true)
			e.makeCommunityList(t, benUser.ID, "list_b", "Ben's", true)
			var annComment struct{ ID string }
			call(t, ann, "POST", e.URL+"/api/lists/"+benUser.ID+"/list_b/comments", map[string]any{"text": "hi Ben"}, &annComment)
			call(t, ben, "POST", annList+"/comments", map[string]any{"text": "before the block"}, nil)
			if in := e.inboxOf(t, ann).Notifications; len(in) != 1 {
				t.Fatalf("Ann's inbox before the block: %+v", in)
			}

			if s := callStatus(t, ann, "PUT", e.URL+"/api/me/blocks/"+annUser.ID, nil, nil); s != 400 {
				t.Errorf("blocking oneself: %d", s)
			}
			if s := callStatus(t, ann, "PUT", e.URL+"/api/me/blocks/nobody", nil, nil); s != 404 {
				t.Errorf("blocking nobody: %d", s)
			}
			if s := callStatus(t, ann, "PUT", e.URL+"/api/me/blocks/"+benUser.ID, nil, nil); s != 204 {
				t.Fatalf("block: %d", s)
			}
			var profile struct{ BlockedByMe bool }
			call(t, ann, "GET", e.URL+"/api/users/"+benUser.ID, nil, &profile)
			if !profile.BlockedByMe {
				t.Error("the profile does not say Ben is blocked")
			}
			if got := e.browseNames(t, ann, "sort=oldest"); got != "Ann's" {
				t.Errorf("Ann browses: %q", got)
			}
			if got := e.browseNames(t, ben, "sort=oldest"); got != "Ann's,Ben's" && got != "Ben's,Ann's" {
				t.Errorf("Ben browses (he is not told): %q", got)
			}
			if got := commentIDs(e.threadOf(t, ann, annList)); got != "" {
				t.Errorf("Ann still sees Ben's comment: %q", got)
			}
			if s := callStatus(t, ben, "POST", annList+"/comments", map[string]any{"text": "after"}, nil); s != 403 {
				t.Errorf("Ben comments on Ann's list: %d", s)
			}
			if s := callStatus(t, ben, "POST", e.URL+"/api/lists/"+benUser.ID+"/list_b/comments",
				map[string]any{"text": "reply", "parentId": annComment.ID}, nil); s != 403 {
				t.Errorf("Ben replies to Ann: %d", s)
			}
			call(t, ben, "PUT", annList+"/upvote", nil, nil)
			if in := e.inboxOf(t, ann).Notifications; len(in) != 0 {
				t.Errorf("Ann's inbox still shows Ben: %+v", in)
			}
			var blocks []struct{ UserID, DisplayName string }
			call(t, ann, "GET", e.URL+"/api/me/blocks", nil, &blocks)
			if len(blocks) != 1 || blocks[0].DisplayName != "Ben" {
				t.Errorf("blocks %+v", blocks)
			}
			if s := callStatus(t, ann, "DELETE", e.URL+"/api/me/blocks/"+benUser.ID, nil, nil); s != 204 {
				t.Fatalf("unblock: %d", s)
			}
			if got := commentIDs(e.threadOf(t, ann, annList)); got != "before the block" {
				t.Errorf("after unblocking: %q", got)
			}
		})
	}
}

// The export holds what the user owns and wrote; deleting the account asks for the
// display name and the password, signs out and keeps replied threads whole.
func TestExportAndDeleteAccount(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	hash := auth.HashPassword("correct horse battery")
	annUser := &model.User{ID: model.NewID(), Email: "ann@example.com", DisplayName: "Ann", PasswordHash: hash}
	if err := e.store.CreateUser(ctx, annUser); err != nil {
		t.Fatal(err)
	}
	ann := e.clientWithSession(t, e.store, annUser)
	ben, benUser := e.signedIn(t, "Ben")
	var l struct{ ID string }
	call(t, ann, "POST", e.URL+"/api/lists", newListBody("Ann's best", "parvati-shallow"), &l)
	benList := e.makeCommunityList(t, benUser.ID, "list_b", "Ben's", true)
	var replied struct{ ID string }
	call(t, ann, "POST", benList+"/comments", map[string]any{"text": "first!"}, &replied)
	call(t, ben, "POST", benList+"/comments", map[string]any{"text": "welcome", "parentId": replied.ID}, nil)
	call(t, ann, "POST", benList+"/comments", map[string]any{"text": "second"}, nil)

	res := call(t, ann, "GET", e.URL+"/api/me/export", nil, nil)
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("export: %d %q", res.StatusCode, res.Header.Get("Content-Disposition"))
	}
	var export struct {
		Profile struct{ DisplayName string }
		Lists   []struct {
			Name  string
			Items []struct{ Name string }
		}
		Comments []struct{ Text string }
		Draft    any
	}
	raw := exportBody(t, ann, e.URL)
	if err := json.Unmarshal(raw, &export); err != nil {
		t.Fatalf("export is not JSON: %v\n%s", err, raw)
	}
	if export.Profile.DisplayName != "Ann" || len(export.Lists) != 1 || len(export.Lists[0].Items) != 1 ||
		export.Lists[0].Items[0].Name != "Parvati Shallow" || len(export.Comments) != 2 || export.Draft != nil {
		t.Errorf("export %s", raw)
	}

	for _, bad := range []map[string]any{
		{"confirm": "ann", "password": "correct horse battery"},
		{"confirm": "Ann", "password": "wrong"},
	} {
		if s := callStatus(t, ann, "DELETE", e.URL+"/api/me", bad, nil); s != 400 && s != 401 {
			t.Errorf("delete with %v: %d", bad, s)
		}
	}
	res = call(t, ann, "DELETE", e.URL+"/api/me", map[string]any{"confirm": "Ann", "password": "correct horse battery"}, nil)
	if res.StatusCode != 204 {
		t.Fatalf("delete: %d", res.StatusCode)
	}
	if s := callStatus(t, ann, "GET", e.URL+"/api/me", nil, nil); s != 401 {
		t.Errorf("still signed in after deleting: %d", s)
	}
	thread := e.threadOf(t, nil, benList)
	if len(thread) != 1 || thread[0].Text != store.DeletedCommentText || thread[0].UserName != "Anonymous" || len(thread[0].Replies) != 1 {
		t.Errorf("thread after deleting: %+v", thread)
	}
	if s := callStatus(t, nil, "GET", e.URL+"/api/lists/"+annUser.ID+"/"+l.ID, nil, nil); s != 404 {
		t.Errorf("the deleted user's list: %d", s)
	}
}

// exportBody reads the export as a browser would download it.
func exportBody(t *testing.T, c *http.Client, base string) []byte {
	t.Helper()
	res, err := c.Get(base + "/api/me/export")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	return []byte(readAll(t, res))
}

func readAll(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
