package follows_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"testing"
	"time"

	"castaway/internal/follows"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A fan-out of stopFollowers followers, stopBatch a batch: a worker stopped as its second
// batch begins has done one.
const stopFollowers, stopBatch = 1200, 500

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// publishedTo is a list just published by a fan with n followers: its fan-out is queued.
func publishedTo(t *testing.T, st *store.Store, n int) *model.List {
	t.Helper()
	author := actor(t, st, "author", "192.0.2.1")
	followed(t, st, author.User.ID, n)
	now := time.Now()
	l, err := st.CreateList(context.Background(), author.User.ID, lists.IDs(now), publicList("Heroes"), now)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// onRead makes w's clock run f as it is read the k-th time: the claim reads it first,
// then each batch as it begins (a started worker's round reads it once more before the
// claim, for its feed sync).
func onRead(w *follows.FanOut, k int, f func()) {
	reads := 0
	w.Now = func() time.Time {
		if reads++; reads == k {
			f()
		}
		return time.Now()
	}
}

// leaseGivenBack checks what a worker stopped mid-job must leave: its first batch written,
// the job free at once (a second worker on the real clock, well within the first one's
// lease, takes it on and finishes it) and every follower reached exactly once.
func leaseGivenBack(t *testing.T, st *store.Store, l *model.List) {
	t.Helper()
	ctx := context.Background()
	if items, _, _ := fanned(t, st, l); items != stopBatch {
		t.Fatalf("the stopped worker wrote %d feed rows; want its first batch, %d", items, stopBatch)
	}
	next := follows.NewFanOut(st, newHub(t), quiet())
	if worked, err := next.RunOnce(ctx); err != nil || !worked {
		t.Fatalf("the job was not free at once: worked %v, %v", worked, err)
	}
	if jobs, err := st.FanOutsPending(ctx); err != nil || jobs != 0 {
		t.Fatalf("%d jobs left (%v)", jobs, err)
	}
	reachedOnce(t, st, l)
}

// reachedOnce checks that every follower got l's feed row and, opted in, its note, once.
func reachedOnce(t *testing.T, st *store.Store, l *model.List) {
	t.Helper()
	if items, notes, twice := fanned(t, st, l); items != stopFollowers || notes != optedIn(stopFollowers) || twice != 0 {
		t.Errorf("fanned out to %d feeds, %d notes (%d twice); want %d and %d", items, notes, twice, stopFollowers, optedIn(stopFollowers))
	}
}

// A worker shut down mid-job (its context cancelled as its second batch begins) gives its
// lease back as it stops.
func TestFanOutGivesTheLeaseBackOnShutdown(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		l := publishedTo(t, st, stopFollowers)
		w := follows.NewFanOut(st, newHub(t), quiet())
		w.Batch = stopBatch
		ctx, stop := context.WithCancel(context.Background())
		defer stop()
		onRead(w, 4, stop)
		w.Start(ctx)
		waitStopped(t, w)
		leaseGivenBack(t, st, l)
	})
}

// A batch that fails (here on a notification whose id is taken, which no dedupe key
// absorbs) keeps its lease: no worker tries the job again until the lease is out, so a job
// that keeps failing holds up no other; once the cause is gone and the lease out, another
// worker carries on from the failed batch's start.
func TestFanOutWaitsOutTheLeaseAfterAnError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		l := publishedTo(t, st, stopFollowers)
		// Follower 601 is in the second batch and kept the notes on.
		stray := "fl-" + l.UserID + "-" + l.ID + "-" + followerID(601)
		if _, err := st.DB().ExecContext(ctx, `INSERT INTO notifications (id, user_id, type, created_by_name, dedupe_key, created_at)
			VALUES ($1, $2, 'comment', 'x', 'stray', 0)`, stray, followerID(601)); err != nil {
			t.Fatal(err)
		}
		w := follows.NewFanOut(st, newHub(t), quiet())
		w.Batch = stopBatch
		if worked, err := w.RunOnce(ctx); !worked || err == nil {
			t.Fatalf("the second batch did not fail: worked %v, %v", worked, err)
		}
		if _, err := st.DB().ExecContext(ctx, `DELETE FROM notifications WHERE id = $1`, stray); err != nil {
			t.Fatal(err)
		}
		if worked, err := follows.NewFanOut(st, newHub(t), quiet()).RunOnce(ctx); worked || err != nil {
			t.Fatalf("the failed job was taken on within its lease: worked %v, %v", worked, err)
		}
		later := follows.NewFanOut(st, newHub(t), quiet())
		later.Now = func() time.Time { return time.Now().Add(w.Lease + time.Second) }
		if worked, err := later.RunOnce(ctx); err != nil || !worked {
			t.Fatalf("the job was not free after its lease: worked %v, %v", worked, err)
		}
		reachedOnce(t, st, l)
	})
}

// A worker that panics mid-job (here its clock, as its second batch begins) gives its
// lease back as the panic unwinds it.
func TestFanOutGivesTheLeaseBackOnAPanic(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		l := publishedTo(t, st, stopFollowers)
		w := follows.NewFanOut(st, newHub(t), quiet())
		w.Batch = stopBatch
		onRead(w, 3, func() { panic("the clock broke") })
		func() {
			defer func() {
				if r := recover(); r != "the clock broke" {
					t.Fatalf("recovered %v", r)
				}
			}()
			w.RunOnce(context.Background())
		}()
		leaseGivenBack(t, st, l)
	})
}

// A worker shut down inside a batch's transaction (on PostgreSQL, where a statement that
// waits for a row lock shows it: SQLite's writers wait for the lock before their
// transaction begins) has that batch rolled back, and gives its lease back as it stops.
func TestFanOutGivesTheLeaseBackWhenCancelledInsideABatch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		if st.Dialect() != store.Postgres {
			t.Skip("no statement of SQLite's waits inside a transaction")
		}
		ctx := context.Background()
		l := publishedTo(t, st, stopFollowers)
		w := follows.NewFanOut(st, newHub(t), quiet())
		w.Batch = stopBatch
		// As the second batch begins, the test holds the job's row: the batch's first
		// statement waits for it, inside the batch's transaction.
		hold, holder := holding(t, st)
		held := make(chan error, 1)
		onRead(w, 4, func() {
			_, err := hold.ExecContext(ctx, `SELECT 1 FROM fanout_jobs WHERE list_user_id = $1 AND list_id = $2 FOR UPDATE`, l.UserID, l.ID)
			held <- err
		})
		wctx, stop := context.WithCancel(ctx)
		defer stop()
		w.Start(wctx)
		if err := <-held; err != nil {
			t.Fatal(err)
		}
		batch := waiter(t, st, holder, "the batch waiting for the job's row") // the batch's backend
		stop()
		// The batch is cancelled; giving the lease back waits for the row as the batch did.
		if err := hold.Rollback(); err != nil {
			t.Fatal(err)
		}
		waitStopped(t, w)
		// The cancelled batch's connection is closed as it is cancelled, but its backend
		// can outlive the release by a moment, holding the row its last statement locked
		// (which a claim, skipping locked rows, passes over until the backend has ended).
		await(t, "the cancelled batch's backend to end", func() bool {
			return count(t, st.DB(), `SELECT count(*) FROM pg_stat_activity WHERE pid = $1`, batch) == 0
		})
		leaseGivenBack(t, st, l)
	})
}

// holding begins a transaction of the test's own, to hold rows a worker's statement then
// waits for, and answers it with its backend's pid (PostgreSQL); it is rolled back at the
// test's end if not before.
func holding(t *testing.T, st *store.Store) (*sql.Tx, int) {
	t.Helper()
	ctx := context.Background()
	hold, err := st.DB().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hold.Rollback() })
	var pid int
	if err := hold.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	return hold, pid
}

// waiter awaits a backend waiting for one of holder's locks, and answers its pid.
func waiter(t *testing.T, st *store.Store, holder int, what string) int {
	t.Helper()
	var pid int
	await(t, what, func() bool {
		return st.DB().QueryRowContext(context.Background(), `SELECT pid FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))`, holder).Scan(&pid) == nil
	})
	return pid
}

// waitStopped waits for started worker w to have stopped, failing after a minute.
func waitStopped(t *testing.T, w *follows.FanOut) {
	t.Helper()
	stopped := make(chan struct{})
	go func() { w.Wait(); close(stopped) }()
	select {
	case <-stopped:
	case <-time.After(time.Minute):
		t.Fatal("the worker did not stop")
	}
}

// await polls cond until it holds, failing after a minute.
func await(t *testing.T, what string, cond func() bool) {
	t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(time.Minute)
	for !cond() {
		select {
		case <-deadline:
			t.Fatalf("%s: not within a minute", what)
		case <-tick.C:
		}
	}
}

// A worker shut down inside a feed sync's transaction (on PostgreSQL, as above) has the
// sync rolled back: the pair stays queued, and the next sync does it.
func TestFeedSyncCancelledInsideItsTransactionStaysQueued(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		if st.Dialect() != store.Postgres {
			t.Skip("no statement of SQLite's waits inside a transaction")
		}
		ctx := context.Background()
		author, fan := actor(t, st, "author", "192.0.2.1").User.ID, actor(t, st, "fan", "192.0.2.2").User.ID
		now := time.Now()
		l, err := st.CreateList(ctx, author, lists.IDs(now), publicList("Heroes"), now)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := st.Follow(ctx, fan, author, now, nil); err != nil {
			t.Fatal(err)
		}
		// The test writes the fan's feed row of that list and holds it: the sync's
		// backfill waits for it, inside the sync's transaction.
		hold, holder := holding(t, st)
		if _, err := hold.ExecContext(ctx, `INSERT INTO feed_items (reader_id, list_user_id, list_id, created_at)
			VALUES ($1, $2, $3, 0)`, fan, author, l.ID); err != nil {
			t.Fatal(err)
		}
		w := follows.NewFanOut(st, newHub(t), quiet())
		wctx, stop := context.WithCancel(ctx)
		defer stop()
		w.Start(wctx)
		waiter(t, st, holder, "the sync waiting for the feed row")
		stop()
		waitStopped(t, w)
		if err := hold.Rollback(); err != nil {
			t.Fatal(err)
		}
		if n, err := st.FanOutsPending(ctx); err != nil || n != 1 {
			t.Fatalf("%d pending after the cut sync (%v); want the pair still queued", n, err)
		}
		// The cut transaction may hold the pair a moment longer, until PostgreSQL has
		// ended it (SKIP LOCKED passes it by meanwhile).
		await(t, "the next sync doing the pair", func() bool {
			n, err := st.SyncFeeds(ctx, time.Now(), 10)
			if err != nil {
				t.Fatal(err)
			}
			return n == 1
		})
		var rows int
		if err := st.DB().QueryRowContext(ctx, `SELECT count(*) FROM feed_items WHERE reader_id = $1`, fan).Scan(&rows); err != nil || rows != 1 {
			t.Errorf("%d feed rows (%v); want the list", rows, err)
		}
	})
}
