package store_test

import (
	"context"
	"testing"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// differing is the aggregates of s that VerifyAggregate finds wrong.
func differing(t *testing.T, s *store.Store) map[store.Aggregate]bool {
	t.Helper()
	out := map[store.Aggregate]bool{}
	for _, a := range store.Aggregates {
		diffs, err := s.VerifyAggregate(context.Background(), a)
		if err != nil {
			t.Fatal(err)
		}
		if len(diffs) > 0 {
			out[a] = true
		}
	}
	return out
}

// A repair rebuilds the aggregate it is asked for and leaves the others as they are,
// except the visibility, which every other aggregate counts by: repairing it rebuilds all.
func TestRepairAggregateRebuildsOnlyItsOwn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		seedBulk(t, s, seedSize{users: 20, lists: 100, items: 4, upvotes: 200, comments: 100}, listT0)
		if got := differing(t, s); len(got) != 0 {
			t.Fatalf("after the load: %v differ", got)
		}
		execOK(t, s.DB(), `UPDATE lists SET upvote_count = upvote_count + 2 WHERE id = 'list_5'`)
		execOK(t, s.DB(), `UPDATE consensus_items SET points = points + 1 WHERE item_id = (SELECT min(item_id) FROM consensus_items)`)
		if got := differing(t, s); len(got) != 2 || !got[store.AggCounts] || !got[store.AggConsensus] {
			t.Fatalf("differing %v, want the counts and the community rankings", got)
		}
		if err := s.RepairAggregate(ctx, store.AggCounts); err != nil {
			t.Fatal(err)
		}
		if got := differing(t, s); len(got) != 1 || !got[store.AggConsensus] {
			t.Fatalf("after repairing the counts: %v differ, want the community rankings alone", got)
		}

		// A list shown although its owner is suspended: the visibility and what it decides.
		execOK(t, s.DB(), `UPDATE users SET suspended_at = 1 WHERE id = (SELECT user_id FROM lists WHERE id = 'list_5')`)
		if got := differing(t, s); !got[store.AggVisibility] {
			t.Fatalf("a suspended owner's public list: %v differ, want the visibility among them", got)
		}
		if err := s.RepairAggregate(ctx, store.AggVisibility); err != nil {
			t.Fatal(err)
		}
		if got := differing(t, s); len(got) != 0 {
			t.Fatalf("after repairing the visibility: %v still differ", got)
		}
	})
}
