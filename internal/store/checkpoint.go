package store

import (
	"context"
	"database/sql"
	"log/slog"
	"sync"
	"time"
)

// SQLite's WAL is copied back into the database file (a checkpoint, with its fsyncs) by a
// connection of its own, off the writers' path. Left to the writer, every thousandth page
// committed made one write wait for the copy and its fsyncs while all the others queued
// behind it (upvotes at 10,000 lists: 600 a second against 900 without).
const (
	// checkpointEvery is how often the checkpointer copies what was committed since.
	checkpointEvery = 100 * time.Millisecond
	// walFallbackPages is where the writer checkpoints by itself after all (SQLite's
	// wal_autocheckpoint, in pages): a bound on the WAL should the checkpointer fall
	// behind.
	walFallbackPages = 10000
)

// checkpointer runs passive checkpoints (they never wait for, nor hold up, a reader or
// the writer) until closed.
type checkpointer struct {
	db   *sql.DB
	stop context.CancelFunc
	done sync.WaitGroup
}

// startCheckpoints opens the checkpointer's connection to the database of dsn and starts it.
func startCheckpoints(dsn string) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	ctx, stop := context.WithCancel(context.Background())
	c := &checkpointer{db: db, stop: stop}
	c.done.Add(1)
	go c.run(ctx)
	return c, nil
}

func (c *checkpointer) run(ctx context.Context) {
	defer c.done.Done()
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		_, err := c.db.ExecContext(ctx, `PRAGMA wal_checkpoint(PASSIVE)`)
		if err != nil && ctx.Err() == nil && !failing {
			// Said once a spell of failures: the writer's own checkpoints still bound the WAL.
			slog.Warn("sqlite checkpoint failed", "err", err)
		}
		failing = err != nil
	}
}

// Close stops the checkpointer and closes its connection.
func (c *checkpointer) Close() error {
	c.stop()
	c.done.Wait()
	return c.db.Close()
}
