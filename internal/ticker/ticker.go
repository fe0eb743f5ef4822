// Package ticker is the loop behind a process's upkeep (SQLite's checkpoints, its search
// index's merges): a step on a clock until the context ends, its failures said once.
package ticker

import (
	"context"
	"log/slog"
	"time"
)

// Step does one piece of the work; more asks for the next piece at once, for work done a
// bounded piece at a time.
type Step func(ctx context.Context) (more bool, err error)

// Run runs step every `every` until ctx ends, and again at once for as long as it answers
// more. A failure is logged as what once a spell of failures (the next success ends the
// spell): upkeep that fails every tick, say on a database that went away, would otherwise
// fill the log.
func Run(ctx context.Context, every time.Duration, log *slog.Logger, what string, step Step) {
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
				log.Warn(what, "err", err)
			}
			failing = err != nil
			if err != nil || !more {
				break
			}
		}
	}
}
