package app

import (
	"context"
	"log/slog"
	"time"

	"castaway/internal/store"
)

// MergeSearchEvery is how often serve merges the segments that list saves added to
// SQLite's full-text index since the last time.
const MergeSearchEvery = 10 * time.Second

// mergeSearch merges, every `every` until ctx ends, SQLite's full-text index a step at a
// time until no level holds two segments: each save adds one, and each search reads them
// all. The steps are short writes, so saves and votes go between them.
func mergeSearch(ctx context.Context, st *store.Store, every time.Duration, log *slog.Logger) {
	mergeSteps(ctx, func(ctx context.Context) (bool, error) {
		return st.MergeSearch(ctx, store.SearchMergePages, false)
	}, every, log)
}

// mergeSteps runs step, every `every` until ctx ends, for as long as it answers more.
func mergeSteps(ctx context.Context, step func(context.Context) (more bool, err error), every time.Duration, log *slog.Logger) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	failing := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for {
			more, err := step(ctx)
			if err != nil && ctx.Err() == nil && !failing {
				// Said once a spell of failures: searches stay right, only slower.
				log.Warn("merge the search index", "err", err)
			}
			failing = err != nil
			if err != nil || !more {
				break
			}
		}
	}
}
