package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
)

// openBatcher is a batcher over a fresh SQLite file with a table t of (k, n), written
// through one connection as the store's writer is.
func openBatcher(t *testing.T) (*batcher, *sql.DB) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "batch.db")+"?_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE t (k TEXT PRIMARY KEY, n INTEGER NOT NULL CHECK (n >= 0))`); err != nil {
		t.Fatal(err)
	}
	b := newBatcher(db)
	t.Cleanup(func() { b.close(); db.Close() })
	return b, db
}

func insertK(k string, n int) func(context.Context, dbtx) error {
	return func(ctx context.Context, tx dbtx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO t (k, n) VALUES ($1, $2)`, k, n)
		return err
	}
}

func keys(t *testing.T, db *sql.DB) map[string]bool {
	t.Helper()
	rows, err := db.Query(`SELECT k FROM t`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]bool{}
	for rows.Next() {
		var k string
		rows.Scan(&k)
		got[k] = true
	}
	return got
}

// holdBatch starts a write that waits inside its batch until the returned func is
// called, so the writes sent meanwhile queue up and go together in the next batch.
func holdBatch(t *testing.T, b *batcher) (release func() error) {
	t.Helper()
	inside, wait := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- b.write(context.Background(), func(ctx context.Context, tx dbtx) error {
			close(inside)
			<-wait
			return insertK("held", 1)(ctx, tx)
		})
	}()
	<-inside
	return func() error { close(wait); return <-done }
}

// queued waits until n writes wait in the queue.
func queued(b *batcher, n int) {
	for len(b.jobs) < n {
		runtime.Gosched()
	}
}

func TestBatchedWritesFailAlone(t *testing.T) {
	b, db := openBatcher(t)
	release := holdBatch(t, b)

	// Four writes go in one batch; the third writes a row, then fails.
	ctx := context.Background()
	writes := []func(context.Context, dbtx) error{
		insertK("a", 1),
		insertK("b", 1),
		func(ctx context.Context, tx dbtx) error {
			if err := insertK("c", 1)(ctx, tx); err != nil {
				return err
			}
			return insertK("c2", -1)(ctx, tx) // the CHECK refuses it
		},
		insertK("d", 1),
	}
	errs := make([]error, len(writes))
	var wg sync.WaitGroup
	for i, w := range writes {
		wg.Go(func() { errs[i] = b.write(ctx, w) })
		queued(b, i+1) // in order
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	for i, err := range errs {
		if (err != nil) != (i == 2) {
			t.Errorf("write %d: %v", i, err)
		}
	}
	got := keys(t, db)
	for _, k := range []string{"held", "a", "b", "d"} {
		if !got[k] {
			t.Errorf("%s was not kept (kept %v)", k, got)
		}
	}
	if got["c"] || got["c2"] {
		t.Errorf("the failed write left rows behind: %v", got)
	}
}

func TestBatchedWriteGivenUpBeforeItsTurnNeverRuns(t *testing.T) {
	b, db := openBatcher(t)
	release := holdBatch(t, b)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- b.write(ctx, insertK("gone", 1)) }()
	queued(b, 1)
	cancel()
	if err := release(); err != nil {
		t.Fatal(err)
	}
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("a write given up in the queue ended %v, want context.Canceled", err)
	}
	if keys(t, db)["gone"] {
		t.Fatal("a write given up in the queue was made")
	}
}

func TestBatchedWriteGivenUpMidwayStillLands(t *testing.T) {
	b, db := openBatcher(t)
	ctx, cancel := context.WithCancel(context.Background())
	err := b.write(ctx, func(ctx context.Context, tx dbtx) error {
		cancel() // the caller gives up while its write runs
		return insertK("kept", 1)(ctx, tx)
	})
	if err != nil || !keys(t, db)["kept"] {
		t.Fatalf("a write given up midway: %v, kept %v", err, keys(t, db))
	}
}

func TestBatcherClosesAfterTheWritesQueued(t *testing.T) {
	b, db := openBatcher(t)
	release := holdBatch(t, b)
	errc := make(chan error, 1)
	go func() { errc <- b.write(context.Background(), insertK("queued", 1)) }()
	queued(b, 1)
	closed := make(chan struct{})
	go func() { b.close(); close(closed) }()
	select {
	case <-closed:
		t.Fatal("close returned before the batch under way ended")
	default:
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	<-closed
	if err := <-errc; err != nil {
		t.Fatalf("the write queued at close: %v", err)
	}
	if got := keys(t, db); !got["held"] || !got["queued"] {
		t.Fatalf("writes made before close were lost: %v", got)
	}
	if err := b.write(context.Background(), insertK("late", 1)); !errors.Is(err, errStoreClosed) {
		t.Fatalf("a write after close ended %v", err)
	}
}

func TestBatcherKeepsItsTextsPreparedAndBounded(t *testing.T) {
	b, _ := openBatcher(t)
	ctx := context.Background()
	for i := range maxPreparedWrites + 10 {
		q := fmt.Sprintf(`INSERT INTO t (k, n) VALUES ($1, %d)`, i)
		if err := b.write(ctx, func(ctx context.Context, tx dbtx) error {
			_, err := tx.ExecContext(ctx, q, fmt.Sprint("k", i))
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	if len(b.stmts) != maxPreparedWrites {
		t.Fatalf("%d texts prepared, want the bound %d", len(b.stmts), maxPreparedWrites)
	}
}

func TestBatchedWriteGivenUpWhileTheQueueIsFullNeverQueues(t *testing.T) {
	b, db := openBatcher(t)
	release := holdBatch(t, b)
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range maxBatch {
		wg.Go(func() { b.write(ctx, insertK(fmt.Sprint("q", i), 1)) })
	}
	queued(b, maxBatch)
	// The queue is full: this write waits to join it, and its caller gives up.
	gone, cancel := context.WithCancel(ctx)
	errc := make(chan error, 1)
	go func() { errc <- b.write(gone, insertK("gone", 1)) }()
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("a write given up before joining the queue ended %v", err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if got := keys(t, db); got["gone"] || len(got) != maxBatch+1 {
		t.Fatalf("kept %d rows (gone: %v), want the %d queued and the held one", len(got), got["gone"], maxBatch)
	}
}

// A transaction whose context ends midway (a client that went away) is rolled back by
// database/sql, and its commit then finds it done: the error names the context's end, so
// the request is answered as a client gone, not as a failure.
func TestTransactionEndedWithItsContextSaysSo(t *testing.T) {
	_, db := openBatcher(t)
	for _, at := range []string{"commit", "statement"} {
		ctx, cancel := context.WithCancel(context.Background())
		err := inTx(ctx, db, func(tx *sql.Tx) error {
			if _, err := tx.Exec(`INSERT INTO t (k, n) VALUES ('gone', 1)`); err != nil {
				return err
			}
			cancel()
			// Until database/sql has rolled it back (it does so on its own goroutine).
			for {
				var one int
				if err := tx.QueryRow(`SELECT 1`).Scan(&one); errors.Is(err, sql.ErrTxDone) {
					break
				}
				runtime.Gosched()
			}
			if at == "statement" {
				_, err := tx.Exec(`INSERT INTO t (k, n) VALUES ('later', 1)`)
				return err
			}
			return nil
		})
		if !errors.Is(err, context.Canceled) || !errors.Is(err, sql.ErrTxDone) {
			t.Errorf("%s after the context ended: %v, want context.Canceled and sql.ErrTxDone", at, err)
		}
	}
	if got := keys(t, db); len(got) != 0 {
		t.Errorf("rows left by the ended transactions: %v", got)
	}
}
