// Package store holds all SQL. It runs the same statements on SQLite (the embedded
// default) and PostgreSQL (for several nodes), written in the dialect both accept:
// $N placeholders, BIGINT millisecond times, TEXT ids made in Go.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
	_ "modernc.org/sqlite"             // registers "sqlite"
)

// Dialect names the engine behind a Store.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// ErrNotFound is returned when a row asked for does not exist.
var ErrNotFound = errors.New("not found")

// ErrConflict is returned when a unique rule would be broken.
var ErrConflict = errors.New("conflict")

// Store is the database.
type Store struct {
	db      *sql.DB
	dialect Dialect
	url     string
}

// Open connects to url: a postgres:// URL selects PostgreSQL, anything else is a
// SQLite file path (its folder is created).
func Open(ctx context.Context, url string) (*Store, error) {
	s := &Store{url: url}
	var err error
	if IsPostgresURL(url) {
		s.dialect = Postgres
		s.db, err = sql.Open("pgx", url)
		if err == nil {
			s.db.SetMaxOpenConns(20)
			s.db.SetMaxIdleConns(10)
			s.db.SetConnMaxIdleTime(5 * time.Minute)
		}
	} else {
		s.dialect = SQLite
		path := strings.TrimPrefix(url, "sqlite://")
		if dir := filepath.Dir(path); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("create database folder: %w", err)
			}
		}
		// WAL lets readers run beside the single writer; the busy timeout makes a
		// second writer wait instead of failing; _txlock=immediate takes the write
		// lock at BEGIN so read-then-write transactions cannot deadlock.
		dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
			"&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"
		s.db, err = sql.Open("sqlite", dsn)
	}
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	if err := s.db.PingContext(ctx); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	return s, nil
}

// IsPostgresURL tells whether url selects PostgreSQL.
func IsPostgresURL(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// Dialect tells which engine this is.
func (s *Store) Dialect() Dialect { return s.dialect }

// URL is the connection string the store was opened with.
func (s *Store) URL() string { return s.url }

// DB exposes the pool for tests and health checks.
func (s *Store) DB() *sql.DB { return s.db }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

// Close releases the pool.
func (s *Store) Close() error { return s.db.Close() }

// tx runs fn in a transaction, committing when it returns nil.
func (s *Store) tx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
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
