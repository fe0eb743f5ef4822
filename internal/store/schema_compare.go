package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// checkSchema refuses a SQLite database whose schema (sqlite_master: tables, indexes,
// triggers, views, each with its SQL) is not exactly the one castaway's migrations make
// at version, and names each difference.
func checkSchema(ctx context.Context, db *sql.DB, version int) error {
	have, err := readSchema(ctx, db)
	if err != nil {
		return err
	}
	want, err := migratedSchema(ctx, version)
	if err != nil {
		return err
	}
	diffs := schemaDiff(have, want)
	if len(diffs) == 0 {
		return nil
	}
	const shown = 10
	if len(diffs) > shown {
		diffs = append(diffs[:shown], fmt.Sprintf("and %d more", len(diffs)-shown))
	}
	return fmt.Errorf("its schema is not the one castaway's migrations make at version %d: %s; a backup is restored only as castaway wrote it",
		version, strings.Join(diffs, "; "))
}

// readSchema reads sqlite_master: each object's SQL by its kind and name. The planner's statistics (sqlite_stat*,
// written by ANALYZE and PRAGMA optimize) are left out: they are data, not schema.
func readSchema(ctx context.Context, db *sql.DB) (map[[2]string]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT type, name, coalesce(sql, '') FROM sqlite_master
		WHERE name NOT LIKE 'sqlite\_stat%' ESCAPE '\'`)
	if err != nil {
		return nil, fmt.Errorf("read schema: %w", err)
	}
	defer rows.Close()
	out := map[[2]string]string{}
	for rows.Next() {
		var kind, name, text string
		if err := rows.Scan(&kind, &name, &text); err != nil {
			return nil, fmt.Errorf("read schema: %w", err)
		}
		out[[2]string{kind, name}] = text
	}
	return out, rows.Err()
}

// migratedSchema is the schema the migrations make up to version, read off a new
// database in a temporary folder.
func migratedSchema(ctx context.Context, version int) (map[[2]string]string, error) {
	dir, err := os.MkdirTemp("", "castaway-schema-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	s, err := Open(ctx, filepath.Join(dir, "schema.db"))
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if err := s.migrateTo(ctx, version); err != nil {
		return nil, err
	}
	return readSchema(ctx, s.db)
}

// schemaDiff names, in order, each object have holds that want does not, each it lacks,
// and each whose SQL differs. Names are quoted: they come from the file.
func schemaDiff(have, want map[[2]string]string) []string {
	keys := make([][2]string, 0, len(have)+len(want))
	for k := range have {
		keys = append(keys, k)
	}
	for k := range want {
		if _, ok := have[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b [2]string) int { return strings.Compare(a[0]+"\x00"+a[1], b[0]+"\x00"+b[1]) })
	var out []string
	for _, k := range keys {
		h, inHave := have[k]
		w, inWant := want[k]
		switch {
		case !inWant:
			out = append(out, fmt.Sprintf("an extra %s %q", k[0], k[1]))
		case !inHave:
			out = append(out, fmt.Sprintf("no %s %q", k[0], k[1]))
		case h != w:
			out = append(out, fmt.Sprintf("%s %q is defined differently", k[0], k[1]))
		}
	}
	return out
}
