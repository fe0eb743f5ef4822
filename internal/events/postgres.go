package events

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Channel is the PostgreSQL channel events travel on.
const Channel = "castaway_events"

// Postgres carries events through PostgreSQL LISTEN/NOTIFY: NOTIFY over a small
// pool of its own, LISTEN on one dedicated connection per Listen call (a pooled
// connection cannot be used: LISTEN belongs to a session).
type Postgres struct {
	url  string
	pool *pgxpool.Pool
}

// NewPostgres connects to the database at url lazily (no connection is made until used).
func NewPostgres(ctx context.Context, url string) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("events: parse postgres url: %w", err)
	}
	cfg.MaxConns = 4
	cfg.MinConns = 0
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("events: postgres pool: %w", err)
	}
	return &Postgres{url: url, pool: pool}, nil
}

// Publish sends the event with pg_notify; it reaches listeners when (if) the
// surrounding work commits, here at once since it runs on its own connection.
func (p *Postgres) Publish(ctx context.Context, topic string, payload []byte) error {
	msg, err := encode(topic, payload)
	if err != nil {
		return err
	}
	if _, err := p.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, Channel, string(msg)); err != nil {
		return fmt.Errorf("publish event: %w", err)
	}
	return nil
}

// Listen holds one dedicated connection in LISTEN until ctx ends or it fails.
func (p *Postgres) Listen(ctx context.Context, ready func(), handle Handler) error {
	conn, err := pgx.Connect(ctx, p.url)
	if err != nil {
		return fmt.Errorf("connect listener: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, `LISTEN `+Channel); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	ready()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("wait for event: %w", err)
		}
		if topic, payload, ok := decode([]byte(n.Payload)); ok {
			handle(topic, payload)
		}
	}
}

// Close closes the publishing pool.
func (p *Postgres) Close() error {
	p.pool.Close()
	return nil
}
