package follows_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/follows"
	"castaway/internal/lists"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// With no job to do, the worker prunes the feed rows of lists older than
// store.FeedRetention (a small batch a statement here) and keeps the recent ones.
func TestFanOutPrunesStaleFeedRows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		const n = 20
		author := actor(t, st, "author", "192.0.2.1")
		followed(t, st, author.User.ID, n)
		now := time.Now()
		old := now.Add(-store.FeedRetention - time.Hour)
		stale, err := st.CreateList(ctx, author.User.ID, lists.IDs(old), publicList("Old"), old)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := st.CreateList(ctx, author.User.ID, lists.IDs(now), publicList("New"), now)
		if err != nil {
			t.Fatal(err)
		}
		w := follows.NewFanOut(st, newHub(t), quiet())
		w.PruneBatch = 7
		wctx, stop := context.WithCancel(ctx)
		w.Start(wctx)
		defer w.Wait()
		defer stop()
		// Jobs first (both lists reach every feed), then the prune: so no job left and no
		// stale row means the stale rows were written and pruned.
		await(t, "the stale feed rows pruned", func() bool {
			jobs, err := st.FanOutsPending(ctx)
			if err != nil {
				t.Fatal(err)
			}
			items, _, _ := fanned(t, st, stale)
			return jobs == 0 && items == 0
		})
		if items, _, _ := fanned(t, st, fresh); items != n {
			t.Errorf("%d feed rows of the recent list; want %d", items, n)
		}
	})
}
