package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"

	"castaway/internal/problem"

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

// The server answers these 503 through problem.IsUnavailable, without knowing the drivers.
func init() { problem.ClassifyUnavailable(IsUnavailable) }

// IsUnavailable tells whether err means the database could not be reached or did not
// answer in time (down, restarting, out of connections, locked past the busy timeout),
// rather than that the request was wrong: the caller should answer 503 and try later.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	// A connection that drops mid-answer reads as an end of file.
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) || pgconn.Timeout(err) {
		return true
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	if errors.As(err, &connectErr) || errors.As(err, &netErr) {
		return true
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		// Class 08: connection exceptions; 53300 too many connections; 57014 a statement
		// ended by statement_timeout; 57P0x shutting down.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "53300" || pgErr.Code == "57014" || strings.HasPrefix(pgErr.Code, "57P0")
	}
	var liteErr *sqlite.Error
	if errors.As(err, &liteErr) {
		switch liteErr.Code() & 0xff { // the primary code of an extended one
		case sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_FULL:
			return true
		}
	}
	return false
}
