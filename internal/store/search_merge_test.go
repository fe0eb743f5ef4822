package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// searchSegments counts the segments of SQLite's full-text index, each of which every
// search reads.
func searchSegments(t testing.TB, s *store.Store) int {
	t.Helper()
	var n int
	if err := s.DB().QueryRow(`SELECT count(DISTINCT segid) FROM list_fts_idx`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// mergeUntilDone runs MergeSearch until it finds no work, and answers how many steps did.
func mergeUntilDone(t testing.TB, s *store.Store, pages int, all bool) int {
	t.Helper()
	for steps := 0; ; steps++ {
		more, err := s.MergeSearch(context.Background(), pages, all)
		if err != nil {
			t.Fatal(err)
		}
		if !more {
			return steps
		}
		if steps > 1000 {
			t.Fatal("the merge never ends")
		}
	}
}

// Each save writes its words as a segment of its own; the merges serve runs join them
// (any two of a level), and a full merge leaves one, while every search finds what it
// found before. PostgreSQL's index has nothing to merge.
func TestMergeSearchJoinsTheSegmentsSavesLeft(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Merger")
		saved := 0
		save := func(n int) {
			for range n {
				at := listT0.Add(time.Duration(saved) * time.Minute)
				c := listContent(fmt.Sprintf("Parvati pick %d", saved), "Parvati Shallow", "Boston Rob")
				if _, err := s.CreateList(ctx, u.ID, lists.IDs(at), c, at); err != nil {
					t.Fatal(err)
				}
				saved++
			}
		}
		save(40)
		found := func() []string {
			got, total, err := s.Browse(ctx, model.BrowseQuery{Q: "parv", Page: 1, PageSize: 50})
			if err != nil || total != saved {
				t.Fatalf("search: %d found, %v", total, err)
			}
			return names(got)
		}
		want := found()
		if s.Dialect() == store.Postgres {
			if more, err := s.MergeSearch(ctx, store.SearchMergePages, true); more || err != nil {
				t.Errorf("PostgreSQL merged: %v %v", more, err)
			}
			return
		}
		before := searchSegments(t, s)
		if before < 4 {
			t.Fatalf("40 saves left %d segments, want several", before)
		}
		if steps := mergeUntilDone(t, s, store.SearchMergePages, false); steps == 0 {
			t.Error("the merge found no work")
		}
		// Any two segments of a level joined: the saves' few pages end in one segment
		// (FTS5's default, four of a level, left two).
		if merged := searchSegments(t, s); merged != 1 {
			t.Errorf("%d segments after the merge, from %d", merged, before)
		}
		if steps := mergeUntilDone(t, s, store.SearchMergePages, false); steps != 0 {
			t.Errorf("a merged index merged again (%d steps)", steps)
		}
		if got := found(); !slices.Equal(got, want) {
			t.Errorf("after the merge the search found %v, want %v", got, want)
		}
		// Ten more saves, then the full merge, one page a step: several short transactions.
		save(10)
		want = found()
		if steps := mergeUntilDone(t, s, 1, true); steps < 2 {
			t.Errorf("the full merge took %d steps of a page", steps)
		}
		if n := searchSegments(t, s); n != 1 {
			t.Errorf("%d segments after the full merge, want 1", n)
		}
		if got := found(); !slices.Equal(got, want) {
			t.Errorf("after the full merge the search found %v, want %v", got, want)
		}
	})
}

// A bulk load (its rows, then RebuildAggregates) leaves the search index in one segment.
func TestBulkLoadLeavesOneSearchSegment(t *testing.T) {
	s := storetest.OpenSQLite(t)
	seedBulk(t, s, seedSize{users: 20, lists: 3000, items: 10}, listT0)
	if n := searchSegments(t, s); n != 1 {
		t.Errorf("%d segments after a bulk load, want 1", n)
	}
}
