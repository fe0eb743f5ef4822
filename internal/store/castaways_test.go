package store_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Migration 0074 fills what it adds (the all-time consensus, castaway_ranks, the sitemap's
// numbers) from the lists already there, as a recount finds them; and a castaway's lists
// page by cursor through every public list ranking them, none twice.
func TestCastawayMigrationAndPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := &model.User{ID: "u-ann", DisplayName: "Ann", CreatedAt: time.Now()}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		t0 := time.Now().Add(-time.Hour)
		for i := range 7 {
			c := model.ListContent{Name: "List", IsPublic: i != 2, Tags: []string{"survivor-ranking"}, Items: []model.Item{
				{ID: "rudy-boesch", Name: "Rudy", SeasonID: "s1"}, {ID: "parvati-shallow", Name: "Parvati", SeasonID: "s20"}}}
			if i%2 == 1 {
				c.Items[0], c.Items[1] = c.Items[1], c.Items[0]
			}
			at := t0.Add(time.Duration(i) * time.Minute)
			if _, err := s.CreateList(ctx, u.ID, func(yield func(string) bool) { yield("list_" + at.Format("150405")) }, c, at); err != nil {
				t.Fatal(err)
			}
		}
		// Page Parvati's lists two at a time: first places (newest first), then second places.
		var seen []string
		cursor := ""
		for range 10 {
			page, next, err := s.CastawayLists(ctx, "parvati-shallow", cursor, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range page {
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
