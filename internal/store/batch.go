package store

import (
	"context"
	"database/sql"
	"errors"
	"hash/maphash"
	"slices"
	"strings"
	"sync"
)

// dbtx is what a write inside a transaction runs its statements through: a *sql.Tx, or a
// batch's preparedTx.
type dbtx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// maxBatch bounds the writes one batch commits together, so one commit's WAL and one
// write lock's hold stay small.
const maxBatch = 64

// maxPreparedWrites bounds the statement texts a batcher keeps prepared; the marks run a
// handful of fixed texts.
const maxPreparedWrites = 64

// errStoreClosed answers a batched write after the store is closed.
var errStoreClosed = errors.New("store closed")

// batcher commits the small, hot writes of many requests (an upvote, its withdrawal) in
// one transaction (group commit).
//
// On SQLite one batcher takes every such write: SQLite runs one writer at a time anyway,
// and most of a lone mark's cost was its commit (writing the pages it touched to the WAL)
// and compiling its statements: a batch writes a page that several marks touched once,
// and its statements stay prepared on the single writer connection. A poll's ballots
// there run together too (one set of statements for many, below).
//
// On PostgreSQL a few batchers (lanes) each take the writes whose contended row (a poll's)
// hashes to it, of the kinds it runs as one set of statements for many (together): every
// ballot of a poll updates the poll's row and its totals, and one at a time each held
// them across round trips and its commit while the others queued (ballots at 0.006× the
// minimal handler). A write whose statements run one by one gains nothing there: a batch
// on one connection runs them in turn, where concurrent transactions run side by side
// (comment votes, follows and comment posts measured 1.6-3× slower in lanes). A batch runs
// its writes in the order of their keys, so that those of one key and together meet.
//
// A write that fails takes the batch back and the others run again alone (commit), so a
// failure is its own. A write runs on a context its caller cannot cancel: an interrupted
// write rolls back the whole transaction, and with it the others'.
type batcher struct {
	db      *sql.DB
	prepare bool // SQLite: statements kept prepared on the single writer
	jobs    chan *batchJob
	quit    chan struct{}
	done    chan struct{}

	open   sync.RWMutex // held to queue a write; close takes it to shut the queue
	closed bool

	// Touched by run's goroutine alone, and by close once it has ended.
	stmts   map[string]*sql.Stmt
	missing map[string]bool // texts run unprepared in this batch, prepared after its commit
}

type batchJob struct {
	ctx context.Context
	key string // the row the write contends on; a batch runs its writes in this order
	fn  func(context.Context, dbtx) error
	err chan error

	// together, when set, runs this write with those of its batch that share its key and
	// together: one set of statements for them all, such as a poll's ballots
	// (castBallots). It sets each one's own refusal (own), which leaves the batch going;
	// an error it returns takes the batch back, and each write runs again alone (fn).
	together func(ctx context.Context, tx dbtx, jobs []*batchJob) error
	payload  any   // what together reads of the write and sets of its outcome
	own      error // the write's own refusal, set by together
}

// newBatcher batches the writes of SQLite's single writer db, with its statements kept
// prepared.
func newBatcher(db *sql.DB) *batcher {
	b := &batcher{db: db, prepare: true, jobs: make(chan *batchJob, maxBatch), quit: make(chan struct{}), done: make(chan struct{}),
		stmts: map[string]*sql.Stmt{}, missing: map[string]bool{}}
	go b.run()
	return b
}

// newLanes is n batchers over PostgreSQL's pool db, whose connections commit without
// waiting for the flush. pgx keeps each connection's statements prepared itself.
func newLanes(db *sql.DB, n int) lanes {
	l := make(lanes, n)
	for i := range l {
		l[i] = &batcher{db: db, jobs: make(chan *batchJob, maxBatch), quit: make(chan struct{}), done: make(chan struct{}),
			stmts: map[string]*sql.Stmt{}, missing: map[string]bool{}}
		go l[i].run()
	}
	return l
}

// lanes are PostgreSQL's batchers: the first counts every write's rate limits (each
// write waits for them before its own), and a write goes to one of the others by its key.
type lanes []*batcher

var laneSeed = maphash.MakeSeed()

func (l lanes) of(key string) *batcher {
	if key == rateLimitsKey || len(l) == 1 {
		return l[0]
	}
	return l[1+maphash.String(laneSeed, key)%uint64(len(l)-1)]
}

func (l lanes) close() {
	for _, b := range l {
		b.close()
	}
}

// write runs fn in a coming batch and waits for its commit. fn may run twice (see
// commit): it sets its results afresh on each run. A caller that gives up before its
// write starts is skipped; one that gives up later still waits for the commit, so it
// never returns while its write may yet land. Past maxBatch writes waiting, callers
// wait to join the queue.
func (b *batcher) write(ctx context.Context, fn func(context.Context, dbtx) error) error {
	return b.submit(&batchJob{ctx: ctx, fn: fn})
}

// submit is write of j, with its key and the rest set.
func (b *batcher) submit(j *batchJob) error {
	ctx := j.ctx
	j.err = make(chan error, 1)
	b.open.RLock()
	if b.closed {
		b.open.RUnlock()
		return errStoreClosed
	}
	select {
	case b.jobs <- j:
	case <-ctx.Done():
		b.open.RUnlock()
		return ctx.Err()
	}
	b.open.RUnlock()
	return <-j.err
}

func (b *batcher) run() {
	defer close(b.done)
	for {
		select {
		case j := <-b.jobs:
			b.commit(b.gather(j))
			b.prepareMissing()
		case <-b.quit:
			// No write can join the queue now: finish those in it.
			for len(b.jobs) > 0 {
				b.commit(b.gather(<-b.jobs))
			}
			return
		}
	}
}

// gather is first and the writes queued behind it, up to maxBatch.
func (b *batcher) gather(first *batchJob) []*batchJob {
	batch := []*batchJob{first}
	for len(batch) < maxBatch {
		select {
		case j := <-b.jobs:
			batch = append(batch, j)
		default:
			return batch
		}
	}
	return batch
}

// commit runs a batch in one transaction and tells each job how it ended. When a job
// fails, the transaction is rolled back and each of the others runs again alone, so a
// failure is its own and costs the batch at most one more run of each. On PostgreSQL the
// failed job runs again alone too: a failed statement there ends the transaction, so what
// failed may have been another's (a deadlock with another lane) rather than its own; and
// so does the first of a failed together, whose error was its group's.
func (b *batcher) commit(batch []*batchJob) {
	live := batch[:0]
	for _, j := range batch {
		if err := j.ctx.Err(); err != nil {
			j.err <- err
		} else {
			live = append(live, j)
		}
	}
	if len(live) == 0 {
		return
	}
	slices.SortStableFunc(live, func(a, c *batchJob) int { return strings.Compare(a.key, c.key) })
	failed := -1
	err := b.inTx(func(tx *sql.Tx) error {
		for i := 0; i < len(live); i++ {
			j := live[i]
			if j.together == nil {
				if err := j.run(tx, b); err != nil {
					failed = i
					return err
				}
				continue
			}
			n := 1
			for i+n < len(live) && live[i+n].key == j.key && live[i+n].together != nil {
				n++
			}
			if err := j.together(context.WithoutCancel(j.ctx), preparedTx{tx: tx, b: b}, live[i:i+n]); err != nil {
				failed = i
				return err
			}
			i += n - 1
		}
		return nil
	})
	for i, j := range live {
		switch {
		case failed < 0 && j.own != nil:
			j.err <- j.own
		case failed < 0 || (len(live) == 1 && j.together == nil) || (i == failed && b.prepare && j.together == nil):
			j.err <- err
		default:
			j.err <- b.inTx(func(tx *sql.Tx) error { return j.run(tx, b) })
		}
	}
}

// run runs the job's write in tx, on a context its caller cannot cancel.
func (j *batchJob) run(tx *sql.Tx, b *batcher) error {
	return j.fn(context.WithoutCancel(j.ctx), preparedTx{tx: tx, b: b})
}

// inTx runs fn in a transaction of the writer that no caller's context can end.
func (b *batcher) inTx(fn func(*sql.Tx) error) error {
	return inTx(context.Background(), b.db, fn)
}

// stmt is query's statement prepared on the writer; nil the first time it is seen (it is
// prepared after the batch: preparing now would wait for the one writer connection, which
// the batch holds) and past the bound.
func (b *batcher) stmt(query string) *sql.Stmt {
	if !b.prepare {
		return nil
	}
	st, ok := b.stmts[query]
	if !ok && len(b.stmts)+len(b.missing) < maxPreparedWrites {
		b.missing[query] = true
	}
	return st
}

// prepareMissing prepares the texts the last batch ran unprepared.
func (b *batcher) prepareMissing() {
	for q := range b.missing {
		delete(b.missing, q)
		if st, err := b.db.Prepare(q); err == nil {
			b.stmts[q] = st
		}
	}
}

// close stops taking writes, waits for those queued, and closes the statements. Closing
// twice is harmless.
func (b *batcher) close() {
	b.open.Lock()
	wasClosed := b.closed
	b.closed = true
	b.open.Unlock()
	if wasClosed {
		return
	}
	close(b.quit)
	<-b.done
	for q, st := range b.stmts {
		st.Close()
		delete(b.stmts, q)
	}
}

// preparedTx runs a batch's statements through the writer's prepared ones.
type preparedTx struct {
	tx *sql.Tx
	b  *batcher
}

func (p preparedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := p.b.stmt(query); st != nil {
		return p.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return p.tx.ExecContext(ctx, query, args...)
}

func (p preparedTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := p.b.stmt(query); st != nil {
		return p.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return p.tx.QueryRowContext(ctx, query, args...)
}

func (p preparedTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := p.b.stmt(query); st != nil {
		return p.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return p.tx.QueryContext(ctx, query, args...)
}
