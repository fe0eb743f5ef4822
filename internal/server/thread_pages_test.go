package server

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"castaway/internal/store/storetest"
)

// A visitor's page of a thread is read from the database once per change to the thread:
// a change made behind the store's back (no version moved) is not seen, and each change
// the app makes is seen by the very next read, with no shared reads to hide either.
func TestVisitorThreadPagesStandUntilTheThreadChanges(t *testing.T) {
	e := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{"CASTAWAY_SHARED_READS": "0"})
	owner, ownerUser := e.signedIn(t, "Owner")
	fan, _ := e.signedIn(t, "Fan")
	comments := e.makeCommunityList(t, ownerUser.ID, "list_1", "Best Villains", true) + "/comments"
	var top commentJSONTest
	if status := callStatus(t, fan, "POST", comments, map[string]any{"text": "Parvati forever"}, &top); status != 201 {
		t.Fatalf("post: %d", status)
	}
	read := func() string {
		t.Helper()
		var thread []commentJSONTest
		if status := callStatus(t, nil, "GET", comments, nil, &thread); status != 200 {
			t.Fatalf("thread: %d", status)
		}
		var out []string
		for _, c := range thread {
			out = append(out, c.UserName+": "+c.Text+" +"+strconv.Itoa(c.Upvotes))
			for _, r := range c.Replies {
				out = append(out, "  "+r.UserName+": "+r.Text+" +"+strconv.Itoa(r.Upvotes))
			}
		}
		return strings.Join(out, "\n")
	}
	expect := func(what, want string) {
		t.Helper()
		if got := read(); got != want {
			t.Fatalf("%s: visitor reads\n%s\nwant\n%s", what, got, want)
		}
	}
	expect("first read", "Fan: Parvati forever +0")

	if _, err := e.store.DB().ExecContext(context.Background(), `UPDATE comments SET text = 'edited behind the app' WHERE id = $1`, top.ID); err != nil {
		t.Fatal(err)
	}
	expect("a change that moved no version", "Fan: Parvati forever +0")

	if status := callStatus(t, owner, "PUT", e.URL+"/api/comments/"+top.ID+"/vote", map[string]any{"value": 1}, nil); status != 200 {
		t.Fatalf("vote: %d", status)
	}
	expect("after an upvote", "Fan: edited behind the app +1")
	if status := callStatus(t, owner, "POST", comments, map[string]any{"text": "Agreed", "parentId": top.ID}, nil); status != 201 {
		t.Fatalf("reply: %d", status)
	}
	expect("after a reply", "Fan: edited behind the app +1\n  Owner: Agreed +0")
	if status := callStatus(t, fan, "PATCH", e.URL+"/api/me", map[string]any{"displayName": "Fan Renamed"}, nil); status != 200 {
		t.Fatalf("rename: %d", status)
	}
	expect("after its author's rename", "Fan Renamed: edited behind the app +1\n  Owner: Agreed +0")
	if status := callStatus(t, fan, "DELETE", e.URL+"/api/comments/"+top.ID, nil, nil); status != 200 && status != 204 {
		t.Fatalf("delete: %d", status)
	}
	expect("after its deletion", "")
}

// The pages kept are bounded in number and in size, and a read that failed keeps nothing.
func TestThreadPagesKeepOnlyWhatFits(t *testing.T) {
	p := newThreadPages()
	big := threadPage{body: make([]byte, maxKeptThreadPage+1)}
	reads := 0
	read := func(page threadPage, err error) func() (threadPage, error) {
		return func() (threadPage, error) { reads++; return page, err }
	}
	k := threadKey{owner: "o", list: "l", version: 1}
	for range 2 {
		if _, err := p.page(k, read(big, nil)); err != nil {
			t.Fatal(err)
		}
	}
	if reads != 2 || p.kept.Len() != 0 {
		t.Fatalf("a page over %d bytes: %d reads, %d kept", maxKeptThreadPage, reads, p.kept.Len())
	}
	boom := errors.New("database gone")
	if _, err := p.page(k, read(threadPage{}, boom)); !errors.Is(err, boom) || p.kept.Len() != 0 {
		t.Fatalf("a failed read: %v, %d kept", err, p.kept.Len())
	}
	for i := range threadPagesKept + 10 {
		k.version = int64(i)
		p.page(k, read(threadPage{body: []byte("[]\n")}, nil))
	}
	if p.kept.Len() != threadPagesKept {
		t.Fatalf("%d pages kept, bound %d", p.kept.Len(), threadPagesKept)
	}
}
