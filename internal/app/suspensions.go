package app

import (
	"context"
	"log/slog"
	"time"

	"castaway/internal/moderation"
)

// SweepEvery is how often serve restores accounts whose suspension's end date passed.
const SweepEvery = time.Minute

// sweepSuspensions restores, every SweepEvery until ctx ends, the accounts whose
// suspension ended (a bounded batch each run; sign-in already works once the date passed).
func sweepSuspensions(ctx context.Context, users *moderation.Users, log *slog.Logger) {
	tick := time.NewTicker(SweepEvery)
	defer tick.Stop()
	for {
		n, err := users.SweepExpired(ctx)
		if err != nil && ctx.Err() == nil {
			log.Warn("restore accounts whose suspension ended", "err", err)
		}
		if n > 0 {
			log.Info("restored accounts whose suspension ended", "accounts", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
