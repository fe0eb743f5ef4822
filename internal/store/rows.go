package store

import (
	"database/sql"
	"fmt"
)

// stringsOf reads the one text column of rows (from a query that answered err), closing
// them; what names the read in its errors.
func stringsOf(rows *sql.Rows, err error, what string) ([]string, error) {
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// setOf is what stringsOf read, as a set.
func setOf(values []string, err error) (map[string]bool, error) {
	if err != nil {
		return nil, err
	}
	set := make(map[string]bool, len(values))
	for _, v := range values {
		set[v] = true
	}
	return set, nil
}

// rowsOf reads every row of rows (from a query that answered err) with scan, closing them;
// what names the read in its errors. No row gives an empty slice, not nil.
func rowsOf[T any](rows *sql.Rows, err error, what string, scan func(*sql.Rows) (T, error)) ([]T, error) {
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// valueOf adapts a scan that reads one row into a new value (as the single-row reads use)
// to rowsOf.
func valueOf[T any](scan func(row interface{ Scan(...any) error }) (*T, error)) func(*sql.Rows) (T, error) {
	return func(rows *sql.Rows) (T, error) {
		v, err := scan(rows)
		if err != nil {
			var zero T
			return zero, err
		}
		return *v, nil
	}
}
