package store_test

import (
	"context"
	"testing"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Notes are kept with their items, read back in rank order, matched by browse search
// (and forgotten by it once removed), and the index stays what a rebuild would make.
func TestItemNotes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Noter")
		c := listContent("Goats and legends", "Parvati Shallow", "Tom Westman")
		c.Items[0].Note = "Flirted her way to the final tribal council"
		l, err := s.CreateList(ctx, u.ID, lists.IDs(listT0), c, listT0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.List(ctx, u.ID, l.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Items[0].Note != c.Items[0].Note || got.Items[1].Note != "" {
			t.Errorf("notes read back %q, %q", got.Items[0].Note, got.Items[1].Note)
		}
		search := func(q string) []string {
			t.Helper()
			r, _, err := s.Browse(ctx, model.BrowseQuery{Q: q, Page: 1, PageSize: 12})
			if err != nil {
				t.Fatal(err)
			}
			return names(r)
		}
		if got := search("flirted trib"); len(got) != 1 || got[0] != "Goats and legends" {
			t.Errorf("search by note words: %v", got)
		}
		if problems, err := s.VerifyAggregates(ctx); err != nil || len(problems) > 0 {
			t.Fatalf("verify after create: %v %v", problems, err)
		}

		c.Items[0].Note = ""
		c.Items[1].Note = "Won without a single vote against him"
		if _, err := s.UpdateList(ctx, u.ID, l.ID, c, listT0); err != nil {
			t.Fatal(err)
		}
		if got := search("flirted"); len(got) != 0 {
			t.Errorf("a removed note still matches: %v", got)
		}
		if got := search("single vote"); len(got) != 1 {
			t.Errorf("the new note does not match: %v", got)
		}
		if problems, err := s.VerifyAggregates(ctx); err != nil || len(problems) > 0 {
			t.Fatalf("verify after edit: %v %v", problems, err)
		}
	})
}
