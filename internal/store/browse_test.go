package store_test

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// browseFixture saves four lists, one private, and returns their names by id.
type browseFixture struct {
	alice, bob, carol *model.User
	queens, hidden    *model.List // Alice's
	seasons, villains *model.List // Bob's
}

func newBrowseFixture(t *testing.T, s *store.Store) *browseFixture {
	ctx := context.Background()
	f := &browseFixture{alice: listUser(t, s, "Alice"), bob: listUser(t, s, "Bob Builder"), carol: listUser(t, s, "Carol")}
	save := func(u *model.User, c model.ListContent, at time.Duration) *model.List {
		l, err := s.CreateList(ctx, u.ID, lists.IDs(listT0.Add(at)), c, listT0.Add(at))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	queens := listContent("Queens", "Parvati Shallow")
	queens.Tags = []string{"favorites", "survivor-ranking"}
	f.queens = save(f.alice, queens, 0)
	hidden := listContent("Hidden gems", "Parvati Shallow")
	hidden.IsPublic = false
	f.hidden = save(f.alice, hidden, time.Second)
	seasons := model.ListContent{Name: "Season picks", IsPublic: true, IsSeason: true, Tags: []string{"season-ranking", "strategic"},
		Items: []model.Item{{ID: "s20", Name: "Survivor: Heroes vs. Villains", IsSeason: true, SeasonID: "s20"}}, SearchText: "season picks\nsurvivor: heroes vs. villains"}
	f.seasons = save(f.bob, seasons, 2*time.Second)
	villains := listContent("Villains", "Russell Hantz", "Sandra Diaz-Twine", "Tony Vlachos", "Boston Rob")
	villains.Description = "100% evil_ones"
	villains.SearchText = "villains\n100% evil_ones\nrussell hantz\nsandra diaz-twine\ntony vlachos\nboston rob"
	villains.Tags = []string{"favorites", "strategic", "survivor-ranking"}
	f.villains = save(f.bob, villains, 3*time.Second)
	return f
}

func names(ls []model.ListSummary) []string {
	out := []string{}
	for _, l := range ls {
		out = append(out, l.Name)
	}
	return out
}

func TestBrowse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newBrowseFixture(t, s)
		execOK(t, s.DB(), `UPDATE lists SET upvote_count = 5, vote_rank = 5 WHERE id = $1 AND user_id = $2`, f.seasons.ID, f.bob.ID)
		execOK(t, s.DB(), `UPDATE lists SET upvote_count = 2, vote_rank = 2 WHERE id = $1 AND user_id = $2`, f.queens.ID, f.alice.ID)

		cases := []struct {
			name string
			q    model.BrowseQuery
			want []string
		}{
			{"newest, private left out", model.BrowseQuery{}, []string{"Villains", "Season picks", "Queens"}},
			{"oldest", model.BrowseQuery{Sort: model.SortOldest}, []string{"Queens", "Season picks", "Villains"}},
			{"most votes", model.BrowseQuery{Sort: model.SortMostVotes}, []string{"Season picks", "Queens", "Villains"}},
			{"season rankings", model.BrowseQuery{Type: model.TypeSeason}, []string{"Season picks"}},
			{"contestant rankings", model.BrowseQuery{Type: model.TypeSurvivor}, []string{"Villains", "Queens"}},
			{"one tag", model.BrowseQuery{Tags: []string{"favorites"}}, []string{"Villains", "Queens"}},
			{"all tags required", model.BrowseQuery{Tags: []string{"favorites", "strategic"}}, []string{"Villains"}},
			{"type tag", model.BrowseQuery{Tags: []string{"season-ranking"}}, []string{"Season picks"}},
			{"search item name", model.BrowseQuery{Q: "PARVATI"}, []string{"Queens"}},
			{"search author", model.BrowseQuery{Q: "bob build"}, []string{"Villains", "Season picks"}},
			{"search list name", model.BrowseQuery{Q: " villains "}, []string{"Villains", "Season picks"}},
			{"search description", model.BrowseQuery{Q: "evil"}, []string{"Villains"}},
			{"percent is literal", model.BrowseQuery{Q: "100%"}, []string{"Villains"}},
			{"punctuation separates words", model.BrowseQuery{Q: "season_picks"}, []string{"Season picks"}},
			{"private lists never match", model.BrowseQuery{Q: "hidden"}, []string{}},
			{"search and filter", model.BrowseQuery{Q: "v", Type: model.TypeSurvivor, Sort: model.SortOldest}, []string{}},
			{"prefix with filter", model.BrowseQuery{Q: "vi", Type: model.TypeSurvivor, Sort: model.SortOldest}, []string{"Villains"}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				tc.q.Page, tc.q.PageSize = 1, 12
				got, total, err := s.Browse(ctx, tc.q)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(names(got), tc.want) || total != len(tc.want) {
					t.Errorf("got %v (total %d), want %v", names(got), total, tc.want)
				}
			})
		}
	})
}

// Browse by a user tag reads the list's tag mask: it follows every save of the list's
// tags, a tag without a bit (imported) is still looked up, and a mask that drifted from
// the list's tags is found by verify and mended by repair.
func TestBrowseByTagFollowsTheListsTags(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newBrowseFixture(t, s)
		tagged := func(tag string) []string {
			t.Helper()
			got, total, err := s.Browse(ctx, model.BrowseQuery{Tags: []string{tag}, Page: 1, PageSize: 12})
			if err != nil {
				t.Fatal(err)
			}
			if total != len(got) {
				t.Fatalf("tag %s: total %d for %v", tag, total, names(got))
			}
			return names(got)
		}
		if got := tagged("strategic"); !slices.Equal(got, []string{"Villains", "Season picks"}) {
			t.Fatalf("strategic: %v", got)
		}

		villains := listContent("Villains", "Russell Hantz")
		villains.Tags = []string{"spoiler", "survivor-ranking", "heroes-vs-villains"} // the last has no bit
		if _, err := s.UpdateList(ctx, f.bob.ID, f.villains.ID, villains, listT0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		for tag, want := range map[string][]string{"strategic": {"Season picks"}, "spoiler": {"Villains"}, "heroes-vs-villains": {"Villains"}} {
			if got := tagged(tag); !slices.Equal(got, want) {
				t.Errorf("after the edit, %s: %v, want %v", tag, got, want)
			}
		}

		execOK(t, s.DB(), `UPDATE lists SET tag_mask = 0 WHERE id = $1`, f.villains.ID)
		diffs, err := s.VerifyAggregate(ctx, store.AggCounts)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("list %s/%s: tag_mask 0 (recounted 16)", f.bob.ID, f.villains.ID); !slices.Contains(diffs, want) {
			t.Fatalf("verify after the mask drifted: %q, want %q among them", diffs, want)
		}
		if err := s.RepairAggregate(ctx, store.AggCounts); err != nil {
			t.Fatal(err)
		}
		if got := tagged("spoiler"); !slices.Equal(got, []string{"Villains"}) {
			t.Errorf("after the repair, spoiler: %v", got)
		}
	})
}

func TestBrowsePagingAndSummaries(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newBrowseFixture(t, s)
		first, total, err := s.Browse(ctx, model.BrowseQuery{Page: 1, PageSize: 2})
		if err != nil {
			t.Fatal(err)
		}
		second, _, err := s.Browse(ctx, model.BrowseQuery{Page: 2, PageSize: 2})
		if err != nil {
			t.Fatal(err)
		}
		// A page past the lists reads no count with its rows (store.BrowseStmts.CountInPage),
		// and still says how many there are.
		beyond, beyondTotal, err := s.Browse(ctx, model.BrowseQuery{Page: 3, PageSize: 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, tagged, err := s.Browse(ctx, model.BrowseQuery{Page: 1, PageSize: 2, Tags: []string{"strategic"}}); err != nil || tagged != 2 {
			t.Errorf("lists tagged strategic: %d (%v), want 2", tagged, err)
		}
		if total != 3 || beyondTotal != 3 || !reflect.DeepEqual(names(first), []string{"Villains", "Season picks"}) ||
			!reflect.DeepEqual(names(second), []string{"Queens"}) || len(beyond) != 0 {
			t.Fatalf("pages %v %v %v total %d", names(first), names(second), names(beyond), total)
		}
		v := first[0]
		if v.UserName != "Bob Builder" || v.UserID != f.bob.ID || v.ItemCount != 4 || !v.CreatedAt.Equal(listT0.Add(3*time.Second)) {
			t.Errorf("summary %+v", v)
		}
		if len(v.TopItems) != 3 || v.TopItems[0].Name != "Russell Hantz" || v.TopItems[2].Name != "Tony Vlachos" {
			t.Errorf("top items %+v", v.TopItems)
		}
		if !reflect.DeepEqual(v.Tags, []string{"favorites", "strategic", "survivor-ranking"}) {
			t.Errorf("tags %v", v.Tags)
		}
		if len(first[1].TopItems) != 1 || !first[1].TopItems[0].IsSeason || !first[1].IsSeason {
			t.Errorf("season list summary %+v", first[1])
		}
	})
}

func TestHome(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newBrowseFixture(t, s)
		now := listT0.Add(30 * 24 * time.Hour)
		weekAgo := now.Add(-7 * 24 * time.Hour)
		voters := []*model.User{f.alice, f.carol, listUser(t, s, "Dave")}
		vote := func(l *model.List, voter *model.User, at time.Time) {
			execOK(t, s.DB(), `INSERT INTO list_upvotes (list_user_id, list_id, user_id, created_at) VALUES ($1, $2, $3, $4)`,
				l.UserID, l.ID, voter.ID, at.UnixMilli())
			execOK(t, s.DB(), `UPDATE lists SET upvote_count = upvote_count + 1 WHERE user_id = $1 AND id = $2`, l.UserID, l.ID)
			execOK(t, s.DB(), store.StmtVotePending, l.UserID, l.ID, "")
			execOK(t, s.DB(), store.StmtDailyUpvoteAdd, l.UserID, l.ID, at.UnixMilli()/86400000)
		}
		vote(f.seasons, voters[0], now.Add(-time.Hour))
		vote(f.seasons, voters[1], now.Add(-6*24*time.Hour))
		vote(f.queens, voters[1], now.Add(-time.Minute))
		vote(f.queens, voters[2], weekAgo.Add(-time.Minute)) // too old to count this week
		for _, v := range voters {
			vote(f.hidden, v, now) // private: never shown
		}
		vote(f.villains, voters[2], weekAgo.Add(-time.Hour))
		fav := func(u *model.User, l *model.List, at time.Duration) {
			execOK(t, s.DB(), `INSERT INTO favorites (user_id, list_user_id, list_id, favorited_at) VALUES ($1, $2, $3, $4)`,
				u.ID, l.UserID, l.ID, listT0.Add(at).UnixMilli())
		}
		fav(f.carol, f.queens, time.Hour)
		fav(f.carol, f.villains, 2*time.Hour)
		fav(f.carol, f.hidden, 3*time.Hour) // Alice made it private after Carol starred it
		fav(f.alice, f.hidden, time.Hour)

		h, err := s.Home(ctx, f.carol.ID, weekAgo)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(h.TopThisWeek); !reflect.DeepEqual(got, []string{"Season picks", "Queens"}) {
			t.Errorf("top this week %v", got)
		}
		if got := names(h.Recent); !reflect.DeepEqual(got, []string{"Villains", "Season picks", "Queens"}) {
			t.Errorf("recent %v", got)
		}
		if got := names(h.Favorites); !reflect.DeepEqual(got, []string{"Villains", "Queens"}) {
			t.Errorf("carol's favorites %v", got)
		}
		if len(h.Recent[0].TopItems) != 3 {
			t.Errorf("recent card top items %+v", h.Recent[0].TopItems)
		}
		// Both sections' cards are read at once: a list in both shows its own in each.
		for _, card := range append(append([]model.ListSummary{}, h.TopThisWeek...), h.Recent...) {
			l, err := s.List(ctx, card.UserID, card.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := l.Items[:min(len(l.Items), store.TopItemCount)]
			if !reflect.DeepEqual(card.TopItems, want) || !reflect.DeepEqual(card.Tags, l.Tags) {
				t.Errorf("card of %s: %+v %v, want %+v %v", card.Name, card.TopItems, card.Tags, want, l.Tags)
			}
		}
		mine, err := s.Home(ctx, f.alice.ID, weekAgo)
		if err != nil {
			t.Fatal(err)
		}
		if got := names(mine.Favorites); !reflect.DeepEqual(got, []string{"Hidden gems"}) {
			t.Errorf("owner's own private favorite: %v", got)
		}
		anon, err := s.Home(ctx, "", weekAgo)
		if err != nil {
			t.Fatal(err)
		}
		if anon.Favorites == nil || len(anon.Favorites) != 0 {
			t.Errorf("signed-out favorites %v", anon.Favorites)
		}
	})
}

func TestUserLists(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newBrowseFixture(t, s)
		// Editing the oldest list moves it to the top.
		if _, err := s.UpdateList(ctx, f.alice.ID, f.queens.ID, listContent("Queens v2", "Parvati Shallow"), listT0.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		own, err := s.UserLists(ctx, f.alice.ID, f.alice.ID)
		if err != nil {
			t.Fatal(err)
		}
		public, err := s.UserLists(ctx, f.alice.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(names(own), []string{"Queens v2", "Hidden gems"}) || !reflect.DeepEqual(names(public), []string{"Queens v2"}) {
			t.Errorf("own %v public %v", names(own), names(public))
		}
		none, err := s.UserLists(ctx, "nobody", "nobody")
		if err != nil || none == nil || len(none) != 0 {
			t.Errorf("nobody's lists %v %v", none, err)
		}
	})
}

// BenchmarkBrowse searches and pages through a few thousand public lists.
func BenchmarkBrowse(b *testing.B) {
	s := storetest.OpenSQLite(b)
	ctx := context.Background()
	var users []*model.User
	for i := range 50 {
		users = append(users, listUser(b, s, fmt.Sprintf("Fan%02d", i)))
	}
	for i := range 3000 {
		c := listContent(fmt.Sprintf("List %d", i), "Parvati Shallow", "Tom Westman", "Rob Mariano", "Sandra Diaz-Twine", fmt.Sprintf("Player %d", i))
		c.IsSeason = i%5 == 0
		c.IsPublic = i%10 != 0
		if i%3 == 0 {
			c.Tags = append(c.Tags, "strategic")
		}
		if _, err := s.CreateList(ctx, users[i%len(users)].ID, lists.IDs(listT0.Add(time.Duration(i)*time.Minute)), c, listT0.Add(time.Duration(i)*time.Minute)); err != nil {
			b.Fatal(err)
		}
	}
	queries := []model.BrowseQuery{
		{Page: 1},
		{Sort: model.SortMostVotes, Page: 20},
		{Type: model.TypeSurvivor, Tags: []string{"strategic"}, Page: 3},
		{Q: "player 12", Sort: model.SortOldest, Page: 1},
		{Q: "fan07", Page: 2},
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		q := queries[i%len(queries)]
		q.PageSize = 12
		if _, _, err := s.Browse(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
}

// A card is kept by its list's version: an edit shows on the next read, even one made in
// the same millisecond as the version the card was read at.
func TestCardsFollowEveryEdit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newBrowseFixture(t, s)
		card := func() model.ListSummary {
			t.Helper()
			got, err := s.UserLists(ctx, f.alice.ID, "")
			if err != nil || len(got) != 1 {
				t.Fatalf("alice's public lists %v %v", got, err)
			}
			return got[0]
		}
		if c := card(); len(c.TopItems) != 1 || c.TopItems[0].Name != "Parvati Shallow" || !slices.Contains(c.Tags, "favorites") {
			t.Fatalf("before the edits: %+v", c)
		}
		// Two edits stamped with the time the list was created at: each moves the version on.
		version := f.queens.UpdatedAt
		for _, c := range []struct {
			content model.ListContent
			top     string
			items   int
		}{
			{listContent("Queens", "Sandra Diaz-Twine", "Parvati Shallow"), "Sandra Diaz-Twine", 2},
			{listContent("Queens", "Parvati Shallow"), "Parvati Shallow", 1},
		} {
			if _, err := s.UpdateList(ctx, f.alice.ID, f.queens.ID, c.content, f.queens.UpdatedAt); err != nil {
				t.Fatal(err)
			}
			got := card()
			if len(got.TopItems) != c.items || got.TopItems[0].Name != c.top || slices.Contains(got.Tags, "favorites") {
				t.Fatalf("after an edit in the same millisecond: %+v, want %s first of %d", got, c.top, c.items)
			}
			if !got.UpdatedAt.After(version) {
				t.Errorf("updated at %v, not after %v", got.UpdatedAt, version)
			}
			version = got.UpdatedAt
		}
	})
}
