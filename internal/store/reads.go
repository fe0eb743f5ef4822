package store

import (
	"context"
	"database/sql"
	"strconv"
	"sync"
)

// maxPreparedReads bounds the statements a readPool keeps prepared. The store's reads are a
// fixed set of texts but for a few built per page size (PageKeys, StmtBlocked); past the bound
// a text runs unprepared, so no stream of new texts can grow the cache.
const maxPreparedReads = 512

// readPool runs the reads outside transactions. On SQLite it keeps each statement text
// prepared on every reader connection: modernc's driver otherwise compiles the SQL anew on
// each call, which was most of a cheap read's cost (a favorites page read measured 293 µs
// unprepared, 110 µs prepared). pgx already keeps prepared statements per connection, so on
// PostgreSQL it passes straight through. A prepared statement's LIMIT and OFFSET are
// written CAST($n AS BIGINT), never a bare $n, which SQLite would compile again on every
// run (TestNoLimitFromABareParameter says why); a visitor's hot reads write their LIMIT
// into the text instead (boundedBy).
type readPool struct {
	*sql.DB
	prepare bool

	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

func newReadPool(db *sql.DB, prepare bool) *readPool {
	return &readPool{DB: db, prepare: prepare, stmts: map[string]*sql.Stmt{}}
}

// QueryContext runs query through its prepared statement when there is one.
func (r *readPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := r.stmt(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return r.DB.QueryContext(ctx, query, args...)
}

// QueryRowContext runs query through its prepared statement when there is one.
func (r *readPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := r.stmt(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return r.DB.QueryRowContext(ctx, query, args...)
}

// stmt is query's prepared statement, prepared now if it is new and there is room; nil
// means run it unprepared (no preparing, the cache full, or preparing failed: the plain
// query then reports the error).
func (r *readPool) stmt(ctx context.Context, query string) *sql.Stmt {
	if !r.prepare {
		return nil
	}
	r.mu.Lock()
	st, ok := r.stmts[query]
	full := len(r.stmts) >= maxPreparedReads
	r.mu.Unlock()
	if ok || full {
		return st
	}
	st, err := r.DB.PrepareContext(ctx, query)
	if err != nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if prev, ok := r.stmts[query]; ok { // prepared at the same time by another reader
		st.Close()
		return prev
	}
	if len(r.stmts) >= maxPreparedReads {
		st.Close()
		return nil
	}
	r.stmts[query] = st
	return st
}

// Close closes the prepared statements, then the pool.
func (r *readPool) Close() error {
	r.mu.Lock()
	for q, st := range r.stmts {
		st.Close()
		delete(r.stmts, q)
	}
	r.mu.Unlock()
	return r.DB.Close()
}

// boundedBy is the LIMIT clause of a hot read, its value written into the text: with a
// bound LIMIT, PostgreSQL costs the generic plan of a prepared statement far above the
// custom one and so plans the statement again on every run, about as much work as
// running it (TestHotReadsKeepTheirPlan). Limits are a few fixed page sizes, so the
// texts stay few.
func boundedBy(limit int) string {
	return ` LIMIT ` + strconv.Itoa(limit)
}
