package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// annMakes creates the fan Ann and n lists of hers a minute apart from an hour ago, list i
// made of content(i) under the id id(i, its time), and answers the first one's time.
func annMakes(t *testing.T, s *store.Store, n int, content func(i int) model.ListContent, id func(i int, at time.Time) string) time.Time {
	t.Helper()
	ctx := context.Background()
	if err := s.CreateUser(ctx, &model.User{ID: "u-ann", DisplayName: "Ann", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	t0 := time.Now().Add(-time.Hour)
	for i := range n {
		at := t0.Add(time.Duration(i) * time.Minute)
		if _, err := s.CreateList(ctx, "u-ann", func(yield func(string) bool) { yield(id(i, at)) }, content(i), at); err != nil {
			t.Fatal(err)
		}
	}
	return t0
}

// Migration 0074 fills what it adds (the all-time consensus, castaway_ranks, the sitemap's
// numbers) from the lists already there, as a recount finds them; and a castaway's lists
// page by cursor through every public list ranking them, none twice.
func TestCastawayMigrationAndPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		t0 := annMakes(t, s, 7, func(i int) model.ListContent {
			c := model.ListContent{Name: "List", IsPublic: i != 2, Tags: []string{"survivor-ranking"}, Items: []model.Item{
				{ID: "rudy-boesch", Name: "Rudy", SeasonID: "s1"}, {ID: "parvati-shallow", Name: "Parvati", SeasonID: "s20"}}}
			if i%2 == 1 {
				c.Items[0], c.Items[1] = c.Items[1], c.Items[0]
			}
			return c
		}, func(_ int, at time.Time) string { return "list_" + at.Format("150405") })
		// Page Parvati's lists two at a time: first places (newest first), then second places.
		var seen []string
		cursor := ""
		for range 10 {
			page, err := s.CastawayLists(ctx, "parvati-shallow", cursor, 2, []string{"s20", store.AllTimeScope, "s99"})
			if err != nil {
				t.Fatal(err)
			}
			// The versions of the rankings the page shows come with every page, and alone
			// (a page's head), one for each scope asked for.
			alone, err := s.ConsensusVersions(ctx, []string{"s20", store.AllTimeScope, "s99"})
			if err != nil || len(alone) != 3 {
				t.Fatalf("versions alone: %v (%v)", alone, err)
			}
			for _, scope := range []string{"s20", store.AllTimeScope, "s99"} {
				want, err := s.ConsensusVersion(ctx, scope)
				if err != nil || page.Versions[scope] != want || alone[scope] != want {
					t.Fatalf("version of %s: %d with the page, %d alone, want %d (%v)", scope, page.Versions[scope], alone[scope], want, err)
				}
			}
			next := page.Next
			for _, l := range page.Lists {
				seen = append(seen, l.ID+"@"+string(rune('0'+l.Position)))
			}
			if cursor = next; cursor == "" {
				break
			}
		}
		want := []string{"5", "3", "1", "6", "4", "0"}
		if len(seen) != len(want) {
			t.Fatalf("paged %v", seen)
		}
		for i, w := range want {
			at := t0.Add(time.Duration(w[0]-'0') * time.Minute).Format("150405")
			pos := "1"
			if w[0]%2 == 0 {
				pos = "2"
			}
			if seen[i] != "list_"+at+"@"+pos {
				t.Errorf("paged %v, want list %s at %d", seen, w, i)
			}
		}

		// Empty what 0074 fills, run it again, and a recount agrees.
		for _, q := range []string{`DROP TABLE castaway_ranks`, `DROP TABLE sitemap_lists`,
			`DELETE FROM consensus_items WHERE scope = '*'`, `DELETE FROM consensus_members WHERE scope = '*'`,
			`DELETE FROM consensus_lists WHERE scope = '*'`} {
			if _, err := s.DB().ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		stmts, err := store.MigrationStatements("0074_castaways." + string(s.Dialect()) + ".sql")
		if err != nil {
			t.Fatal(err)
		}
		times, err := store.MigrationStatements("0078_sitemap_times.sql") // the column 0074 lacks
		if err != nil {
			t.Fatal(err)
		}
		stmts = append(stmts, times...)
		for _, q := range stmts {
			if _, err := s.DB().ExecContext(ctx, q); err != nil {
				t.Fatalf("%v\n%s", err, q)
			}
		}
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) > 0 {
			t.Errorf("after the migration: %v %v", diffs, err)
		}
		if n, err := s.SitemapListPages(ctx, 4); err != nil || n != 2 {
			t.Errorf("sitemap pages %d %v", n, err)
		}
	})
}

// A castaway's page reads the places first, then their lists by key: a list that stopped
// being public in between (its place not yet taken out, here by hand) is left off the
// page, which comes one short, and the next page goes on after it.
func TestCastawayPageLeavesOutAListGonePrivate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		annMakes(t, s, 4, func(int) model.ListContent {
			return model.ListContent{Name: "List", IsPublic: true, Tags: []string{"survivor-ranking"}, Items: []model.Item{
				{ID: "parvati-shallow", Name: "Parvati", SeasonID: "s20"}}}
		}, func(i int, _ time.Time) string { return "list_" + string(rune('a'+i)) })
		// Newest first: d, c, b, a. c goes private behind castaway_ranks' back.
		if _, err := s.DB().ExecContext(ctx, `UPDATE lists SET is_public = FALSE, chosen_public = FALSE WHERE id = 'list_c'`); err != nil {
			t.Fatal(err)
		}
		page, err := s.CastawayLists(ctx, "parvati-shallow", "", 2, nil)
		if l := page.Lists; err != nil || len(l) != 1 || l[0].ID != "list_d" || l[0].Position != 1 || page.Next == "" {
			t.Fatalf("first page %+v, %v", page, err)
		}
		page, err = s.CastawayLists(ctx, "parvati-shallow", page.Next, 2, nil)
		if l := page.Lists; err != nil || len(l) != 2 || l[0].ID != "list_b" || l[1].ID != "list_a" || page.Next != "" {
			t.Fatalf("second page %+v, %v", page, err)
		}
	})
}

// A sitemap page reads each list's time from sitemap_lists, which an edit keeps in step;
// verify finds a time gone wrong and repairing the castaway aggregate puts it right.
func TestSitemapKeepsListTimes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newBrowseFixture(t, s)
		edited := listT0.Add(3 * time.Hour)
		if _, err := s.UpdateList(ctx, f.alice.ID, f.queens.ID, listContent("Queens v2", "Parvati Shallow"), edited); err != nil {
			t.Fatal(err)
		}
		timeOf := func() time.Time {
			ls, err := s.SitemapLists(ctx, 1, 50000)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range ls {
				if l.ListID == f.queens.ID {
					return l.UpdatedAt
				}
			}
			t.Fatalf("the edited list is not in the sitemap: %v", ls)
			return time.Time{}
		}
		if got := timeOf(); !got.Equal(edited) {
			t.Errorf("sitemap time %v, want the edit's %v", got, edited)
		}
		execOK(t, s.DB(), `UPDATE sitemap_lists SET updated_at = 1 WHERE list_id = '`+f.queens.ID+`'`)
		diffs, err := s.VerifyAggregates(ctx)
		if err != nil || len(diffs) != 1 || !strings.Contains(diffs[0], f.queens.ID+": time 1") {
			t.Fatalf("verify: %q %v", diffs, err)
		}
		if err := s.RepairAggregate(ctx, store.AggCastaways); err != nil {
			t.Fatal(err)
		}
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
			t.Errorf("after the repair: %q %v", diffs, err)
		}
		if got := timeOf(); !got.Equal(edited) {
			t.Errorf("repaired sitemap time %v, want %v", got, edited)
		}
	})
}
