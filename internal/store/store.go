// Package store holds all SQL. It runs the same statements on SQLite (the embedded
// default) and PostgreSQL (for several nodes), written in the dialect both accept:
// $N placeholders, BIGINT millisecond times, TEXT ids made in Go.
package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	neturl "net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	_ "modernc.org/sqlite" // registers "sqlite"
)

// Dialect names the engine behind a Store.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// ErrNotFound is returned when a row asked for does not exist.
var ErrNotFound = errors.New("not found")

// NotFoundAs turns ErrNotFound into answer, a use case's own error for a missing row,
// and leaves other errors (and nil) alone.
func NotFoundAs(err, answer error) error {
	if errors.Is(err, ErrNotFound) {
		return answer
	}
	return err
}

// ErrConflict is returned when a unique rule would be broken.
var ErrConflict = errors.New("conflict")

// Store is the database.
type Store struct {
	sqliteDSN   string    // how connections to the SQLite file are opened
	db          *sql.DB   // writes (and reads inside transactions)
	rdb         *readPool // reads outside transactions: a separate bounded pool on SQLite, db on PostgreSQL
	dialect     Dialect
	url         string
	lock        interface{ Close() error } // SQLite: the shared lock a restore waits out (restore.go)
	checkpoints *sql.DB                    // SQLite: the connection that copies the WAL back (checkpoint.go)
	batch       *batcher                   // SQLite: commits the marks of many requests together (batch.go)
	marks       *sql.DB                    // PostgreSQL: the marks' pool, committing without waiting for the flush (batched)
	lanes       lanes                      // PostgreSQL: commit writes of many requests together, by their rows (batch.go)
	listReads   ListReads                  // cards and lists' entries: itself, or a cache (list_reads.go)
	weeks       keptWeeks                  // the weeks of upvotes known kept (weeks.go)
}

// Options size the connection pools.
type Options struct {
	// PostgresMaxConns bounds this node's connections to PostgreSQL; 0 means
	// DefaultPostgresMaxConns. Size it so nodes × this stays under the server's
	// max_connections (100 by default) with room for maintenance. The database URL's
	// pool_max_conns parameter (as pgxpool spells it) sets it too. The marks (batched)
	// have a pool of their own beside it, half its size (at least 2).
	PostgresMaxConns int
	// SQLiteReaders bounds the read-only SQLite connections; 0 means DefaultSQLiteReaders.
	// Writes always go through one connection: SQLite has one writer at a time anyway.
	SQLiteReaders int
	// StatementTimeout, when set, makes PostgreSQL end any statement of this store's
	// connections that runs longer (its statement_timeout, unless the URL sets one): a
	// backstop for work no request bounds and for cancels that never reached the server.
	StatementTimeout time.Duration
	// SQLiteBusyTimeout is how long a SQLite write waits for a lock another process
	// holds (a context does not cut that wait short); 0 means DefaultSQLiteBusyTimeout.
	// SQLite statements otherwise end with their context.
	SQLiteBusyTimeout time.Duration
}

const (
	// DefaultPostgresMaxConns suits a few nodes against a default PostgreSQL server.
	DefaultPostgresMaxConns = 16
	// DefaultSQLiteReaders is enough readers to keep a few cores busy beside the writer.
	DefaultSQLiteReaders = 6
	// DefaultSQLiteBusyTimeout lets a command wait out another one's write.
	DefaultSQLiteBusyTimeout = 10 * time.Second
)

// Open connects to url with the default pool sizes: a postgres:// URL selects
// PostgreSQL, anything else is a SQLite file path (its folder is created).
func Open(ctx context.Context, url string) (*Store, error) {
	return OpenWith(ctx, url, Options{})
}

// OpenWith connects to url with pools sized by o.
func OpenWith(ctx context.Context, url string, o Options) (*Store, error) {
	s := &Store{url: url}
	s.listReads = readsItself{s}
	var err error
	if IsPostgresURL(url) {
		s.dialect = Postgres
		var n int
		if url, n, err = takeIntParam(url, "pool_max_conns"); err != nil {
			return nil, err
		} else if n > 0 {
			o.PostgresMaxConns = n
		}
		// A server that does not answer must not hold a request for long.
		url = withDefaultParam(url, "connect_timeout", "5")
		// No Memoize nodes: PostgreSQL sizes a Memoize's hash table by the rows it expects
		// and clears it at every run, and it expects many where a page's nested loop finds a
		// few. The week's top on a visitor's home spent more time there than reading: its
		// requests cost PostgreSQL 285 µs without against 433 µs with (100,000 lists). A
		// database URL that sets enable_memoize wins.
		url = withDefaultParam(url, "enable_memoize", "off")
		if o.StatementTimeout > 0 {
			url = withDefaultParam(url, "statement_timeout", strconv.FormatInt(o.StatementTimeout.Milliseconds(), 10))
		}
		s.db, err = openPostgres(url)
		if err == nil {
			sizePool(s.db, o.PostgresMaxConns, DefaultPostgresMaxConns)
			s.db.SetConnMaxIdleTime(5 * time.Minute)
			s.rdb = newReadPool(s.db, false)
			// The marks' connections commit without waiting for the WAL flush (batched).
			if s.marks, err = openPostgres(withDefaultParam(url, "synchronous_commit", "off")); err == nil {
				sizePool(s.marks, max(2, s.db.Stats().MaxOpenConnections/2), 0)
				s.marks.SetConnMaxIdleTime(5 * time.Minute)
				s.lanes = newLanes(s.marks, postgresLanes)
			}
		}
	} else {
		s.dialect = SQLite
		path := strings.TrimPrefix(url, "sqlite://")
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("create database folder: %w", err)
			}
		}
		if s.lock, err = holdShared(path); err != nil {
			return nil, err
		}
		// WAL lets readers run beside the single writer; the busy timeout makes a
		// second writer wait instead of failing; _txlock=immediate takes the write
		// lock at BEGIN so read-then-write transactions cannot deadlock.
		// One writer connection (SQLite serialises writers anyway; waiting in the pool
		// is cheaper than spinning on the busy timeout) and a bounded set of readers
		// that cannot write by mistake.
		// Each connection keeps up to 16 MB of pages. No memory map: a reader must wrap
		// every page it takes from the map afresh (it is never kept in its page cache), and
		// each commit moves the WAL on, so under writes a mapped reader redid that work on
		// every page of every read; without the map a signed-in write (its session and
		// list reads, then its transaction) cost less than half the CPU (upvotes at 10,000
		// lists: 1.3-1.5 ms a request with the map, 0.55-0.65 ms without), and reads alone
		// cost the same.
		busy := o.SQLiteBusyTimeout
		if busy <= 0 {
			busy = DefaultSQLiteBusyTimeout
		}
		dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
			"&_pragma=busy_timeout(" + strconv.FormatInt(busy.Milliseconds(), 10) + ")&_pragma=synchronous(NORMAL)" +
			"&_pragma=cache_size(-16000)"
		s.sqliteDSN = dsn
		s.db, err = sql.Open("sqlite", dsn+"&_txlock=immediate&_pragma=wal_autocheckpoint("+strconv.Itoa(walFallbackPages)+")")
		if err == nil {
			s.db.SetMaxOpenConns(1)
			s.db.SetMaxIdleConns(1)
			s.db.SetConnMaxIdleTime(0)
			// The writer is pinged first so the file exists in WAL mode before readers open it.
			if err = s.db.PingContext(ctx); err == nil {
				var rdb *sql.DB
				if rdb, err = sql.Open("sqlite", dsn+"&_pragma=query_only(1)"); err == nil {
					s.rdb = newReadPool(rdb, true)
				}
			}
			if err == nil {
				sizePool(s.rdb, o.SQLiteReaders, DefaultSQLiteReaders)
				s.checkpoints, err = openCheckpoints(dsn)
			}
			if err == nil {
				s.batch = newBatcher(s.db)
			}
		}
	}
	if err != nil {
		if s.rdb != nil {
			s.rdb.Close()
		}
		if s.db != nil {
			s.db.Close()
		}
		if s.lock != nil {
			s.lock.Close()
		}
		return nil, fmt.Errorf("open database: %w", err)
	}
	if err := s.Ping(ctx); err != nil {
		s.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	return s, nil
}

// takeIntParam removes a query parameter from a database URL and returns its value
// (0 when absent).
func takeIntParam(raw, name string) (string, int, error) {
	u, err := neturl.Parse(raw)
	if err != nil {
		return "", 0, fmt.Errorf("database URL: %w", err)
	}
	q := u.Query()
	v := q.Get(name)
	if v == "" {
		return raw, 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return "", 0, fmt.Errorf("database URL: %s must be a positive number", name)
	}
	q.Del(name)
	u.RawQuery = q.Encode()
	return u.String(), n, nil
}

// withDefaultParam sets the query parameter name to value unless raw sets it.
func withDefaultParam(raw, name, value string) string {
	u, err := neturl.Parse(raw)
	if err != nil || u.Query().Has(name) {
		return raw
	}
	q := u.Query()
	q.Set(name, value)
	u.RawQuery = q.Encode()
	return u.String()
}

// IsPostgresURL tells whether url selects PostgreSQL.
func IsPostgresURL(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// Dialect tells which engine this is.
func (s *Store) Dialect() Dialect { return s.dialect }

// URL is the connection string the store was opened with.
func (s *Store) URL() string { return s.url }

// DB exposes the write pool for tests and health checks.
func (s *Store) DB() *sql.DB { return s.db }

// ReadDB exposes the read pool (the same pool on PostgreSQL).
func (s *Store) ReadDB() *sql.DB { return s.rdb.DB }

// Ping checks that the database answers, on both pools.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.db.PingContext(ctx); err != nil {
		return err
	}
	if s.rdb.DB != s.db {
		return s.rdb.PingContext(ctx)
	}
	return nil
}

// Close releases the pools.
func (s *Store) Close() error {
	var err error
	if s.batch != nil {
		s.batch.close()
	}
	s.lanes.close()
	if s.checkpoints != nil {
		err = s.checkpoints.Close()
	}
	if s.rdb != nil {
		if rerr := s.rdb.Close(); err == nil { // its statements, and on SQLite its own pool
			err = rerr
		}
	}
	if s.rdb == nil || s.rdb.DB != s.db {
		if werr := s.db.Close(); err == nil {
			err = werr
		}
	}
	if s.marks != nil {
		if merr := s.marks.Close(); err == nil {
			err = merr
		}
	}
	if s.lock != nil {
		s.lock.Close()
	}
	return err
}

// tx runs fn in a transaction, committing when it returns nil.
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	return inTx(ctx, s.db, fn)
}

// inTx runs fn in a transaction of db, committing when it returns nil.
func inTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return ended(ctx, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", ended(ctx, err))
	}
	return nil
}

// ended is err, naming ctx's end as its cause when ctx ended and took the transaction
// with it: database/sql rolls a transaction back when its context ends, and what runs in
// it next finds it done (sql.ErrTxDone). A client that went away mid-write is no failure.
func ended(ctx context.Context, err error) error {
	if errors.Is(err, sql.ErrTxDone) && ctx.Err() != nil && !errors.Is(err, ctx.Err()) {
		return fmt.Errorf("%w (%w)", err, ctx.Err())
	}
	return err
}

// postgresLanes is how many batches run at once on PostgreSQL, each on a connection of
// the marks' pool (which leaves room for the marks that run alone).
const postgresLanes = 4

// batched runs fn, one of a fan's small, frequent writes (a mark: an upvote, a favorite,
// a follow, a comment's vote, a ballot; a rate limit's count; a session's sighting), in a
// transaction: on SQLite in the next batch of marks (batch.go), on PostgreSQL alone, on a connection of
// the marks' pool, whose commits do not wait for the WAL to reach the disk
// (synchronous_commit off for its connections alone). (A write PostgreSQL runs as one
// set of statements for many, such as a poll's ballots, joins a lane's batch instead.)
//
// That is SQLite's own promise for every commit here (WAL with synchronous NORMAL: a
// commit is durable once the WAL is synced, at the next checkpoint): a crash of the
// database's machine may lose the last moments' marks (on PostgreSQL at most three
// wal_writer_delay, 600 ms by default), never part of one, so the counts kept with them
// stay exact. Waiting for the flush was what bounded marks on PostgreSQL: every commit
// waits out an fsync (2-3 ms on the benchmark's disk) while holding its rows' locks, so
// a list's upvotes, or a poll's ballots, went one fsync at a time (upvotes at 0.018× the
// minimal handler). Writes that carry what a fan wrote (a comment, a list) wait for it.
func (s *Store) batched(ctx context.Context, fn func(context.Context, dbtx) error) error {
	if s.batch != nil {
		return s.batch.write(ctx, fn)
	}
	return inTx(ctx, s.marks, func(tx *sql.Tx) error { return fn(ctx, tx) })
}

// written runs fn, a small write of what a fan wrote (a comment), in a transaction: on
// SQLite in the next batch of marks, as batched does (its commit is the batch's), on
// PostgreSQL alone in a transaction whose commit waits for the WAL flush.
func (s *Store) written(ctx context.Context, fn func(context.Context, dbtx) error) error {
	if s.batch != nil {
		return s.batch.write(ctx, fn)
	}
	return s.tx(ctx, func(tx *sql.Tx) error { return fn(ctx, tx) })
}

// millis converts a time to the stored form.
func millis(t time.Time) int64 { return t.UnixMilli() }

// fromMillis converts a stored time back, in UTC.
func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// prefixed qualifies each column of a comma-separated list with a table alias.
func prefixed(alias, columns string) string {
	parts := strings.Split(columns, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if strings.HasPrefix(p, "'") { // a literal, such as COALESCE's default
			parts[i] = p
		} else if strings.HasPrefix(p, "COALESCE(") {
			parts[i] = "COALESCE(" + alias + strings.TrimPrefix(p, "COALESCE(")
		} else {
			parts[i] = alias + p
		}
	}
	return strings.Join(parts, ", ")
}

// encodeCursor makes an opaque paging cursor of a row's sort key.
func encodeCursor(parts ...string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(strings.Join(parts, "\n")))
}

// Newest-first keyset pages start "after" a time beyond any and keys beyond any.
const (
	firstPageTime = int64(math.MaxInt64)
	firstPageKey  = "\uffff"
)

// timeCursor reads a newest-first cursor of a time (Unix ms) and n more keys: the row a page
// starts after. "" is the first page: a time and keys beyond any row's. ErrBadCursor for a
// cursor it did not make.
func timeCursor(c string, n int) (int64, []string, error) {
	if c == "" {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = firstPageKey
		}
		return firstPageTime, keys, nil
	}
	parts, err := decodeCursor(c, n+1)
	if err != nil {
		return 0, nil, err
	}
	at, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil {
		return 0, nil, ErrBadCursor
	}
	return at, parts[1:], nil
}

// nextTimeCursor is the cursor of the page after a row with time t and keys.
func nextTimeCursor(t time.Time, keys ...string) string {
	return encodeCursor(append([]string{strconv.FormatInt(millis(t), 10)}, keys...)...)
}

// sizedPool is a pool of connections: the writer's *sql.DB or the readers' pool.
type sizedPool interface {
	SetMaxOpenConns(n int)
	SetMaxIdleConns(n int)
}

// sizePool lets pool hold n connections, open and idle alike (def when n is not set).
func sizePool(pool sizedPool, n, def int) {
	if n <= 0 {
		n = def
	}
	pool.SetMaxOpenConns(n)
	pool.SetMaxIdleConns(n)
}

// cutPage keeps the first limit of rows read one past a page (limit+1) and answers the
// cursor of the page after the last row kept (next makes it), "" when there was no more.
func cutPage[T any](rows []T, limit int, next func(last *T) string) ([]T, string) {
	if len(rows) <= limit {
		return rows, ""
	}
	rows = rows[:limit]
	return rows, next(&rows[limit-1])
}

// decodeCursor reads a cursor of n parts made by encodeCursor, or ErrBadCursor. Its parts
// become query arguments: a NUL or invalid UTF-8, which no key holds and PostgreSQL
// refuses as text, is a cursor it did not make.
func decodeCursor(c string, n int) ([]string, error) {
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || !utf8.Valid(b) || bytes.IndexByte(b, 0) >= 0 {
		return nil, ErrBadCursor
	}
	parts := strings.Split(string(b), "\n")
	if len(parts) != n {
		return nil, ErrBadCursor
	}
	return parts, nil
}

// lockAndCount takes userID's row lock, then counts with count ($1 = userID): one user's
// concurrent additions count in turn. Two statements, because on PostgreSQL a count inside
// the locking statement reads the snapshot from before the lock was waited for.
func lockAndCount(ctx context.Context, tx dbtx, userID, count string) (int, error) {
	if _, err := tx.ExecContext(ctx, `UPDATE users SET filter_count = filter_count WHERE id = $1`, userID); err != nil {
		return 0, err
	}
	var n int
	err := tx.QueryRowContext(ctx, count, userID).Scan(&n)
	return n, err
}
