package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// openPostgres is a pool of PostgreSQL connections at url that gives none back closed.
// pgx closes a connection whose statement its context ended mid-answer (a client that
// went away), and its database/sql driver does not say so when the connection is put
// back (no driver.Validator): the pool kept it, and only found it closed when it handed
// it out again. database/sql tries a statement on two such connections and then once
// more, so a burst of clients leaving (or statements timing out) could end a live fan's
// write with 503 "bad connection": about one follow in 20,000 under the write bench.
func openPostgres(url string) (*sql.DB, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database URL: %w", err)
	}
	return sql.OpenDB(validConnector{stdlib.GetConnector(*cfg)}), nil
}

type validConnector struct{ driver.Connector }

func (c validConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return validConn{conn.(*pgxConn)}, nil
}

// pgxConn names stdlib.Conn so that validConn embeds it under a name of its own and
// keeps its methods, Conn() (the pgx connection) among them.
type pgxConn = stdlib.Conn

// validConn is pgx's connection that tells database/sql when it has been closed.
type validConn struct{ *pgxConn }

// IsValid is driver.Validator: a closed connection is dropped when put back.
func (c validConn) IsValid() bool { return !c.Conn().IsClosed() }
