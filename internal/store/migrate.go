package store

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"time"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrate applies, in order, every embedded migration not yet applied. Each file is
// one transaction; on PostgreSQL an advisory lock keeps two starting nodes apart.
func (s *Store) Migrate(ctx context.Context) error {
	names, err := fs.Glob(migrationFiles, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)

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
	for _, name := range names {
		// NNNN_name.sqlite.sql and NNNN_name.postgres.sql run on their engine only,
		// sharing the version number: what one dialect cannot say (FTS5, tsvector).
		if only := engineOf(name); only != "" && only != s.dialect {
			continue
		}
		version, err := strconv.Atoi(strings.SplitN(strings.TrimPrefix(name, "migrations/"), "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: bad name", name)
		}
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = $1`, version).Scan(&n); err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if n > 0 {
			continue
		}
		body, err := migrationFiles.ReadFile(name)
		if err != nil {
			return err
		}
		if err := s.applyMigration(ctx, conn, version, string(body)); err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
	}
	return nil
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

// splitStatements cuts a migration at semicolons that end a line, dropping comments.
func splitStatements(body string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(body, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "--") || trimmed == "" {
			continue
		}
		cur.WriteString(line)
		cur.WriteString("\n")
		if strings.HasSuffix(trimmed, ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if strings.TrimSpace(cur.String()) != "" {
		out = append(out, strings.TrimSpace(cur.String()))
	}
	return out
}
