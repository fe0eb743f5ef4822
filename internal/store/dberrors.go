package store

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Database failures are told apart by the drivers' error codes, never by their
// message text, which changes between versions and languages.

// PostgreSQL SQLSTATE codes (Appendix A of its manual).
const (
	pgUniqueViolation     = "23505"
	pgForeignKeyViolation = "23503"
)

// isUniqueViolation tells whether err comes from a unique index on either engine.
func isUniqueViolation(err error) bool {
	return hasCode(err, pgUniqueViolation, sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
}

// isForeignKeyViolation tells whether err comes from a missing referenced row on either engine.
func isForeignKeyViolation(err error) bool {
	return hasCode(err, pgForeignKeyViolation, sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY)
}

// hasCode tells whether err carries the PostgreSQL SQLSTATE pgCode or one of the
// SQLite extended result codes (modernc.org/sqlite turns extended codes on).
func hasCode(err error, pgCode string, sqliteCodes ...int) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == pgCode
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		for _, c := range sqliteCodes {
			if liteErr.Code() == c {
				return true
			}
		}
	}
	return false
}

// pgConstraint is the name of the constraint a PostgreSQL error broke, "" for
// SQLite, whose errors name it only in their text.
func pgConstraint(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.ConstraintName
	}
	return ""
}
