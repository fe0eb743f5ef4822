package consensus

import (
	"context"
	"testing"

	"castaway/internal/catalog"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A season the catalog lacks has no consensus; a known one with no lists ranks nothing.
func TestServiceScopes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		s, ctx := NewService(st, catalog.MustLoad(), nil), context.Background()
		if _, err := s.Season(ctx, "no-such-season"); err != ErrNoSuchSeason {
			t.Errorf("unknown season: %v", err)
		}
		for name, rank := range map[string]func() (Ranking, error){
			"season":  func() (Ranking, error) { return s.Season(ctx, "s20") },
			"seasons": func() (Ranking, error) { return s.Seasons(ctx) },
		} {
			if r, err := rank(); err != nil || r.ListCount != 0 || len(r.Entries) != 0 {
				t.Errorf("%s with no lists: %+v, %v", name, r, err)
			}
		}
	})
}
