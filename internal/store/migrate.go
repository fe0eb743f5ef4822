package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// NewerSchemaError: the database was migrated by a newer castaway than this binary, whose
// statements may no longer fit its tables; starting on it could corrupt what it holds.
type NewerSchemaError struct{ Have, Know int }

func (e *NewerSchemaError) Error() string {
	return fmt.Sprintf("this database was migrated by a newer castaway (schema %d, this binary knows up to %d); run the newer binary or restore a backup", e.Have, e.Know)
}

// Migration is one embedded migration file for an engine.
type Migration struct {
	Version int
	Name    string // the file name, as 0071_suspensions.sqlite.sql
}

// Migrations lists, in order, the embedded migrations that run on dialect d.
func Migrations(d Dialect) ([]Migration, error) {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []Migration
	for _, name := range names {
		// NNNN_name.sqlite.sql and NNNN_name.postgres.sql run on their engine only,
		// sharing the version number: what one dialect cannot say (FTS5, tsvector).
		if only := engineOf(name); only != "" && only != d {
			continue
		}
		base := strings.TrimPrefix(name, "migrations/")
		version, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: bad name", name)
		}
		out = append(out, Migration{Version: version, Name: base})
	}
	return out, nil
}

// MigrationsDigest names what the embedded migrations for d hold: two builds with the same
// digest make the same schema, so tests may copy one migrated database instead of migrating each.
func MigrationsDigest(d Dialect) string {
	ms, err := Migrations(d)
	if err != nil {
		panic(err) // the embedded files are fixed at build time
	}
	h := sha256.New()
	for _, m := range ms {
		body, err := migrationFiles.ReadFile("migrations/" + m.Name)
		if err != nil {
			panic(err)
		}
		fmt.Fprintf(h, "%s %d\n", m.Name, len(body))
		h.Write(body)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// LatestSchema is the newest schema version this binary knows for dialect d.
func LatestSchema(d Dialect) int {
	ms, _ := Migrations(d)
	if len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].Version
}

// SchemaVersion is the newest migration applied to the database; 0 when none is (an
// empty database).
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	return schemaVersion(ctx, s.db, s.dialect)
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func schemaVersion(ctx context.Context, q rowQuerier, d Dialect) (int, error) {
	// Ask the catalogue first, so that looking creates nothing and fails on nothing.
	find := `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`
	if d == Postgres {
		find = `SELECT count(*) FROM information_schema.tables WHERE table_name = 'schema_migrations' AND table_schema = current_schema()`
	}
	var n int
	if err := q.QueryRowContext(ctx, find).Scan(&n); err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	if n == 0 {
		return 0, nil
	}
	var v sql.NullInt64
	if err := q.QueryRowContext(ctx, `SELECT max(version) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("schema version: %w", err)
	}
	return int(v.Int64), nil
}

// checkNotNewer refuses a database migrated past what this binary knows.
func checkNotNewer(d Dialect, have int) error {
	if know := LatestSchema(d); have > know {
		return &NewerSchemaError{Have: have, Know: know}
	}
	return nil
}

// Pending lists the migrations Migrate would apply, applying none. It refuses a
// database migrated by a newer castaway, as Migrate does.
func (s *Store) Pending(ctx context.Context) ([]Migration, error) {
	have, err := s.SchemaVersion(ctx)
	if err != nil {
		return nil, err
	}
	if err := checkNotNewer(s.dialect, have); err != nil {
		return nil, err
	}
	all, err := Migrations(s.dialect)
	if err != nil {
		return nil, err
	}
	applied := map[int]bool{}
	if have > 0 {
		rows, err := s.db.QueryContext(ctx, `SELECT version FROM schema_migrations`)
		if err != nil {
			return nil, fmt.Errorf("pending migrations: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var v int
			if err := rows.Scan(&v); err != nil {
				return nil, err
			}
			applied[v] = true
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	var out []Migration
	for _, m := range all {
		if !applied[m.Version] {
			out = append(out, m)
		}
	}
	return out, nil
}

// Migrate applies, in order, every embedded migration not yet applied. Each file is
// one transaction; on PostgreSQL an advisory lock keeps two starting nodes apart. A
// database migrated by a newer castaway is refused (NewerSchemaError), untouched.
func (s *Store) Migrate(ctx context.Context) error {
	return s.migrateTo(ctx, math.MaxInt)
}

// migrateTo applies the migrations Migrate would, up to version last.
func (s *Store) migrateTo(ctx context.Context, last int) error {
	migrations, err := Migrations(s.dialect)
	if err != nil {
		return err
	}

	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer conn.Close()
	if s.dialect == Postgres {
		// Building an index on a large table may take longer than a serving node lets a
		// statement run, and a node starting while another migrates waits for its lock as
		// long as that takes; the connection goes back to the pool with the setting restored.
		if _, err := conn.ExecContext(ctx, `SET statement_timeout = 0`); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		defer conn.ExecContext(context.Background(), `RESET statement_timeout`)
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(7242010)`); err != nil {
			return fmt.Errorf("migrate lock: %w", err)
		}
		defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(7242010)`)
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	have, err := schemaVersion(ctx, conn, s.dialect)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if err := checkNotNewer(s.dialect, have); err != nil {
		return err
	}
	applied, err := appliedVersions(ctx, conn)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	for _, m := range migrations {
		version, name := m.Version, m.Name
		if version > last {
			break
		}
		if applied[version] {
			continue
		}
		body, err := migrationFiles.ReadFile("migrations/" + name)
		if err != nil {
			return err
		}
		if err := s.applyMigration(ctx, conn, version, string(body)); err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
	}
	return nil
}

// appliedVersions reads schema_migrations in one query: an up-to-date database costs one
// round trip to check, not one a migration.
func appliedVersions(ctx context.Context, conn *sql.Conn) (map[int]bool, error) {
	rows, err := conn.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	applied := map[int]bool{}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		applied[v] = true
	}
	return applied, rows.Err()
}

// engineOf names the engine a migration file is for, or "" when it is for both.
func engineOf(name string) Dialect {
	base := strings.TrimSuffix(name, ".sql")
	for _, d := range []Dialect{SQLite, Postgres} {
		if strings.HasSuffix(base, "."+string(d)) {
			return d
		}
	}
	return ""
}

func (s *Store) applyMigration(ctx context.Context, conn *sql.Conn, version int, body string) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, stmt := range splitStatements(body) {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("%w\n%s", err, stmt)
		}
	}
	if step := goSteps[version]; step != nil {
		if err := step(s, ctx, tx); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)`,
		version, time.Now().UnixMilli()); err != nil {
		return err
	}
	return tx.Commit()
}

// splitStatements cuts a migration at semicolons that end a line, dropping comments; a
// line within a function's $$ … $$ body ends nothing.
func splitStatements(body string) []string {
	var out []string
	var cur strings.Builder
	inBody := false
	for _, line := range strings.Split(body, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "--") || trimmed == "" {
			continue
		}
		cur.WriteString(line)
		cur.WriteString("\n")
		if strings.Count(line, "$$")%2 == 1 {
			inBody = !inBody
		}
		if !inBody && strings.HasSuffix(trimmed, ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if strings.TrimSpace(cur.String()) != "" {
		out = append(out, strings.TrimSpace(cur.String()))
	}
	return out
}
