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

// TestBrowseByFranchise: a list is found under the franchise its entries come from, kept
// by every save, and one mixing franchises under none; verify recounts the franchise.
func TestBrowseByFranchise(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Fan")
		seasonOf := func(c model.ListContent, seasonIDs ...string) model.ListContent {
			for i := range c.Items {
				c.Items[i].SeasonID = seasonIDs[i]
			}
			return c
		}
		save := func(c model.ListContent, at time.Duration) *model.List {
			l, err := s.CreateList(ctx, u.ID, lists.IDs(listT0.Add(at)), c, listT0.Add(at))
			if err != nil {
				t.Fatal(err)
			}
			return l
		}
		save(listContent("Borneo", "Richard Hatch", "Kelly Wiglesworth"), 0)
		aussies := save(seasonOf(listContent("Aussies", "Shaun Hampson", "Jericho Malabonga"), "au4", "au6"), time.Second)
		save(seasonOf(listContent("Both", "Cirie Fields", "Shaun Hampson"), "s12", "au4"), 2*time.Second)
		save(seasonOf(listContent("Kiwis", "Avi Duvshani"), "nz2"), 3*time.Second)
		in := func(franchise string) []string {
			t.Helper()
			got, _, err := s.Browse(ctx, model.BrowseQuery{Franchise: franchise, PageSize: 12})
			if err != nil {
				t.Fatal(err)
			}
			return names(got)
		}
		for franchise, want := range map[string][]string{"": {"Kiwis", "Both", "Aussies", "Borneo"}, "US": {"Borneo"},
			"AU": {"Aussies"}, "NZ": {"Kiwis"}, "UK": {}} {
			if got := in(franchise); !slices.Equal(got, want) {
				t.Errorf("franchise %q: %v, want %v", franchise, got, want)
			}
		}

		// An edit that takes the list home moves it.
		if _, err := s.UpdateList(ctx, u.ID, aussies.ID, listContent("Aussies", "Richard Hatch"), listT0.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if got := in("US"); !slices.Equal(got, []string{"Aussies", "Borneo"}) {
			t.Errorf("after the edit, US: %v", got)
		}

		execOK(t, s.DB(), `UPDATE lists SET franchise = 3 WHERE id = $1`, aussies.ID)
		diffs, err := s.VerifyAggregate(ctx, store.AggCounts)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("list %s/%s: franchise 3 (recounted 0)", u.ID, aussies.ID); !slices.Contains(diffs, want) {
			t.Fatalf("verify after the franchise drifted: %q, want %q among them", diffs, want)
		}
		if err := s.RepairAggregate(ctx, store.AggCounts); err != nil {
			t.Fatal(err)
		}
		if got := in("NZ"); !slices.Equal(got, []string{"Kiwis"}) {
			t.Errorf("after the repair, NZ: %v", got)
		}
	})
}
