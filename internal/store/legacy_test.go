package store_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func TestLegacyRecord(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		t0 := time.Date(2025, 5, 3, 0, 0, 0, 0, time.UTC)
		rec, err := s.LegacyRecord(ctx, t0)
		if err != nil || !rec.LastUpdated.Equal(t0) || rec.Lists.Maddys == nil || len(rec.Lists.Kendalls) != 0 {
			t.Fatalf("created empty: %+v %v", rec, err)
		}
		// Reading again does not create it anew.
		if rec, err = s.LegacyRecord(ctx, t0.Add(time.Hour)); err != nil || !rec.LastUpdated.Equal(t0) {
			t.Fatalf("second read: %+v %v", rec, err)
		}
		saved := &model.LegacyRecord{LastUpdated: t0.Add(time.Minute), Lists: model.LegacyLists{
			Maddys:   []model.Item{{ID: "s20", Name: "Survivor: Heroes vs. Villains", IsSeason: true, SeasonID: "s20"}},
			Andrews:  []model.Item{},
			Kendalls: []model.Item{{ID: "cirie-fields", Name: "Cirie Fields", SeasonID: "s12"}},
		}}
		if err := s.SaveLegacyRecord(ctx, saved); err != nil {
			t.Fatal(err)
		}
		rec, err = s.LegacyRecord(ctx, t0)
		if err != nil || !rec.LastUpdated.Equal(saved.LastUpdated) || len(rec.Lists.Maddys) != 1 ||
			rec.Lists.Kendalls[0] != saved.Lists.Kendalls[0] || rec.Lists.Andrews == nil {
			t.Errorf("read back %+v %v", rec, err)
		}
	})
}
