package store_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A lease given back frees the job at once, for another owner; only its owner can give
// it back.
func TestFanOutLeaseGivenBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		author, fan := listUser(t, s, "Author"), listUser(t, s, "Fan")
		follow(t, s, fan.ID, author.ID)
		if _, err := s.CreateList(ctx, author.ID, lists.IDs(now), listContent("Heroes", "Tom Westman"), now); err != nil {
			t.Fatal(err)
		}
		job, ok, err := s.ClaimFanOut(ctx, "first", now, time.Minute)
		if err != nil || !ok {
			t.Fatalf("claim: %v %v", ok, err)
		}
		if err := s.ReleaseFanOuts(ctx, "someone else"); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := s.ClaimFanOut(ctx, "next", now, time.Minute); err != nil || ok {
			t.Fatalf("claimed a job another owner gave back for its owner: %v %v", ok, err)
		}
		if err := s.ReleaseFanOuts(ctx, "first"); err != nil {
			t.Fatal(err)
		}
		again, ok, err := s.ClaimFanOut(ctx, "next", now, time.Minute)
		if err != nil || !ok || again != job {
			t.Fatalf("the job given back was not free at once: %+v %v %v", again, ok, err)
		}
		if told, done, err := s.FanOutBatch(ctx, job, "first", 10, now, time.Minute); err != nil || !done || len(told) != 0 {
			t.Errorf("the first owner's batch after giving the job back: %v %v %v", told, done, err)
		}
	})
}

// FanOutsPending counts up to its bound, however many jobs wait.
func TestFanOutsPendingIsBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		author, fan := listUser(t, s, "Author"), listUser(t, s, "Fan")
		if _, _, err := s.Follow(ctx, fan.ID, author.ID, now, nil); err != nil {
			t.Fatal(err)
		}
		if n, err := s.FanOutsPending(ctx); err != nil || n != 1 { // the follow's feed sync
			t.Errorf("%d pending after a follow (%v); want 1", n, err)
		}
		syncFeeds(t, s)
		for i := range 3 {
			at := now.Add(time.Duration(i) * time.Second)
			if _, err := s.CreateList(ctx, author.ID, lists.IDs(at), listContent("Heroes", "Tom Westman"), at); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := s.FanOutsPending(ctx); err != nil || n != 3 {
			t.Errorf("%d pending (%v); want 3", n, err)
		}
		if n, err := store.FanOutsUpTo(s, ctx, 2); err != nil || n != 2 {
			t.Errorf("%d pending counting up to 2 (%v)", n, err)
		}
	})
}
