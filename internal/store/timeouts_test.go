package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// On PostgreSQL a serving store's statements end at its statement timeout, and such an
// ending reads as "unavailable" (503), while migrations still run to the end under it.
func TestPostgresStatementTimeout(t *testing.T) {
	ctx := context.Background()
	st := openWithTimeout(t, 200*time.Millisecond)
	// Another node is migrating: this one waits for its lock longer than its timeout.
	other, err := st.DB().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if _, err := other.ExecContext(ctx, `SET statement_timeout = 0`); err != nil {
		t.Fatal(err)
	}
	if _, err := other.ExecContext(ctx, `SELECT pg_advisory_lock(7242010)`); err != nil {
		t.Fatal(err)
	}
	migrated := make(chan error, 1)
	go func() { migrated <- st.Migrate(ctx) }()
	awaitWaiter(t, other, `SELECT EXISTS (SELECT 1 FROM pg_locks
		WHERE locktype = 'advisory' AND objid = 7242010 AND NOT granted)`, migrated, "migrate did not wait for the other node's lock")
	if _, err := other.ExecContext(ctx, `SELECT pg_sleep(0.4)`); err != nil { // past the 200 ms timeout
		t.Fatal(err)
	}
	if _, err := other.ExecContext(ctx, `SELECT pg_advisory_unlock(7242010)`); err != nil {
		t.Fatal(err)
	}
	if err := <-migrated; err != nil {
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

// The store's PostgreSQL connections plan without Memoize nodes (store.go says why),
// unless the database URL says otherwise.
func TestPostgresPlansWithoutMemoize(t *testing.T) {
	ctx := context.Background()
	url := storetest.PostgresURL(t)
	for _, tc := range []struct{ url, want string }{{url, "off"}, {url + "&enable_memoize=on", "on"}} {
		st, err := store.Open(ctx, tc.url)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		err = st.DB().QueryRowContext(ctx, `SHOW enable_memoize`).Scan(&got)
		st.Close()
		if err != nil || got != tc.want {
			t.Errorf("%s: enable_memoize %q (%v), want %q", tc.url, got, err, tc.want)
		}
	}
}

// On PostgreSQL the week's count runs past the store's statement timeout: at 1,000,000
// lists it takes tens of seconds, and a count cut short would be started again by every
// reader, so the front page would never answer. Here it waits for a vote under way
// longer than the timeout.
func TestAWeekCountRunsPastTheStatementTimeout(t *testing.T) {
	ctx := context.Background()
	st := openWithTimeout(t, 200*time.Millisecond)
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	vote, err := st.DB().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer vote.Close()
	for _, q := range []string{`SET statement_timeout = 0`, `BEGIN`, `LOCK TABLE list_upvotes_daily IN ROW EXCLUSIVE MODE`} {
		if _, err := vote.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	const endDay = 20000
	counted := make(chan error, 1)
	go func() { counted <- st.KeepWeek(ctx, endDay) }()
	awaitWaiter(t, vote, `SELECT EXISTS (SELECT 1 FROM pg_locks
		WHERE relation = 'list_upvotes_daily'::regclass AND NOT granted)`, counted, "the count did not wait for the vote under way")
	if _, err := vote.ExecContext(ctx, `SELECT pg_sleep(0.4)`); err != nil { // past the 200 ms timeout
		t.Fatal(err)
	}
	if _, err := vote.ExecContext(ctx, `COMMIT`); err != nil {
		t.Fatal(err)
	}
	if err := <-counted; err != nil {
		t.Fatalf("the week's count ended at the statement timeout: %v", err)
	}
	var kept int
	if err := st.DB().QueryRowContext(ctx, `SELECT count(*) FROM list_upvote_weeks WHERE end_day IN ($1, $2)`, endDay, endDay+1).Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept != 2 {
		t.Fatalf("%d of the two weeks kept", kept)
	}
}

// awaitWaiter returns once waiting (a query of pg_locks on conn) says a lock is waited
// for, failing with what if done ends first.
func awaitWaiter(t *testing.T, conn *sql.Conn, waiting string, done <-chan error, what string) {
	t.Helper()
	for w := false; !w; {
		if err := conn.QueryRowContext(context.Background(), waiting).Scan(&w); err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-done:
			t.Fatalf("%s: %v", what, err)
		default:
		}
	}
}

// openWithTimeout opens a store on the test PostgreSQL server whose statements end at
// timeout, closed when the test ends.
func openWithTimeout(t *testing.T, timeout time.Duration) *store.Store {
	t.Helper()
	st, err := store.OpenWith(context.Background(), storetest.PostgresURL(t), store.Options{StatementTimeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
