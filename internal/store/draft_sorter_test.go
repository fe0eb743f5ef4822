package store_test

import (
	"context"
	"reflect"
	"testing"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A draft's sorting rides in its items column: it reads back whole, and a draft saved
// without one again reads as a plain draft.
func TestDraftSorterRoundTrips(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u := listUser(t, s, "Sorter")
		entries := listContent("x", "Richard Hatch", "Rudy Boesch").Items
		d := &model.Draft{Name: "wip", Tags: []string{}, Items: listContent("x", "Tom Westman").Items, UpdatedAt: listT0,
			Sorter: &model.Sorter{Entries: entries, Answers: []model.SorterAnswer{{A: "richard-hatch", B: "rudy-boesch"}}}}
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
		d.Sorter = nil
		if err := s.SaveDraft(ctx, u.ID, d); err != nil {
			t.Fatal(err)
		}
		if got, err = s.Draft(ctx, u.ID); err != nil || got.Sorter != nil || len(got.Items) != 1 {
			t.Errorf("without a sorting: %+v %v", got, err)
		}
	})
}
