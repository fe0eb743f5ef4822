package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"castaway/internal/api"
	"castaway/internal/catalog"
	"castaway/internal/global"
)

// slots48 is a ranking of ten slots from ids, the rest empty.
func slots48(ids ...any) []any {
	out := make([]any, 10)
	copy(out, ids)
	return out
}

func TestGlobalRankingsEndpoints(t *testing.T) {
	e := newEnv(t)
	cast, _ := catalog.MustLoad().Season("s48")
	c := cast.Contestants
	other, _ := catalog.MustLoad().Season("s47")
	ann, _ := e.signedIn(t, "Ann")
	bob, _ := e.signedIn(t, "Bob")
	base := e.URL + "/api/global-rankings"
	poll := base + "/season-48"
	submission := poll + "/submission"

	// Signed out: the results, empty at first; the overview lists the seeded poll.
	var res api.GlobalResults
	if status := callStatus(t, nil, "GET", poll, nil, &res); status != 200 || res.Poll.Id != "season-48" || res.Poll.SeasonId != "s48" ||
		res.Poll.SeasonName != "Survivor 48" || !res.Poll.IsOpen || res.TotalSubmissions != 0 || len(res.Top10) != 0 || res.Top10 == nil {
		t.Fatalf("results %d %+v", status, res)
	}
	if status, msg := communityErr(t, nil, "GET", base+"/season-99", nil); status != 404 || msg != global.MsgPollNotFound {
		t.Fatalf("unknown poll: %d %q", status, msg)
	}
	if status, msg := communityErr(t, nil, "PUT", submission, map[string]any{"ranking": slots48(c[0].ID)}); status != 401 ||
		msg != "You must be logged in to submit a ranking." {
		t.Fatalf("signed-out submit: %d %q", status, msg)
	}
	if status, _ := communityErr(t, nil, "GET", submission, nil); status != 401 {
		t.Fatalf("signed-out submission: %d", status)
	}

	// A user without a ballot gets ranking null.
	var mine api.GlobalSubmission
	if status := callStatus(t, ann, "GET", submission, nil, &mine); status != 200 || mine.Ranking != nil || mine.SubmittedAt != nil {
		t.Fatalf("no ballot: %d %+v", status, mine)
	}

	for _, tt := range []struct {
		name string
		body any
		msg  string
	}{
		{"no ranking", map[string]any{}, "Cannot submit ranking. List data is missing."},
		{"null ranking", map[string]any{"ranking": nil}, "Cannot submit ranking. List data is missing."},
		{"11 slots", map[string]any{"ranking": append(slots48(c[0].ID), nil)}, "Cannot submit ranking. List data is missing."},
		{"9 slots", map[string]any{"ranking": slots48()[:9]}, "Cannot submit ranking. List data is missing."},
		{"not a list", map[string]any{"ranking": "kyle"}, "Cannot submit ranking. List data is missing."},
		{"duplicate", map[string]any{"ranking": slots48(c[0].ID, c[1].ID, nil, c[0].ID)}, c[0].Name + " is already ranked at position 1."},
		{"other season", map[string]any{"ranking": slots48(other.Contestants[0].ID)},
			other.Contestants[0].Name + " is not a contestant of Survivor 48."},
		{"season id", map[string]any{"ranking": slots48("s48")}, global.MsgSeason},
		{"season item", map[string]any{"ranking": slots48(map[string]any{"id": "s48", "isSeason": true})}, global.MsgSeason},
	} {
		if status, msg := communityErr(t, ann, "PUT", submission, tt.body); status != 400 || msg != tt.msg {
			t.Errorf("%s: %d %q, want 400 %q", tt.name, status, msg, tt.msg)
		}
	}

	// Ann votes; the answer is the new aggregate.
	if status := callStatus(t, ann, "PUT", submission, map[string]any{"ranking": slots48(c[0].ID, c[1].ID, nil, c[2].ID)}, &res); status != 200 ||
		res.TotalSubmissions != 1 || len(res.Top10) != 3 || res.Top10[0].Id != c[0].ID || res.Top10[0].TotalScore != 10 ||
		res.Top10[0].Votes != 1 || res.Top10[0].Name != c[0].Name || res.Top10[0].ImageUrl == "" || res.Top10[0].IsSeason ||
		res.Top10[0].SeasonId != "s48" || res.Top10[2].TotalScore != 7 {
		t.Fatalf("submit: %d %+v", status, res)
	}
	// An item object in a slot is accepted too.
	if status := callStatus(t, bob, "PUT", submission, map[string]any{"ranking": slots48(map[string]any{"id": c[1].ID, "isSeason": false}, c[0].ID)}, &res); status != 200 ||
		res.TotalSubmissions != 2 || res.Top10[0].TotalScore != 19 || res.Top10[1].TotalScore != 19 ||
		res.Top10[0].Name > res.Top10[1].Name { // a tie on points and ballots goes by name
		t.Fatalf("second ballot: %d %+v", status, res)
	}
	// Ann's resubmission replaces hers.
	if status := callStatus(t, ann, "PUT", submission, map[string]any{"ranking": slots48(nil, c[3].ID)}, &res); status != 200 ||
		res.TotalSubmissions != 2 || len(res.Top10) != 3 {
		t.Fatalf("resubmit: %d %+v", status, res)
	}
	if status := callStatus(t, ann, "GET", submission, nil, &mine); status != 200 || mine.Ranking == nil || len(*mine.Ranking) != 10 ||
		(*mine.Ranking)[0] != nil || (*mine.Ranking)[1] == nil || (*mine.Ranking)[1].Id != c[3].ID || (*mine.Ranking)[1].Name != c[3].Name ||
		mine.SubmittedAt == nil || time.Since(*mine.SubmittedAt) > time.Minute {
		t.Fatalf("my ballot: %d %+v", status, mine)
	}

	var polls api.GlobalPolls
	if status := callStatus(t, nil, "GET", base, nil, &polls); status != 200 || len(polls.Polls) != 1 || polls.Polls[0].Id != "season-48" ||
		polls.Polls[0].TotalSubmissions != 2 || len(polls.Polls[0].Top) != 3 || polls.Polls[0].Top[0].Id != c[1].ID {
		t.Fatalf("overview: %d %+v", status, polls)
	}

	// A closed poll shows results and refuses ballots.
	if err := e.store.SetPollOpen(context.Background(), "season-48", false); err != nil {
		t.Fatal(err)
	}
	if status, msg := communityErr(t, ann, "PUT", submission, map[string]any{"ranking": slots48(c[4].ID)}); status != 409 || msg != global.MsgClosed {
		t.Fatalf("closed poll: %d %q", status, msg)
	}
	if status := callStatus(t, nil, "GET", poll, nil, &res); status != 200 || res.Poll.IsOpen || res.TotalSubmissions != 2 {
		t.Fatalf("closed results: %d %+v", status, res)
	}
	if status, _ := communityErr(t, ann, "PUT", base+"/nope/submission", map[string]any{"ranking": slots48()}); status != 404 {
		t.Fatalf("unknown poll submit: %d", status)
	}
}

func TestGlobalBallotsAreRateLimited(t *testing.T) {
	e := newEnv(t)
	ann, _ := e.signedIn(t, "Ann")
	url := e.URL + "/api/global-rankings/season-48/submission"
	for i := range global.BallotPerUser.Max {
		if status := callStatus(t, ann, "PUT", url, map[string]any{"ranking": slots48()}, nil); status != 200 {
			t.Fatalf("ballot %d: %d", i+1, status)
		}
	}
	res := call(t, ann, "PUT", url, map[string]any{"ranking": slots48()}, nil)
	if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
		t.Fatalf("over the limit: %d %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
}

func TestGlobalComments(t *testing.T) {
	e := newEnv(t)
	ann, annUser := e.signedIn(t, "Ann")
	bob, _ := e.signedIn(t, "Bob")
	url := e.URL + "/api/global-rankings/season-48/comments"

	if status, msg := communityErr(t, nil, "POST", url, map[string]any{"text": "hi"}); status != 401 || msg != "You must be signed in to comment." {
		t.Fatalf("signed out: %d %q", status, msg)
	}
	if status, msg := communityErr(t, ann, "POST", url, map[string]any{"text": "  "}); status != 400 || msg != "Comment cannot be empty." {
		t.Fatalf("empty: %d %q", status, msg)
	}
	if status, msg := communityErr(t, ann, "POST", url, map[string]any{"text": strings.Repeat("x", 501)}); status != 400 ||
		msg != "Comment must be 500 characters or fewer." {
		t.Fatalf("too long: %d %q", status, msg)
	}
	if status, _ := communityErr(t, ann, "POST", e.URL+"/api/global-rankings/nope/comments", map[string]any{"text": "hi"}); status != 404 {
		t.Fatalf("unknown poll: %d", status)
	}
	var top, reply api.Comment
	if status := callStatus(t, ann, "POST", url, map[string]any{"text": " Kyle all the way "}, &top); status != 201 ||
		top.Text != "Kyle all the way" || top.ListUserId != "" || top.ListId != "season-48" || top.UserId != annUser.ID {
		t.Fatalf("post: %d %+v", status, top)
	}
	nextMilli()
	if status := callStatus(t, bob, "POST", url, map[string]any{"text": "Agreed", "parentId": top.Id}, &reply); status != 201 ||
		reply.ParentId == nil || *reply.ParentId != top.Id {
		t.Fatalf("reply: %d %+v", status, reply)
	}
	// A list's comment is no parent on a poll.
	list := e.makeCommunityList(t, annUser.ID, "list_1", "L", true)
	var onList api.Comment
	callStatus(t, ann, "POST", list+"/comments", map[string]any{"text": "list comment"}, &onList)
	if status, _ := communityErr(t, bob, "POST", url, map[string]any{"text": "x", "parentId": onList.Id}); status != 404 {
		t.Fatalf("foreign parent: %d", status)
	}
	var thread []api.Comment
	if status := callStatus(t, nil, "GET", url, nil, &thread); status != 200 || len(thread) != 1 || thread[0].Id != top.Id ||
		thread[0].Replies == nil || len(*thread[0].Replies) != 1 {
		t.Fatalf("thread: %d %+v", status, thread)
	}
	// Ann is told of Bob's reply.
	notes, _, err := e.store.RecentNotifications(context.Background(), annUser.ID, 10)
	if err != nil || len(notes) != 1 || notes[0].Type != "comment_reply" || notes[0].ListID != "season-48" {
		t.Fatalf("inbox %+v, %v", notes, err)
	}
	// Voting on a poll comment works like on a list's.
	if status := callStatus(t, bob, "PUT", e.URL+"/api/comments/"+top.Id+"/vote", map[string]any{"value": 1}, nil); status != 200 {
		t.Fatalf("vote: %d", status)
	}
	if status, _ := communityErr(t, bob, "GET", e.URL+"/api/global-rankings/nope/comments", nil); status != 404 {
		t.Fatalf("unknown poll thread: %d", status)
	}
}
