package follows

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

// FanOut spreads each list made public to its author's followers off the save: the save
// queues one job (its cost the same whatever the follower count) and this worker writes
// the followers' feed rows and followed_list notifications Batch followers a transaction
// (store.FanOutBatch), waking the inboxes each batch reached. Every node may run one;
// leases keep two from working one job at once, and a job whose worker died is taken on
// by another once its lease ends, from the last batch done.
type FanOut struct {
	store *store.Store
	hub   *notify.Hub
	log   *slog.Logger
	owner string // this worker's name on the jobs it leases

	// Poll is how often the jobs are read when nothing woke the worker (a list published
	// on another node, a job whose worker died).
	Poll time.Duration
	// Lease is how long a claimed job stays this worker's without a batch done.
	Lease time.Duration
	// Batch bounds the followers one transaction reaches.
	Batch int
	Now   func() time.Time

	// Loop's Wake makes the worker read the jobs now (a list was just published on this
	// node); its Wait returns once a started worker has stopped.
	*worker.Loop
}

// NewFanOut builds the fan-out worker over st; hub wakes the inboxes it notifies.
func NewFanOut(st *store.Store, hub *notify.Hub, log *slog.Logger) *FanOut {
	b := make([]byte, 8)
	rand.Read(b)
	return &FanOut{store: st, hub: hub, log: log, owner: hex.EncodeToString(b),
		Poll: 5 * time.Second, Lease: time.Minute, Batch: 500, Now: time.Now, Loop: worker.NewLoop()}
}

// Start runs the worker until ctx ends; Wait waits for it to have stopped.
func (w *FanOut) Start(ctx context.Context) {
	w.Loop.Start(ctx, w.Poll, func(ctx context.Context) bool {
		worked, err := w.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			w.log.WarnContext(ctx, "fan out a published list", "err", err)
		}
		return worked && err == nil
	})
}

// RunOnce claims the oldest free job and works it batch by batch to its end (or until ctx
// ends, leaving the rest to the next lease); it answers whether there was one.
func (w *FanOut) RunOnce(ctx context.Context) (bool, error) {
	job, ok, err := w.store.ClaimFanOut(ctx, w.owner, w.Now(), w.Lease)
	if err != nil || !ok {
		return false, err
	}
	for ctx.Err() == nil {
		notified, done, err := w.store.FanOutBatch(ctx, job, w.owner, w.Batch, w.Now(), w.Lease)
		if err != nil {
			return true, err
		}
		if len(notified) > 0 {
			w.hub.Publish(context.WithoutCancel(ctx), notified...)
		}
		if done {
			return true, nil
		}
	}
	return true, ctx.Err()
}
