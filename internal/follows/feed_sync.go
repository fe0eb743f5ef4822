package follows

import "context"

// syncFeeds makes the feeds of one batch of follows started or ended match them
// (store.SyncFeeds), and answers whether more may be left: the batch came back full.
// It runs on the fan-out worker's loop, never on a request; a follow on this node wakes
// the loop (Service.OnFollowed), one on another node waits for its poll.
func (w *FanOut) syncFeeds(ctx context.Context) (more bool) {
	n, err := w.store.SyncFeeds(ctx, w.Now(), w.SyncBatch)
	if err != nil {
		if ctx.Err() == nil {
			w.log.WarnContext(ctx, "sync followers' feeds", "err", err)
		}
		return false
	}
	return n == w.SyncBatch
}
