package events

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Postgres carries events through PostgreSQL LISTEN/NOTIFY on one channel: one
// dedicated connection listens (LISTEN belongs to a session, so a pooled
// connection cannot), and a pool of at most two publishes. Each notification is
// the topic, a space, then the payload.
type Postgres struct {
	url     string
	channel string
	log     *slog.Logger
	pool    *pgxpool.Pool
	f       fanout

	stop context.CancelFunc
	wg   sync.WaitGroup
	once sync.Once
}

// OpenPostgres starts listening on channel of the database at url. The first
// connection is made before it returns; if the database is down, it keeps trying
// in the background and Open still succeeds.
func OpenPostgres(ctx context.Context, url, channel string, log *slog.Logger) (*Postgres, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("events: database URL: %w", err)
	}
	cfg.MaxConns = 2
	cfg.MaxConnIdleTime = time.Minute
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		return nil, fmt.Errorf("events: publish pool: %w", err)
	}
	lctx, stop := context.WithCancel(context.Background())
	p := &Postgres{url: url, channel: channel, log: log, pool: pool, stop: stop}
	conn, err := p.connect(ctx)
	if err != nil {
		log.Warn("event listener cannot connect yet; retrying (a database without LISTEN/NOTIFY needs CASTAWAY_EVENTS_URL=nats://...)", "err", err)
	}
	p.wg.Add(1)
	go p.listen(lctx, conn)
	return p, nil
}

// Publish sends one notification; PostgreSQL delivers it to every listener
// (this process included) in the order sent.
func (p *Postgres) Publish(ctx context.Context, topic string, payload []byte) error {
	if err := validTopic(topic, false); err != nil {
		return err
	}
	msg := topic + " " + string(payload)
	if _, err := p.pool.Exec(ctx, `SELECT pg_notify($1, $2)`, p.channel, msg); err != nil {
		return fmt.Errorf("events: publish %s: %w", topic, err)
	}
	return nil
}

// Subscribe adds a subscription to the process's one listener.
func (p *Postgres) Subscribe(topic string, h Handler) (func(), error) {
	id, err := p.f.add(topic, h)
	if err != nil {
		return nil, err
	}
	return func() { p.f.remove(id) }, nil
}

// Close stops the listener and the publish pool.
func (p *Postgres) Close() error {
	p.once.Do(func() {
		p.f.close()
		p.stop()
		p.wg.Wait()
		p.pool.Close()
	})
	return nil
}

func (p *Postgres) connect(ctx context.Context) (*pgx.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, p.url)
	if err != nil {
		return nil, fmt.Errorf("connect listener: %w", err)
	}
	if _, err := conn.Exec(ctx, `LISTEN `+pgx.Identifier{p.channel}.Sanitize()); err != nil {
		conn.Close(context.Background())
		return nil, fmt.Errorf("listen: %w", err)
	}
	return conn, nil
}

// listen holds the listening connection (conn, when the first attempt made one),
// reconnecting with capped exponential backoff, until ctx ends.
func (p *Postgres) listen(ctx context.Context, conn *pgx.Conn) {
	defer p.wg.Done()
	var wait backoff
	for {
		if conn == nil {
			var err error
			if conn, err = p.connect(ctx); err != nil {
				if ctx.Err() != nil {
					return
				}
				d := wait.next()
				p.log.Warn("event listener lost; reconnecting", "err", err, "in", d)
				select {
				case <-ctx.Done():
					return
				case <-time.After(d):
				}
				continue
			}
			wait.reset()
			p.log.Info("event listener connected", "bus", "postgres")
			p.f.resync()
		}
		err := p.receive(ctx, conn)
		conn.Close(context.Background())
		conn = nil
		if ctx.Err() != nil {
			return
		}
		p.log.Warn("event listener lost", "err", err)
	}
}

func (p *Postgres) receive(ctx context.Context, conn *pgx.Conn) error {
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("wait for event: %w", err)
		}
		msg := []byte(n.Payload)
		topic, payload, _ := bytes.Cut(msg, []byte(" "))
		p.f.deliver(string(topic), payload)
	}
}
