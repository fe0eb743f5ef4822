package store_test

import (
	"context"
	"testing"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func TestMigrateIsRepeatable(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		if err := s.Migrate(ctx); err != nil {
			t.Fatalf("second migrate: %v", err)
		}
		var n int
		if err := s.DB().QueryRowContext(ctx, `SELECT count(*) FROM global_polls WHERE id = 'season-48'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("season-48 poll rows = %d, want 1", n)
		}
		if err := s.Ping(ctx); err != nil {
			t.Fatal(err)
		}
	})
}
