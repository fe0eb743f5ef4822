package store_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A connection whose statement was ended by its context is not kept in the pool: the
// next statements find a live one, however many such ends came before.
func TestPostgresPoolDropsClosedConnections(t *testing.T) {
	db, err := store.OpenPostgres(storetest.PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		_, err := db.ExecContext(ctx, `SELECT pg_sleep(5)`)
		cancel()
		if err == nil {
			t.Fatal("a statement past its context's end succeeded")
		}
		if idle := db.Stats().Idle; idle != 0 {
			t.Fatalf("%d connection(s) kept after pgx closed the one that was cut off", idle)
		}
	}
	var one int
	if err := db.QueryRowContext(context.Background(), `SELECT 1`).Scan(&one); err != nil || one != 1 {
		t.Fatalf("next statement: %v", err)
	}
}
