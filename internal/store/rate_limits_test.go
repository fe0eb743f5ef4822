package store_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"castaway/internal/limits"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

var tenAMinute = limits.Limit{Name: "t", Max: 10, Window: time.Minute} // one per 6 s, a burst of 10

// hits counts n events on key at now and returns how many were allowed and the last state.
func hits(t *testing.T, s *store.Store, key string, n int, now time.Time) (int, limits.State) {
	t.Helper()
	allowed, last := 0, limits.State{}
	for range n {
		st, err := s.HitRateLimit(context.Background(), tenAMinute.Hit(key), now)
		if err != nil {
			t.Fatal(err)
		}
		if st.Allowed {
			allowed++
		}
		last = st
	}
	return allowed, last
}

// The database's statement is limits.Admit: a burst of Max, then one per interval, and a
// refusal tells the wait until the next is allowed.
func TestRateLimitAllowsABurstThenOnePerInterval(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		t0 := time.UnixMilli(time.Now().UnixMilli())
		got, last := hits(t, s, "a", 11, t0)
		if got != 10 || last.Allowed {
			t.Fatalf("%d of 11 allowed at once, want 10", got)
		}
		if wait := tenAMinute.Exceeded(last.TAT, t0).RetryAfter; wait != 6*time.Second {
			t.Fatalf("Retry-After %v, want 6s", wait)
		}
		if got, _ := hits(t, s, "a", 1, t0.Add(6*time.Second-time.Millisecond)); got != 0 {
			t.Fatal("allowed before the wait")
		}
		if got, _ := hits(t, s, "a", 2, t0.Add(6*time.Second)); got != 1 {
			t.Fatalf("%d allowed after one interval, want 1", got)
		}
		if got, _ := hits(t, s, "b", 10, t0); got != 10 {
			t.Fatalf("another key: %d of 10", got)
		}
	})
}

// N at the end of one window and N at the start of the next allow about N, not 2N.
func TestRateLimitHoldsAcrossTheWindowEdge(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		t0 := time.Now()
		hits(t, s, "a", 1, t0)
		late, _ := hits(t, s, "a", tenAMinute.Max-1, t0.Add(tenAMinute.Window-time.Second))
		early, _ := hits(t, s, "a", tenAMinute.Max, t0.Add(tenAMinute.Window+time.Second))
		if late+early > tenAMinute.Max {
			t.Fatalf("%d+%d allowed across the window's edge, want at most %d", late, early, tenAMinute.Max)
		}
	})
}

// A steady pace at the limit is never refused.
func TestRateLimitNeverRefusesTheLimitsPace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		t0 := time.Now()
		for i := range 3 * tenAMinute.Max {
			if got, _ := hits(t, s, "a", 1, t0.Add(time.Duration(i)*tenAMinute.Interval())); got != 1 {
				t.Fatalf("hit %d at one per interval refused", i)
			}
		}
	})
}

// A refund gives back one event: the owner's successful sign-in never uses up a limit.
func TestRateLimitRefund(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx, t0 := context.Background(), time.Now()
		hits(t, s, "a", tenAMinute.Max, t0)
		for range 3 {
			if err := s.UnhitRateLimit(ctx, tenAMinute.Hit("a"), t0); err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := hits(t, s, "a", 4, t0); got != 3 {
			t.Fatalf("%d allowed after three refunds, want 3", got)
		}
		// A key whose TAT has passed has nothing to give back: no credit beyond a burst.
		later := t0.Add(time.Hour)
		if err := s.UnhitRateLimit(ctx, tenAMinute.Hit("a"), later); err != nil {
			t.Fatal(err)
		}
		if got, _ := hits(t, s, "a", tenAMinute.Max+1, later); got != tenAMinute.Max {
			t.Fatalf("%d allowed after a refund on a passed key, want %d", got, tenAMinute.Max)
		}
	})
}

// Concurrent hits from any connection are each counted once, alone and in transactions.
func TestRateLimitCountsEveryConcurrentHit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx, now := context.Background(), time.Now()
		var wg sync.WaitGroup
		var single, paired atomic.Int32
		for range 16 {
			wg.Add(2)
			go func() {
				defer wg.Done()
				if st, err := s.HitRateLimit(ctx, tenAMinute.Hit("single"), now); err != nil {
					t.Error(err)
				} else if st.Allowed {
					single.Add(1)
				}
			}()
			go func() {
				defer wg.Done()
				if sts, err := s.HitRateLimits(ctx, []limits.Hit{tenAMinute.Hit("user"), tenAMinute.Hit("client")}, now); err != nil {
					t.Error(err)
				} else if sts[0].Allowed {
					paired.Add(1)
				}
			}()
		}
		wg.Wait()
		if single.Load() != 10 || paired.Load() != 10 {
			t.Fatalf("%d and %d of 16 allowed, want 10 and 10", single.Load(), paired.Load())
		}
	})
}
