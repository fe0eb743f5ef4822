package store_test

import (
	"context"
	"os"
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

func TestPoolSizes(t *testing.T) {
	s := storetest.OpenSQLite(t)
	if got := s.DB().Stats().MaxOpenConnections; got != 1 {
		t.Errorf("SQLite writers %d, want 1", got)
	}
	if got := s.ReadDB().Stats().MaxOpenConnections; got != store.DefaultSQLiteReaders {
		t.Errorf("SQLite readers %d, want %d", got, store.DefaultSQLiteReaders)
	}
	if _, err := s.ReadDB().Exec(`UPDATE users SET idols_found = 1`); err == nil {
		t.Error("the read pool wrote")
	}
	if os.Getenv("CASTAWAY_TEST_POSTGRES_URL") == "" {
		return
	}
	url := storetest.PostgresURL(t)
	p, err := store.Open(context.Background(), url+"&pool_max_conns=7")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if got := p.DB().Stats().MaxOpenConnections; got != 7 {
		t.Errorf("PostgreSQL pool %d, want 7", got)
	}
}
