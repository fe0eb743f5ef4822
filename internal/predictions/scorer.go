package predictions

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"time"

	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/worker"
)

// Scorer rescores a season's predictions off the moderator's request, as follows.FanOut
// spreads lists: each boot recorded or undone queues one job with the season's outcome
// (Service.QueueScoring); this worker leases it and scores Batch entries a transaction
// (store.ScoreBatch), waking the inboxes each batch notified. Every node may run one;
// leases keep two from scoring one season at once, and one stopped early gives its lease
// back. A job queued again mid-way (another boot) starts over with the newer outcome.
type Scorer struct {
	store *store.Store
	hub   *notify.Hub
	log   *slog.Logger
	owner string

	Poll  time.Duration
	Lease time.Duration
	Batch int
	Now   func() time.Time
	*worker.Loop
}

// NewScorer builds the scoring worker over st; hub wakes the inboxes it notifies (nil: none).
func NewScorer(st *store.Store, hub *notify.Hub, log *slog.Logger) *Scorer {
	b := make([]byte, 8)
	rand.Read(b)
	return &Scorer{store: st, hub: hub, log: log, owner: hex.EncodeToString(b),
		Poll: 5 * time.Second, Lease: time.Minute, Batch: 2000, Now: time.Now, Loop: worker.NewLoop()}
}

// Start runs the worker until ctx ends; Wait waits for it.
func (w *Scorer) Start(ctx context.Context) {
	w.Loop.Start(ctx, w.Poll, func(ctx context.Context) bool {
		worked, err := w.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			w.log.WarnContext(ctx, "score predictions", "err", err)
		}
		return err == nil && worked
	})
}

// RunOnce claims the oldest free job and scores it batch by batch to its end, and answers
// whether there was one.
func (w *Scorer) RunOnce(ctx context.Context) (worked bool, err error) {
	finished := false
	defer func() {
		if !finished {
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if err := w.store.ReleaseScoring(rctx, w.owner); err != nil {
				w.log.WarnContext(rctx, "give a scoring lease back", "err", err)
			}
		}
	}()
	season, ok, err := w.store.ClaimScoring(ctx, w.owner, w.Now(), w.Lease)
	if err != nil {
		return false, err
	}
	if !ok {
		finished = true
		return false, nil
	}
	for ctx.Err() == nil {
		notified, done, err := w.store.ScoreBatch(ctx, season, w.owner, w.Batch, w.Now(), w.Lease, Score)
		if err != nil {
			finished = ctx.Err() == nil
			return true, err
		}
		if len(notified) > 0 && w.hub != nil {
			w.hub.Publish(context.WithoutCancel(ctx), notified...)
		}
		if done {
			finished = true
			return true, nil
		}
	}
	return true, ctx.Err()
}

// Drain scores every job queued, here and now (castaway verify --repair, tests).
func (w *Scorer) Drain(ctx context.Context) error {
	for {
		worked, err := w.RunOnce(ctx)
		if err != nil || !worked {
			return err
		}
	}
}
