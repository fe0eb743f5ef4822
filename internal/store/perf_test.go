package store_test

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func browseNames(t *testing.T, s *store.Store, q model.BrowseQuery) []string {
	t.Helper()
	q.Page, q.PageSize = 1, 50
	r, err := s.BrowsePage(context.Background(), q)
	if err != nil {
		t.Fatalf("browse %+v: %v", q, err)
	}
	got := names(r.Lists)
	sort.Strings(got)
	return got
}

func TestSearchFullText(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ana, zed := listUser(t, s, "Ana Banana"), listUser(t, s, "żaneta")
		save := func(u *model.User, c model.ListContent, at time.Duration) *model.List {
			l, err := s.CreateList(ctx, u.ID, lists.IDs(listT0.Add(at)), c, listT0.Add(at))
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		queens := listContent("Queens of the game", "Parvati Shallow", "Sandra Diaz-Twine")
		queens.Description = `Who's "best"? (NEAR the top) - obviously*`
		save(ana, queens, 0)
		save(ana, listContent("Strategists", "Tony Vlachos", "Rob Mariano"), time.Second)
		unicode := listContent("Café crème", "Yam Yam Arocho")
		save(zed, unicode, 2*time.Second)

		for _, tc := range []struct {
			q    string
			want []string
		}{
			{"parv", []string{"Queens of the game"}},         // a word being typed
			{"PARVATI shal", []string{"Queens of the game"}}, // every word, any case
			{"parvati tony", []string{}},
			{"parv shallow", []string{}},                             // only the last word is a prefix                             // every word must match
			{"vlach", []string{"Strategists"}},                       // item names
			{"banan", []string{"Queens of the game", "Strategists"}}, // author
			{"żan", []string{"Café crème"}},                          // unicode author
			{"café", []string{"Café crème"}},
			{"diaz-twine", []string{"Queens of the game"}},
			{`"best"`, []string{"Queens of the game"}},
			{`NEAR(best top)`, []string{"Queens of the game"}},
			{`obviously* -who`, []string{"Queens of the game"}},
			{`who's`, []string{"Queens of the game"}},
			{`"unterminated`, []string{}},
			{`* - " ( ) : ^ + AND OR NOT`, []string{}}, // operators are words here: "and", "or", "not" must match
			{`parvati* ("shallow") -`, []string{"Queens of the game"}},
			{`col:parv`, []string{}},
			{`***`, []string{"Café crème", "Queens of the game", "Strategists"}}, // no words: no search
			{"😀 parv", []string{"Queens of the game"}},
			{"\u0000x", []string{}},
		} {
			got := browseNames(t, s, model.BrowseQuery{Q: tc.q})
			want := append([]string{}, tc.want...)
			sort.Strings(want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("q=%q: got %v, want %v", tc.q, got, want)
			}
		}

		// A rename reaches the index in the same transaction; an edit rewrites the row.
		if _, err := s.RenameUser(ctx, ana.ID, "Boston Fan"); err != nil {
			t.Fatal(err)
		}
		if got := browseNames(t, s, model.BrowseQuery{Q: "banana"}); len(got) != 0 {
			t.Errorf("old name still found: %v", got)
		}
		if got := browseNames(t, s, model.BrowseQuery{Q: "bost"}); len(got) != 2 {
			t.Errorf("new name not found: %v", got)
		}
		lists, _ := s.UserLists(ctx, zed.ID, zed.ID)
		edit := listContent("Renamed", "Ozzy Lusth")
		if _, err := s.UpdateList(ctx, zed.ID, lists[0].ID, edit, listT0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if got := browseNames(t, s, model.BrowseQuery{Q: "yam"}); len(got) != 0 {
			t.Errorf("old items still found: %v", got)
		}
		if got := browseNames(t, s, model.BrowseQuery{Q: "ozz"}); !reflect.DeepEqual(got, []string{"Renamed"}) {
			t.Errorf("new items not found: %v", got)
		}
		total := func(q model.BrowseQuery) int {
			q.Page, q.PageSize = 1, 12
			r, err := s.BrowsePage(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return r.Total
		}
		if n := total(model.BrowseQuery{}); n != 3 {
			t.Errorf("public lists %d, want 3", n)
		}
		edit.IsPublic = false
		if _, err := s.UpdateList(ctx, zed.ID, lists[0].ID, edit, listT0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if n, m := total(model.BrowseQuery{}), total(model.BrowseQuery{Tags: []string{"survivor-ranking"}, Type: model.TypeSurvivor}); n != 2 || m != 2 {
			t.Errorf("after making one private: %d lists, %d tagged", n, m)
		}
		if err := s.DeleteList(ctx, zed.ID, lists[0].ID); err != nil {
			t.Fatal(err)
		}
		if got := browseNames(t, s, model.BrowseQuery{Q: "ozz"}); len(got) != 0 {
			t.Errorf("deleted list found: %v", got)
		}
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
			t.Errorf("aggregates after edits: %v %v", diffs, err)
		}
	})
}

func TestBrowseCursorStableWhileListsArrive(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		users := []*model.User{listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Cat")}
		var all []string
		for i := range 20 {
			// Three owners share each millisecond: ties are broken by the key.
			u := users[i%3]
			l, err := s.CreateList(ctx, u.ID, lists.IDs(listT0.Add(time.Duration(i/3)*time.Millisecond)), listContent(fmt.Sprintf("L%02d", i), "Parvati Shallow"), listT0.Add(time.Duration(i/3)*time.Millisecond))
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, l.Name)
		}
		for _, sortBy := range []model.BrowseSort{model.SortNewest, model.SortOldest, model.SortMostVotes} {
			for _, q := range []string{"", "parv"} {
				seen := map[string]bool{}
				cursor := ""
				for page := 0; ; page++ {
					r, err := s.BrowsePage(ctx, model.BrowseQuery{Sort: sortBy, Q: q, Cursor: cursor, Page: 1, PageSize: 6})
					if err != nil {
						t.Fatal(err)
					}
					for _, l := range r.Lists {
						if seen[l.Name] {
							t.Errorf("%s q=%q: %s twice", sortBy, q, l.Name)
						}
						seen[l.Name] = true
					}
					// Newer lists arrive between pages, and at the same instant as the last page.
					at := listT0.Add(time.Hour + time.Duration(page)*time.Second)
					if sortBy == model.SortOldest {
						at = listT0.Add(-time.Hour)
					}
					if _, err := s.CreateList(ctx, users[page%3].ID, lists.IDs(at), listContent(fmt.Sprintf("new %s %s %d", sortBy, q, page), "Parvati"), at); err != nil {
						t.Fatal(err)
					}
					if r.NextCursor == "" {
						break
					}
					cursor = r.NextCursor
				}
				for _, n := range all {
					if !seen[n] {
						t.Errorf("%s q=%q: %s skipped", sortBy, q, n)
					}
				}
			}
		}
		if _, err := s.BrowsePage(ctx, model.BrowseQuery{Sort: model.SortOldest, Cursor: "bm90IGEgY3Vyc29y", PageSize: 6}); err != store.ErrBadCursor {
			t.Errorf("made-up cursor: %v", err)
		}
		r, _ := s.BrowsePage(ctx, model.BrowseQuery{Sort: model.SortNewest, Page: 1, PageSize: 6})
		if _, err := s.BrowsePage(ctx, model.BrowseQuery{Sort: model.SortOldest, Cursor: r.NextCursor, PageSize: 6}); err != store.ErrBadCursor {
			t.Errorf("another sort's cursor: %v", err)
		}
	})
}

func TestBrowseCountIsCapped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		seedBulk(t, s, seedSize{users: 10, lists: 1200, items: 1}, listT0)
		// 1,200 lists, one in ten private: 1,080 public (plus the seeded "hot" list).
		r, err := s.BrowsePage(ctx, model.BrowseQuery{Page: 1, PageSize: 12})
		if err != nil {
			t.Fatal(err)
		}
		if r.Total != store.BrowseCountCap || !r.TotalIsCapped || len(r.Lists) != 12 || r.NextCursor == "" {
			t.Errorf("capped first page: total %d capped %v, %d lists", r.Total, r.TotalIsCapped, len(r.Lists))
		}
		last, _ := s.BrowsePage(ctx, model.BrowseQuery{Page: 84, PageSize: 12})
		if len(last.Lists) != 12 || last.NextCursor == "" {
			t.Errorf("page 84: %d lists", len(last.Lists))
		}
		past, _ := s.BrowsePage(ctx, model.BrowseQuery{Page: 90, PageSize: 12})
		if len(past.Lists) != 0 || !past.TotalIsCapped {
			t.Errorf("page 90 reads past the count: %d lists", len(past.Lists))
		}
		// The cursor goes on past what page numbers reach.
		beyond, _ := s.BrowsePage(ctx, model.BrowseQuery{Cursor: last.NextCursor, PageSize: 12})
		if len(beyond.Lists) != 12 || beyond.Lists[0].CreatedAt.After(last.Lists[11].CreatedAt) {
			t.Errorf("cursor after page 84: %d lists", len(beyond.Lists))
		}
		// A search matching more lists than it considers says so too.
		many, err := s.BrowsePage(ctx, model.BrowseQuery{Q: "ranking", Page: 1, PageSize: 12})
		if err != nil || !many.TotalIsCapped || many.Total == 0 || len(many.Lists) != 12 {
			t.Errorf("a common word: total %d capped %v, %d lists, %v", many.Total, many.TotalIsCapped, len(many.Lists), err)
		}
		// ... and its newest page is the newest matching lists, as plain browsing orders them.
		plain, _ := s.BrowsePage(ctx, model.BrowseQuery{Page: 1, PageSize: 14})
		var want []string
		for _, l := range plain.Lists {
			if strings.HasPrefix(l.Name, "Ranking number") && len(want) < 12 {
				want = append(want, l.ID)
			}
		}
		var got []string
		for _, l := range many.Lists {
			got = append(got, l.ID)
		}
		if !slices.Equal(got, want) {
			t.Errorf("a common word's newest page: %v, want %v", got, want)
		}
		oldest, _ := s.BrowsePage(ctx, model.BrowseQuery{Q: "ranking", Sort: model.SortOldest, Page: 2, PageSize: 12})
		for i := 1; i < len(oldest.Lists); i++ {
			if oldest.Lists[i].CreatedAt.Before(oldest.Lists[i-1].CreatedAt) {
				t.Errorf("a common word's oldest page is out of order at %d", i)
			}
		}
		if len(oldest.Lists) != 12 {
			t.Errorf("a common word's oldest page 2: %d lists", len(oldest.Lists))
		}
		few, _ := s.BrowsePage(ctx, model.BrowseQuery{Q: "ranking number 1042", Page: 1, PageSize: 12})
		if few.TotalIsCapped || few.Total != 1 || len(few.Lists) != 1 {
			t.Errorf("a rare word: total %d capped %v", few.Total, few.TotalIsCapped)
		}
		small, _ := s.BrowsePage(ctx, model.BrowseQuery{Type: model.TypeSeason, Tags: []string{"strategic"}, Page: 1, PageSize: 12})
		if small.TotalIsCapped || small.Total == 0 || small.Total > 100 {
			t.Errorf("a small filtered count: %d capped %v", small.Total, small.TotalIsCapped)
		}
	})
}

func TestTopThisWeekFromDailyCounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := listUser(t, s, "Owner")
		var voters []*model.User
		for i := range 5 {
			voters = append(voters, listUser(t, s, fmt.Sprintf("Voter %d", i)))
		}
		now := time.Date(2025, 6, 20, 15, 0, 0, 0, time.UTC)
		mk := func(name string) *model.List {
			l, err := s.CreateList(ctx, owner.ID, lists.IDs(listT0), listContent(name, "Parvati"), listT0)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		a, b, c := mk("A"), mk("B"), mk("C")
		vote := func(l *model.List, v int, at time.Time) {
			if _, err := s.AddUpvote(ctx, l.UserID, l.ID, voters[v].ID, at, false); err != nil {
				t.Fatal(err)
			}
		}
		top := func() []string { // as the front page reads it once the tally caught up
			catchUp(t, s)
			h, err := s.Home(ctx, "", now.Add(-7*24*time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			return names(h.TopThisWeek)
		}
		vote(a, 0, now.Add(-time.Hour))
		vote(a, 1, now.Add(-3*24*time.Hour))
		vote(b, 0, now.Add(-2*24*time.Hour))
		for v := range 5 {
			vote(c, v, now.Add(-10*24*time.Hour)) // long ago: most votes in all, none this week
		}
		if got := top(); !reflect.DeepEqual(got, []string{"A", "B"}) {
			t.Errorf("top %v", got)
		}
		vote(b, 1, now.Add(-time.Minute))
		vote(b, 2, now.Add(-6*24*time.Hour))
		if got := top(); !reflect.DeepEqual(got, []string{"B", "A"}) {
			t.Errorf("after more votes for B: %v", got)
		}
		// Withdrawing a vote takes it off the day it was cast on.
		for _, v := range []int{1, 2} {
			if _, err := s.RemoveUpvote(ctx, b.UserID, b.ID, voters[v].ID); err != nil {
				t.Fatal(err)
			}
		}
		if got := top(); !reflect.DeepEqual(got, []string{"A", "B"}) {
			t.Errorf("after B's votes were withdrawn: %v", got)
		}
		// A week on, every vote here has dropped out.
		now = now.Add(8 * 24 * time.Hour)
		if got := top(); len(got) != 0 {
			t.Errorf("a week later: %v", got)
		}
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
			t.Errorf("aggregates: %v %v", diffs, err)
		}
	})
}

func TestCommentPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, fan := listUser(t, s, "Owner"), listUser(t, s, "Fan")
		l, err := s.CreateList(ctx, owner.ID, lists.IDs(listT0), listContent("Talked about", "Parvati"), listT0)
		if err != nil {
			t.Fatal(err)
		}
		var tops []*model.Comment
		for i := range 7 {
			// Pairs share a millisecond: the id breaks the tie.
			tops = append(tops, addComment(t, s, fan, l.UserID, l.ID, "", fmt.Sprintf("top %d", i), listT0.Add(time.Duration(i/2)*time.Millisecond)))
		}
		reply := addComment(t, s, owner, l.UserID, l.ID, tops[0].ID, "reply to the oldest", listT0.Add(time.Hour))
		addComment(t, s, owner, l.UserID, l.ID, tops[6].ID, "reply to the newest", listT0.Add(time.Hour))
		addComment(t, s, owner, l.UserID, l.ID, tops[6].ID, "second reply to the newest", listT0.Add(2*time.Hour))

		var pages [][]string
		seen := map[string]bool{}
		cursor := ""
		for {
			page, next, err := s.CommentPage(ctx, l.UserID, l.ID, fan.ID, cursor, 3)
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			for _, c := range page {
				if seen[c.ID] {
					t.Errorf("%s twice", c.Text)
				}
				seen[c.ID] = true
				texts = append(texts, c.Text)
			}
			pages = append(pages, texts)
			if next == "" {
				break
			}
			cursor = next
			// A new comment between pages goes to the top, not into the next page.
			addComment(t, s, fan, l.UserID, l.ID, "", "late", listT0.Add(24*time.Hour))
		}
		if len(pages) != 3 || len(seen) != 10 {
			t.Fatalf("pages %q", pages)
		}
		pageOf := map[string]int{}
		for i, p := range pages {
			for _, text := range p {
				pageOf[text] = i
			}
		}
		if pages[0][0] != "top 6" || pages[0][3] != "reply to the newest" || pages[0][4] != "second reply to the newest" ||
			pageOf["reply to the oldest"] != pageOf["top 0"] {
			t.Errorf("replies not with their parents: %q", pages)
		}
		if _, _, err := s.CommentPage(ctx, l.UserID, l.ID, fan.ID, "garbage!", 3); err != store.ErrBadCursor {
			t.Errorf("bad cursor: %v", err)
		}
		count := func() int {
			var n int
			if err := s.DB().QueryRow(`SELECT comment_count FROM lists WHERE user_id = $1 AND id = $2`, l.UserID, l.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if got := count(); got != 12 {
			t.Errorf("comment_count %d, want 12", got)
		}
		if err := s.DeleteComment(ctx, tops[6].ID); err != nil { // with its two replies
			t.Fatal(err)
		}
		if err := s.DeleteComment(ctx, reply.ID); err != nil {
			t.Fatal(err)
		}
		if got := count(); got != 8 {
			t.Errorf("comment_count after deletes %d, want 8", got)
		}
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
			t.Errorf("aggregates: %v %v", diffs, err)
		}
	})
}

func TestVerifyAndRebuildAggregates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		seedBulk(t, s, seedSize{users: 30, lists: 200, items: 3, upvotes: 500, comments: 400}, listT0)
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
			t.Fatalf("after a rebuild: %v %v", diffs, err)
		}
		execOK(t, s.DB(), `UPDATE lists SET upvote_count = upvote_count + 3 WHERE id = 'list_5'`)
		execOK(t, s.DB(), `UPDATE lists SET comment_count = 99 WHERE id = 'list_hot'`)
		execOK(t, s.DB(), `UPDATE lists SET item_count = 0 WHERE id = 'list_6'`)
		execOK(t, s.DB(), `UPDATE list_upvotes_daily SET n = n + 1 WHERE list_id = (SELECT min(list_id) FROM list_upvotes_daily)`)
		execOK(t, s.DB(), `INSERT INTO list_upvotes_daily (list_user_id, list_id, day, n) VALUES ('u00007', 'list_7', 1, 4)`)
		// The weeks kept are those the front page read (and the next): one holding the last votes.
		var lastDay int64
		if err := s.DB().QueryRowContext(ctx, `SELECT max(day) FROM list_upvotes_daily`).Scan(&lastDay); err != nil {
			t.Fatal(err)
		}
		if err := s.KeepWeek(ctx, lastDay); err != nil {
			t.Fatal(err)
		}
		execOK(t, s.DB(), `UPDATE list_upvotes_week SET n = n + 1 WHERE list_id = (SELECT min(list_id) FROM list_upvotes_week)`)
		// A week row of a list whose days are right (the weeks are checked against the days).
		execOK(t, s.DB(), `INSERT INTO list_upvotes_week (list_user_id, list_id, end_day, n) VALUES ('u00008', 'list_8', 1, 4)`)
		execOK(t, s.DB(), `UPDATE comments SET upvotes = 5 WHERE id = 'c0000001'`)
		execOK(t, s.DB(), `UPDATE list_counts SET n = n + 2 WHERE tag = 'strategic' AND kind = 'all'`)
		execOK(t, s.DB(), `DELETE FROM list_counts WHERE tag = 'villains' AND kind = 'survivor'`)
		want := []string{"list_5: upvote_count", "list_hot: comment_count 99", "list_6: item_count 0", "daily upvotes",
			"list_7: daily upvotes of day 1 should be 0, counted 4", "upvotes of the week ending on day", "list_8: upvotes of the week ending on day 1 should be 0 by the daily upvotes, counted 4", "comment c0000001", "list_8: search index",
			`list count (tag "strategic", all)`, `list count (tag "villains", survivor): missing`}
		if s.Dialect() == store.Postgres {
			execOK(t, s.DB(), `UPDATE list_search_docs SET doc = to_tsvector('simple', 'stale') WHERE list_id = 'list_8'`)
			// list_3 is private: the index holds no row of it (searchIndexStatements).
			execOK(t, s.DB(), `INSERT INTO list_search_docs (list_user_id, list_id, created_at, doc)
				SELECT user_id, id, created_at, to_tsvector('simple', 'secret') FROM lists WHERE id = 'list_3'`)
			want = append(want, "list_3: search index holds a private list")
		} else {
			execOK(t, s.DB(), `DELETE FROM list_fts WHERE rowid = (SELECT id FROM list_search_ids WHERE list_id = 'list_8')`)
			// list_3 is private: the index holds no row of it (searchIndexStatements).
			execOK(t, s.DB(), `INSERT INTO list_fts (rowid, name, description, author, items)
				SELECT id, 'secret', '', '', '' FROM list_search_ids WHERE list_id = 'list_3'`)
			execOK(t, s.DB(), `UPDATE list_fts SET name = 'stale' WHERE rowid = (SELECT id FROM list_search_ids WHERE list_id = 'list_9')`)
			execOK(t, s.DB(), `INSERT INTO list_fts (rowid, name, description, author, items) VALUES (999999, 'orphan', '', '', '')`)
			want = append(want, "list_3: search index holds a private list", "list_9: search index stale", "search index row 999999: belongs to no list")
		}
		diffs, err := s.VerifyAggregates(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range want {
			found := false
			for _, d := range diffs {
				found = found || strings.Contains(d, want)
			}
			if !found {
				t.Errorf("verify missed %q in %q", want, diffs)
			}
		}
		if err := s.RebuildAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
			t.Errorf("after rebuilding: %v %v", diffs, err)
		}
	})
}
