// Package storetest opens fresh, migrated stores for tests on every engine available:
// always SQLite, and PostgreSQL when CASTAWAY_TEST_POSTGRES_URL is set.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"castaway/internal/listcache"
	"castaway/internal/store"
)

// Engine is one database a test can run on.
type Engine struct {
	Name string
	Open func(t testing.TB) *store.Store
}

// Engines lists SQLite and, when configured, PostgreSQL.
func Engines() []Engine {
	engines := []Engine{{Name: "sqlite", Open: OpenSQLite}}
	if os.Getenv("CASTAWAY_TEST_POSTGRES_URL") != "" {
		engines = append(engines, Engine{Name: "postgres", Open: OpenPostgres})
	}
	return engines
}

// Each runs fn as a subtest on every engine, each with its own fresh database.
func Each(t *testing.T, fn func(t *testing.T, s *store.Store)) {
	t.Helper()
	for _, e := range Engines() {
		t.Run(e.Name, func(t *testing.T) { fn(t, e.Open(t)) })
	}
}

// OpenSQLite makes a migrated SQLite database in a temporary folder: a copy of one migrated
// file (see sqliteTemplate), not a migration of its own.
func OpenSQLite(t testing.TB) *store.Store {
	t.Helper()
	path := filepath.Join(t.TempDir(), "castaway.db")
	if err := copyFile(sqliteTemplate(t), path); err != nil {
		t.Fatal(err)
	}
	return openMigrated(t, path)
}

// OpenPostgres makes a migrated PostgreSQL database of its own, dropped after the test.
func OpenPostgres(t testing.TB) *store.Store {
	t.Helper()
	return openMigrated(t, PostgresURL(t))
}

// PostgresURL creates a database of its own, already migrated (a copy of the template
// database, see postgresTemplate), dropped after the test, and returns its URL.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("CASTAWAY_TEST_POSTGRES_URL")
	if base == "" {
		t.Skip("CASTAWAY_TEST_POSTGRES_URL is not set")
	}
	template := postgresTemplate(t, base)
	b := make([]byte, 6)
	rand.Read(b)
	name := "t_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`CREATE DATABASE ` + name + ` TEMPLATE ` + template); err != nil {
		admin.Close()
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		admin.Exec(`DROP DATABASE ` + name + ` WITH (FORCE)`)
		admin.Close()
	})
	return withDatabase(t, base, name)
}

// withDatabase is base pointed at another database on the same server.
func withDatabase(t testing.TB, base, name string) string {
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// A test binary migrates once per engine and copies the result into each test's database:
// migrating every test's database from nothing took most of the Go tests' time on PostgreSQL
// (seconds each). The copies are named by store.MigrationsDigest, so a changed migration
// makes a new one, and kept between runs.
var (
	sqliteOnce, postgresOnce         sync.Once
	sqliteTemplatePath, postgresName string
	sqliteErr, postgresErr           error
)

func sqliteTemplate(t testing.TB) string {
	sqliteOnce.Do(func() { sqliteTemplatePath, sqliteErr = makeSQLiteTemplate() })
	if sqliteErr != nil {
		t.Fatalf("SQLite template: %v", sqliteErr)
	}
	return sqliteTemplatePath
}

func makeSQLiteTemplate() (string, error) {
	path := filepath.Join(os.TempDir(), "castaway-test-"+store.MigrationsDigest(store.SQLite)+".db")
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	// Built in a folder of its own and renamed into place: another test binary may be
	// building the same one, and either's file is whole.
	dir, err := os.MkdirTemp("", "castaway-template-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	built := filepath.Join(dir, "castaway.db")
	ctx := context.Background()
	s, err := store.Open(ctx, built)
	if err != nil {
		return "", err
	}
	if err := s.Migrate(ctx); err != nil {
		s.Close()
		return "", err
	}
	if _, err := s.DB().ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		s.Close()
		return "", err
	}
	if err := s.Close(); err != nil {
		return "", err
	}
	return path, os.Rename(built, path)
}

func postgresTemplate(t testing.TB, base string) string {
	postgresOnce.Do(func() { postgresName, postgresErr = makePostgresTemplate(t, base) })
	if postgresErr != nil {
		t.Fatalf("PostgreSQL template: %v", postgresErr)
	}
	return postgresName
}

func makePostgresTemplate(t testing.TB, base string) (string, error) {
	ctx := context.Background()
	name := "castaway_template_" + store.MigrationsDigest(store.Postgres)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	// Test binaries run side by side: one builds the template while the others wait.
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(7242011)`); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(7242011)`)
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	// Built under another name and renamed when whole: a run killed midway leaves no
	// half-migrated template behind.
	building := name + "_building"
	if _, err := conn.ExecContext(ctx, `DROP DATABASE IF EXISTS `+building+` WITH (FORCE)`); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, `CREATE DATABASE `+building); err != nil {
		return "", err
	}
	s, err := store.Open(ctx, withDatabase(t, base, building))
	if err != nil {
		return "", err
	}
	err = s.Migrate(ctx)
	s.Close()
	if err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, `ALTER DATABASE `+building+` RENAME TO `+name); err != nil {
		return "", err
	}
	return name, nil
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// OpenPostgresAt opens the database at dbURL (from PostgresURL), migrating what is missing.
func OpenPostgresAt(t testing.TB, dbURL string) *store.Store { return openMigrated(t, dbURL) }

func openMigrated(t testing.TB, dbURL string) *store.Store {
	t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	listcache.Use(s) // reading as serve does (app.OpenStore)
	t.Cleanup(func() { s.Close() })
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return s
}
