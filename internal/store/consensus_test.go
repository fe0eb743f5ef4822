package store_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// seasonList is a public list of contestants, each "id@season".
func seasonList(name string, items ...[2]string) model.ListContent {
	c := model.ListContent{Name: name, IsPublic: true, Tags: []string{"survivor-ranking"}}
	for _, it := range items {
		c.Items = append(c.Items, model.Item{ID: it[0], Name: it[0], ImageURL: "/x", SeasonID: it[1], SeasonName: it[1]})
	}
	return c
}

func tallies(t *testing.T, s *store.Store, scope string) (map[string]model.ConsensusTally, int) {
	t.Helper()
	c, err := s.ConsensusOf(context.Background(), scope, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]model.ConsensusTally{}
	for _, tl := range c.Tallies {
		out[tl.ItemID] = tl
	}
	return out, c.ListCount
}

// Every save, edit, visibility change and delete moves the consensus in its own
// transaction, to exactly what a recount finds.
func TestConsensusKeptInStep(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a, b := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		verify := func(when string) {
			t.Helper()
			if problems, err := s.VerifyAggregates(ctx); err != nil || len(problems) > 0 {
				t.Fatalf("verify %s: %v %v", when, problems, err)
			}
		}
		// Ann: 4 items, 3 of s1 (points 1e6, 750000, 250000 by whole-list position) and one of s2.
		la, err := s.CreateList(ctx, a.ID, lists.IDs(listT0), seasonList("A",
			[2]string{"rich", "s1"}, [2]string{"kelly", "s1"}, [2]string{"sandra", "s7"}, [2]string{"rudy", "s1"}), listT0)
		if err != nil {
			t.Fatal(err)
		}
		lb, err := s.CreateList(ctx, b.ID, lists.IDs(listT0.Add(time.Second)), seasonList("B",
			[2]string{"kelly", "s1"}, [2]string{"rich", "s1"}), listT0.Add(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		got, n := tallies(t, s, "s1")
		if n != 2 || got["rich"].Points != 1500000 || got["rich"].Lists != 2 || got["kelly"].Points != 1750000 ||
			got["rudy"].Points != 250000 || got["rudy"].Lists != 1 || len(got) != 3 {
			t.Errorf("s1 after two lists: %d %+v", n, got)
		}
		if got, n := tallies(t, s, "s7"); n != 1 || got["sandra"].Points != 500000 {
			t.Errorf("s7: %d %+v", n, got)
		}
		verify("after creating")

		// Ben's list goes private: it counts no more.
		hidden := seasonList("B", [2]string{"kelly", "s1"}, [2]string{"rich", "s1"})
		hidden.IsPublic = false
		if _, err := s.UpdateList(ctx, b.ID, lb.ID, hidden, listT0); err != nil {
			t.Fatal(err)
		}
		if got, n := tallies(t, s, "s1"); n != 1 || got["kelly"].Points != 750000 || got["kelly"].Lists != 1 {
			t.Errorf("s1 after hiding: %d %+v", n, got)
		}
		verify("after hiding")

		// Ann's edit drops s7 and reorders.
		if _, err := s.UpdateList(ctx, a.ID, la.ID, seasonList("A", [2]string{"rudy", "s1"}, [2]string{"rich", "s1"}), listT0); err != nil {
			t.Fatal(err)
		}
		if got, n := tallies(t, s, "s7"); n != 0 || len(got) != 0 {
			t.Errorf("s7 after the edit: %d %+v", n, got)
		}
		if got, _ := tallies(t, s, "s1"); got["rudy"].Points != 1000000 || got["rich"].Points != 500000 || len(got) != 2 {
			t.Errorf("s1 after the edit: %+v", got)
		}
		verify("after editing")

		// Season lists make the seasons' scope.
		seasons := model.ListContent{Name: "Seasons", IsPublic: true, IsSeason: true, Tags: []string{"season-ranking"},
			Items: []model.Item{{ID: "s20", Name: "HvV", IsSeason: true, SeasonID: "s20"}, {ID: "s7", Name: "Pearl Islands", IsSeason: true, SeasonID: "s7"}}}
		if _, err := s.CreateList(ctx, b.ID, lists.IDs(listT0.Add(2*time.Second)), seasons, listT0); err != nil {
			t.Fatal(err)
		}
		if got, n := tallies(t, s, store.SeasonsScope); n != 1 || got["s20"].Points != 1000000 || got["s7"].Points != 500000 {
			t.Errorf("seasons: %d %+v", n, got)
		}
		c, err := s.ConsensusOf(ctx, "s1", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Sample) != 1 || c.Sample[0].ListID != la.ID || c.Sample[0].UserName != "Ann" || len(c.Sample[0].Items) != 2 {
			t.Errorf("sample %+v", c.Sample)
		}

		if err := s.DeleteList(ctx, a.ID, la.ID); err != nil {
			t.Fatal(err)
		}
		if got, n := tallies(t, s, "s1"); n != 0 || len(got) != 0 {
			t.Errorf("s1 after deleting: %d %+v", n, got)
		}
		verify("after deleting")

		// A damaged tally is found and rebuilt.
		if _, err := s.DB().ExecContext(ctx, `UPDATE consensus_items SET points = points + 1 WHERE scope = '' AND item_id = 's20'`); err != nil {
			t.Fatal(err)
		}
		if _, err := s.DB().ExecContext(ctx, `DELETE FROM consensus_members`); err != nil {
			t.Fatal(err)
		}
		if problems, _ := s.VerifyAggregates(ctx); len(problems) != 2 {
			t.Errorf("verify found %v", problems)
		}
		if err := s.RebuildAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		verify("after rebuilding")
	})
}
