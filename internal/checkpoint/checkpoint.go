// Package checkpoint copies SQLite's WAL back into the database file on a clock, off the
// writers' path (store.Checkpoint says why), for as long as a process has the database
// open: serve and every command.
package checkpoint

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"castaway/internal/store"
	"castaway/internal/ticker"
)

// Every is how often what was committed since is copied back.
const Every = 100 * time.Millisecond

// Start checkpoints st every Every until the returned stop is called (before st is
// closed). On PostgreSQL it does nothing.
func Start(st *store.Store, log *slog.Logger) (stop func()) {
	if st.Dialect() != store.SQLite {
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var done sync.WaitGroup
	done.Go(func() {
		// Said once a spell of failures: the writer's own checkpoints still bound the WAL.
		ticker.Run(ctx, Every, log, "sqlite checkpoint failed", func(ctx context.Context) (bool, error) {
			return false, st.Checkpoint(ctx)
		})
	})
	return func() { cancel(); done.Wait() }
}
