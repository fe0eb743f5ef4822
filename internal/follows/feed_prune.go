package follows

import "context"

// pruneFeed deletes, when a prune is due, one batch of the feed rows older than
// store.FeedRetention (nobody reads them again), and answers whether more may be left.
// It runs on the fan-out worker's loop, never on a request: the loop calls it again while
// batches come back full (a fan-out queued meanwhile goes first), and a short batch ends
// the run until PruneEvery has passed. Every node prunes; a second node's run finds
// little left.
func (w *FanOut) pruneFeed(ctx context.Context) (more bool) {
	now := w.Now()
	if now.Before(w.nextPrune) {
		return false
	}
	n, err := w.store.PruneFeed(ctx, now, w.PruneBatch)
	if err != nil {
		if ctx.Err() == nil {
			w.log.WarnContext(ctx, "prune stale feed rows", "err", err)
		}
		w.nextPrune = now.Add(w.PruneEvery)
		return false
	}
	if n < w.PruneBatch {
		w.nextPrune = now.Add(w.PruneEvery)
		return false
	}
	return true
}
