// Package storetest opens fresh, migrated stores for tests on every engine available:
// always SQLite, and PostgreSQL when CASTAWAY_TEST_POSTGRES_URL is set.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
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

// OpenSQLite makes a migrated SQLite database in a temporary folder.
func OpenSQLite(t testing.TB) *store.Store {
	t.Helper()
	return openMigrated(t, filepath.Join(t.TempDir(), "castaway.db"))
}

// OpenPostgres makes a migrated PostgreSQL schema of its own, dropped after the test.
func OpenPostgres(t testing.TB) *store.Store {
	t.Helper()
	return openMigrated(t, PostgresURL(t))
}

// PostgresURL creates an empty schema and returns a URL whose connections use it.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("CASTAWAY_TEST_POSTGRES_URL")
	if base == "" {
		t.Skip("CASTAWAY_TEST_POSTGRES_URL is not set")
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// OpenPostgresAt opens and migrates the database at dbURL (from PostgresURL).
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
