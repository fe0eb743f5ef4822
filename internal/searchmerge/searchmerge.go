// Package searchmerge keeps SQLite's full-text index quick to read while serve runs: every
// list save adds a segment to it and every search reads them all, so the segments are
// merged on a clock.
package searchmerge

import (
	"context"
	"log/slog"
	"time"

	"castaway/internal/store"
	"castaway/internal/ticker"
)

// Every is how often serve merges the segments that list saves added since the last time.
const Every = 10 * time.Second

// Run merges, every `every` until ctx ends, SQLite's full-text index a step at a time
// until no level holds two segments. The steps are short writes, so saves and votes go
// between them. A failure is said once a spell: searches stay right, only slower.
func Run(ctx context.Context, st *store.Store, every time.Duration, log *slog.Logger) {
	ticker.Run(ctx, every, log, "merge the search index", func(ctx context.Context) (bool, error) {
		return st.MergeSearch(ctx, store.SearchMergePages, false)
	})
}
