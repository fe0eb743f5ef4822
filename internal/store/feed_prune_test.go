package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// PruneFeed deletes the feed rows older than FeedRetention, the oldest first and never
// more than its batch a statement, and keeps the rest, even one just inside the window.
func TestPruneFeed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		author := listUser(t, s, "Author")
		l, err := s.CreateList(ctx, author.ID, lists.IDs(now), listContent("Heroes", "Tom Westman"), now)
		if err != nil {
			t.Fatal(err)
		}
		// Readers r00..r24 have the list as of i+1 hours past the window; r25..r29 within it.
		const stale, kept = 25, 5
		for i := range stale + kept {
			id := fmt.Sprintf("r%02d", i)
			if err := s.CreateUser(ctx, &model.User{ID: id, Email: id + "@example.com", DisplayName: id, CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
			at := now.Add(-store.FeedRetention - time.Duration(i+1)*time.Hour)
			if i >= stale {
				at = now.Add(-store.FeedRetention + time.Duration(i-stale+1)*time.Minute)
			}
			if _, err := s.DB().ExecContext(ctx, `INSERT INTO feed_items (reader_id, list_user_id, list_id, created_at)
				VALUES ($1, $2, $3, $4)`, id, l.UserID, l.ID, at.UnixMilli()); err != nil {
				t.Fatal(err)
			}
		}
		readers := func() []string { return column(t, s, `SELECT reader_id FROM feed_items ORDER BY reader_id`) }
		var batches []int
		for {
			n, err := s.PruneFeed(ctx, now, 10)
			if err != nil {
				t.Fatal(err)
			}
			batches = append(batches, n)
			if len(batches) == 1 {
				// The ten oldest went first: r15..r24.
				if left := readers(); len(left) != stale+kept-10 || left[14] != "r14" || left[15] != "r25" {
					t.Errorf("after the first batch: %v", left)
				}
			}
			if n < 10 || len(batches) > 5 {
				break
			}
		}
		if !slices.Equal(batches, []int{10, 10, 5}) {
			t.Errorf("batches of %v; want 10, 10, 5", batches)
		}
		if left := readers(); !slices.Equal(left, []string{"r25", "r26", "r27", "r28", "r29"}) {
			t.Errorf("left %v; want the rows within the window", left)
		}
		if n, err := s.PruneFeed(ctx, now, 10); err != nil || n != 0 {
			t.Errorf("a prune with nothing stale deleted %d (%v)", n, err)
		}
	})
}
