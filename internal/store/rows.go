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
