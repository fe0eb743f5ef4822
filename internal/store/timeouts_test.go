package store_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// On PostgreSQL a serving store's statements end at its statement timeout, and such an
// ending reads as "unavailable" (503), while migrations still run to the end under it.
func TestPostgresStatementTimeout(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenWith(ctx, storetest.PostgresURL(t), store.Options{StatementTimeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		t.Fatalf("migrate under a statement timeout: %v", err)
	}
	// Migrate lifts the limit on its own connection only; it is back for the next user.
	start := time.Now()
	_, err = st.DB().ExecContext(ctx, `SELECT pg_sleep(5)`)
	if err == nil || !store.IsUnavailable(err) {
		t.Fatalf("a statement past the timeout: %v, want an unavailable error", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("the statement ran %v", took)
	}
	if _, err := st.DB().ExecContext(ctx, `SELECT pg_sleep(0.01)`); err != nil {
		t.Fatalf("a short statement: %v", err)
	}
}
