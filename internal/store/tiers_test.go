package store_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// tierContent is a public tier list of s1 contestants: one tier per sizes entry, labelled
// T0, T1, ..., its entries e0, e1, ... tier by tier.
func tierContent(name string, sizes ...int) model.ListContent {
	c := model.ListContent{Name: name, IsPublic: true, Tags: []string{"survivor-ranking"}, Format: model.FormatTiers}
	n := 0
	for t, size := range sizes {
		c.Tiers = append(c.Tiers, model.Tier{Label: "T" + string(rune('0'+t)), Color: model.TierColors[t]})
		for range size {
			id := "e" + string(rune('0'+n))
			c.Items = append(c.Items, model.Item{ID: id, Name: id, ImageURL: "/x", SeasonID: "s1", SeasonName: "s1", Tier: t})
			n++
		}
	}
	c.SearchText = name
	return c
}

// A tier list reads back with its tiers and each entry's tier; an edit may turn it
// ranked (its tiers go) and back; its card shows its top tier, the first holding an entry.
func TestTierListsStoredAndRead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Tiers")
		c := tierContent("Tiered", 0, 2, 0, 3) // the top tier is empty: T1 is the card's
		l, err := s.CreateList(ctx, u.ID, lists.IDs(listT0), c, listT0)
		if err != nil {
			t.Fatal(err)
		}
		if l.Format != model.FormatTiers || !reflect.DeepEqual(l.Tiers, c.Tiers) || !reflect.DeepEqual(l.Items, c.Items) {
			t.Fatalf("read %s %+v %+v, want %+v %+v", l.Format, l.Tiers, l.Items, c.Tiers, c.Items)
		}
		cards, err := s.UserLists(ctx, u.ID, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if card := cards[0]; card.Format != model.FormatTiers || card.TopTier == nil || *card.TopTier != c.Tiers[1] ||
			len(card.TopItems) != 2 || card.TopItems[1].ID != "e1" {
			t.Errorf("card %s %+v %+v, want T1 with e0, e1", card.Format, card.TopTier, card.TopItems)
		}

		ranked := listContent("Ranked now", "A", "B")
		if l, err = s.UpdateList(ctx, u.ID, l.ID, ranked, listT0); err != nil {
			t.Fatal(err)
		}
		if l.Format != model.FormatRanked || l.Tiers != nil {
			t.Errorf("made ranked: %s %+v", l.Format, l.Tiers)
		}
		var left int
		if err := s.DB().QueryRowContext(ctx, `SELECT count(*) FROM list_tiers`).Scan(&left); err != nil || left != 0 {
			t.Errorf("list_tiers rows after the edit: %d %v", left, err)
		}
		if l, err = s.UpdateList(ctx, u.ID, l.ID, tierContent("Tiered again", 1, 1), listT0); err != nil {
			t.Fatal(err)
		}
		if l.Format != model.FormatTiers || len(l.Tiers) != 2 || l.Items[1].Tier != 1 {
			t.Errorf("made tiers again: %s %+v %+v", l.Format, l.Tiers, l.Items)
		}
		if problems, err := s.VerifyAggregates(ctx); err != nil || len(problems) > 0 {
			t.Errorf("verify: %v %v", problems, err)
		}
	})
}

// Browse's format filter finds only that format's lists, and counts them.
func TestBrowseByFormat(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Browser")
		for i, c := range []model.ListContent{tierContent("T1", 1), listContent("R1", "A"), tierContent("T2", 2, 1), listContent("R2", "B")} {
			at := listT0.Add(time.Duration(i) * time.Second)
			if _, err := s.CreateList(ctx, u.ID, lists.IDs(at), c, at); err != nil {
				t.Fatal(err)
			}
		}
		for format, want := range map[string][]string{model.FormatTiers: {"T2", "T1"}, model.FormatRanked: {"R2", "R1"}, "": {"R2", "T2", "R1", "T1"}} {
			r, err := s.BrowsePage(ctx, model.BrowseQuery{Format: format, Page: 1, PageSize: 12})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, l := range r.Lists {
				got = append(got, l.Name)
			}
			if !reflect.DeepEqual(got, want) || r.Total != len(want) {
				t.Errorf("format %q: %v (total %d), want %v", format, got, r.Total, want)
			}
		}
	})
}

// A tier list counts in the community ranking with each entry at the middle of its
// tier's span: tiers of 2, 3 and 1 place theirs at 1.5, 4 and 6 of 6.
func TestConsensusCountsTierLists(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a, b := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		tl, err := s.CreateList(ctx, a.ID, lists.IDs(listT0), tierContent("Tiers", 2, 3, 1), listT0)
		if err != nil {
			t.Fatal(err)
		}
		// (6 - 0.5) / 6, (6 - 3) / 6 and (6 - 5) / 6 of 1e6, in integers.
		want := map[string]int64{"e0": 916666, "e1": 916666, "e2": 500000, "e3": 500000, "e4": 500000, "e5": 166666}
		got, n := tallies(t, s, "s1")
		if n != 1 || len(got) != 6 {
			t.Fatalf("after the tier list: %d lists, %+v", n, got)
		}
		for id, p := range want {
			if got[id].Points != p || got[id].Lists != 1 {
				t.Errorf("%s: %+v, want %d points from 1 list", id, got[id], p)
			}
		}
		// A ranked list beside it scores as it always has: e2 first of 2, e0 second.
		ranked := seasonList("Ranked", [2]string{"e2", "s1"}, [2]string{"e0", "s1"})
		if _, err := s.CreateList(ctx, b.ID, lists.IDs(listT0), ranked, listT0); err != nil {
			t.Fatal(err)
		}
		got, n = tallies(t, s, "s1")
		if n != 2 || got["e0"].Points != 916666+500000 || got["e2"].Points != 500000+1000000 || got["e2"].Lists != 2 {
			t.Errorf("with a ranked list: %d %+v", n, got)
		}
		// One tier holding all: every entry at the middle, (3 - 1) / 3.
		if _, err := s.UpdateList(ctx, a.ID, tl.ID, tierContent("One tier", 3), listT0); err != nil {
			t.Fatal(err)
		}
		got, _ = tallies(t, s, "s1")
		if got["e1"].Points != 666666 || got["e0"].Points != 666666+500000 || got["e5"].Lists != 0 {
			t.Errorf("after the edit: %+v", got)
		}
		if problems, err := s.VerifyAggregates(ctx); err != nil || len(problems) > 0 {
			t.Errorf("verify: %v %v", problems, err)
		}
		if err := s.RebuildAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		if again, _ := tallies(t, s, "s1"); again["e1"].Points != 666666 || again["e0"].Points != 666666+500000 {
			t.Errorf("a rebuild finds %+v", again)
		}
	})
}

// A tier draft keeps its tiers, their entries and the unplaced pool; the export shows a
// tier list's tiers with their entries.
func TestTierDraftsAndExport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Drafter")
		c := tierContent("x", 1, 0, 2)
		d := &model.Draft{Name: "wip", Tags: []string{}, Items: c.Items, Format: model.FormatTiers, Tiers: c.Tiers,
			Pool: listContent("x", "Tom Westman").Items, UpdatedAt: listT0}
		if err := s.SaveDraft(ctx, u.ID, d); err != nil {
			t.Fatal(err)
		}
		got, err := s.Draft(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, d) {
			t.Errorf("draft %+v, want %+v", got, d)
		}

		if _, err := s.CreateList(ctx, u.ID, lists.IDs(listT0), c, listT0); err != nil {
			t.Fatal(err)
		}
		var rows []map[string]any
		for _, section := range store.ExportSections {
			if section.Name == "lists" {
				if err := s.ExportRows(ctx, section, u.ID, func(r map[string]any) error { rows = append(rows, r); return nil }); err != nil {
					t.Fatal(err)
				}
			}
		}
		b, err := json.Marshal(rows)
		if err != nil {
			t.Fatal(err)
		}
		var out []struct {
			Format string
			Tiers  []struct {
				Label, Color string
				Items        []struct{ ID string }
			}
		}
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
		if len(out) != 1 || out[0].Format != "tiers" || len(out[0].Tiers) != 3 || out[0].Tiers[0].Label != "T0" ||
			len(out[0].Tiers[1].Items) != 0 || len(out[0].Tiers[2].Items) != 2 || out[0].Tiers[2].Items[1].ID != "e2" {
			t.Errorf("export %s", b)
		}
	})
}
