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
// leases keep two from working one job at once. A worker that stops mid-job (shut down,
// failed, panicked) gives its lease back as it stops, so another takes the job on at
// once, from the last batch done; one that died unawares leaves it until its lease ends.
// It also makes a follower's feed match each follow started or ended (feed_sync.go), and
// when it has nothing else to do, prunes the feed's stale rows (feed_prune.go).
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
	// Batch bounds the followers one transaction reaches; SyncBatch the follows whose
	// feeds one transaction syncs (feed_sync.go).
	Batch, SyncBatch int
	Now              func() time.Time
	// PruneEvery is how often the feed's stale rows are pruned; PruneBatch bounds the rows
	// one statement deletes.
	PruneEvery time.Duration
	PruneBatch int
	nextPrune  time.Time // read and written by the worker's goroutine only

	// Loop's Wake makes the worker read the jobs now (a list was just published, or a
	// follow started or ended, on this node); its Wait returns once a started worker has stopped.
	*worker.Loop
}

// NewFanOut builds the fan-out worker over st; hub wakes the inboxes it notifies.
func NewFanOut(st *store.Store, hub *notify.Hub, log *slog.Logger) *FanOut {
	b := make([]byte, 8)
	rand.Read(b)
	return &FanOut{store: st, hub: hub, log: log, owner: hex.EncodeToString(b),
		Poll: 5 * time.Second, Lease: time.Minute, Batch: 500, SyncBatch: store.FeedSyncBatch, Now: time.Now,
		PruneEvery: time.Hour, PruneBatch: store.FeedPruneBatch, Loop: worker.NewLoop()}
}

// PendingCounted is the most Pending counts: a longer backlog reads as PendingCounted.
const PendingCounted = store.FanOutsCounted

// Pending counts the fan-outs not yet done, on every node, up to PendingCounted (for /metrics).
func (w *FanOut) Pending(ctx context.Context) (int, error) { return w.store.FanOutsPending(ctx) }

// releaseTimeout bounds giving a lease back: a database that does not answer by then
// leaves the job to the lease's end, as a dead worker would.
const releaseTimeout = 5 * time.Second

// Start runs the worker until ctx ends; Wait waits for it to have stopped. Each round
// syncs a batch of follows' feeds and works one fan-out job, so that neither waits out a
// long run of the other; the feed is pruned only when there is neither.
func (w *FanOut) Start(ctx context.Context) {
	w.Loop.Start(ctx, w.Poll, func(ctx context.Context) bool {
		synced := w.syncFeeds(ctx)
		worked, err := w.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			w.log.WarnContext(ctx, "fan out a published list", "err", err)
		}
		switch {
		case err != nil:
			return false
		case worked || synced:
			return true
		}
		return w.pruneFeed(ctx)
	})
}

// RunOnce claims the oldest free job and works it batch by batch to its end, and answers
// whether there was one. Stopped early (ctx ends, a panic), it gives the lease back first,
// so that another worker carries on at once; after a failed batch the job waits out its lease.
func (w *FanOut) RunOnce(ctx context.Context) (worked bool, err error) {
	finished := false
	defer func() {
		if !finished {
			w.release(ctx)
		}
	}()
	// A claim that failed may yet have leased a job (its answer lost as ctx ended), so
	// even then the lease is given back.
	job, ok, err := w.store.ClaimFanOut(ctx, w.owner, w.Now(), w.Lease)
	if err != nil {
		return false, err
	}
	if !ok {
		finished = true
		return false, nil
	}
	for ctx.Err() == nil {
		notified, done, err := w.store.FanOutBatch(ctx, job, w.owner, w.Batch, w.Now(), w.Lease)
		if err != nil {
			// A batch that failed keeps its lease, which it waits out before any worker
			// tries again: a job that keeps failing cannot hold up the ones queued after it.
			finished = ctx.Err() == nil
			return true, err
		}
		if len(notified) > 0 {
			w.hub.Publish(context.WithoutCancel(ctx), notified...)
		}
		if done {
			finished = true
			return true, nil
		}
	}
	return true, ctx.Err()
}

// release gives back whatever job this worker leases, on a context of its own: ctx may be
// the one whose end stopped the work.
func (w *FanOut) release(ctx context.Context) {
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), releaseTimeout)
	defer cancel()
	if err := w.store.ReleaseFanOuts(rctx, w.owner); err != nil {
		w.log.WarnContext(rctx, "give a fan-out lease back", "err", err)
	}
}
