//go:build unix

package store_test

import (
	"context"
	"math"
	"syscall"
	"testing"
	"time"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// TestVerifyRepairScalesLinearly: `castaway verify --repair` (verify, rebuild, verify
// again) on lists written straight into the tables costs time in proportion to them,
// with the planner's statistics fresh from an ANALYZE: four times the lists take less
// than six times as long. Every step looks rows up in B-trees, whose depth grows with
// them, and the larger database spills out of the processor's caches: on one 2-core
// machine each aggregate took 4.0 to 5.7 times as long, 5.0 in all, where a step
// quadratic in the lists would take 16. The machine is shared, so the sizes take turns
// and each keeps its fastest round; on SQLite, which runs in this process, the time is
// this process's CPU time rather than the clock's.
func TestVerifyRepairScalesLinearly(t *testing.T) {
	if testing.Short() {
		t.Skip("loads 12,500 lists")
	}
	for _, e := range storetest.Engines() {
		t.Run(e.Name, func(t *testing.T) {
			clock := wallClock
			if e.Name == "sqlite" {
				clock = cpuClock
			}
			// Small enough to keep the suite quick (it runs alone), large enough that a
			// step quadratic in the lists (16 times) stands out of the noise.
			sizes := []int{2500, 10000}
			stores := make([]*store.Store, len(sizes))
			for i, n := range sizes {
				stores[i] = e.Open(t)
				seedRows(t, stores[i], seedSize{users: n / 10, lists: n, items: 5, upvotes: 3 * n, comments: n}, listT0)
				execOK(t, stores[i].DB(), `ANALYZE`)
			}
			best := []time.Duration{math.MaxInt64, math.MaxInt64}
			for round := range 3 {
				for i, s := range stores {
					best[i] = min(best[i], timeVerifyRepair(t, s, clock, round == 0))
				}
			}
			t.Logf("verify --repair: 2,500 lists %v, 10,000 lists %v (×%.1f)", best[0], best[1], float64(best[1])/float64(best[0]))
			if best[1] > 6*best[0] {
				t.Errorf("10,000 lists took %v, more than six times the %v of 2,500", best[1], best[0])
			}
		})
	}
}

func wallClock() time.Duration { return time.Duration(time.Now().UnixNano()) }

// cpuClock is the CPU time this process has used.
func cpuClock() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// timeVerifyRepair times what verify --repair does with the list aggregates of s:
// verify (finding differences the first time), rebuild, verify again.
func timeVerifyRepair(t *testing.T, s *store.Store, clock func() time.Duration, first bool) time.Duration {
	t.Helper()
	ctx := context.Background()
	start := clock()
	diffs, err := s.VerifyAggregates(ctx)
	if err != nil || first != (len(diffs) > 0) {
		t.Fatalf("before the rebuild: %d differences, %v", len(diffs), err)
	}
	if err := s.RebuildAggregates(ctx); err != nil {
		t.Fatal(err)
	}
	if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
		t.Fatalf("after the rebuild: %v %v", diffs, err)
	}
	return clock() - start
}
