package server

import (
	"net/url"
	"testing"
)

func TestCommentPagesHTTP(t *testing.T) {
	e := newEnv(t)
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	comments := e.makeCommunityList(t, ownerUser.ID, "list_1", "Best Villains", true) + "/comments"
	var first commentJSONTest
	for i, text := range []string{"one", "two", "three", "four", "five"} {
		var c commentJSONTest
		if st := callStatus(t, fan, "POST", comments, map[string]any{"text": text}, &c); st != 201 {
			t.Fatalf("post: %d", st)
		}
		if i == 0 {
			first = c
		}
		nextMilli()
	}
	if st := callStatus(t, owner, "POST", comments, map[string]any{"text": "reply", "parentId": first.ID}, nil); st != 201 {
		t.Fatalf("reply: %d", st)
	}

	var texts []string
	pages := 0
	next := comments + "?limit=2"
	for next != "" {
		var page []commentJSONTest
		resp := call(t, nil, "GET", next, nil, &page)
		if resp.StatusCode != 200 {
			t.Fatalf("page: %d", resp.StatusCode)
		}
		pages++
		for _, c := range page {
			texts = append(texts, c.Text)
			for _, r := range c.Replies {
				texts = append(texts, "↳"+r.Text)
			}
		}
		next = ""
		if cur := resp.Header.Get("X-Next-Cursor"); cur != "" {
			next = comments + "?limit=2&cursor=" + url.QueryEscape(cur)
		}
	}
	if want := []string{"five", "four", "three", "two", "one", "↳reply"}; pages != 3 || len(texts) != len(want) {
		t.Fatalf("%d pages: %q", pages, texts)
	} else {
		for i := range want {
			if texts[i] != want[i] {
				t.Fatalf("%d pages: %q", pages, texts)
			}
		}
	}
	// Without a limit the first page holds them all, as before paging.
	var all []commentJSONTest
	if resp := call(t, nil, "GET", comments, nil, &all); resp.StatusCode != 200 || len(all) != 5 || resp.Header.Get("X-Next-Cursor") != "" {
		t.Fatalf("one page: %d %d", resp.StatusCode, len(all))
	}
	for _, bad := range []string{"?cursor=nonsense", "?limit=0", "?limit=201", "?limit=x"} {
		if st, msg := communityErr(t, nil, "GET", comments+bad, nil); st != 400 || msg == "" {
			t.Errorf("%s: %d %q", bad, st, msg)
		}
	}
	if st, msg := communityErr(t, nil, "GET", e.URL+"/api/lists?cursor=nonsense", nil); st != 400 || msg == "" {
		t.Errorf("browse cursor: %d %q", st, msg)
	}
}
