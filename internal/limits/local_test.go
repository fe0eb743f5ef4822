package limits

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var perMinute = Limit{Name: "t", Max: 10, Window: time.Minute} // one per 6 s, a burst of 10

// hitN sends n hits on key at now and returns how many were allowed.
func hitN(t *testing.T, l *Local, key string, n int, now time.Time) int {
	t.Helper()
	allowed := 0
	for range n {
		states, ok := l.HitAll([]Hit{perMinute.Hit(key)}, now)
		if !ok {
			t.Fatal("declined")
		}
		if states[0].Allowed {
			allowed++
		}
	}
	return allowed
}

// A burst of Max is allowed, then one per interval; a refusal's TAT gives the wait.
func TestLocalAllowsABurstThenOnePerInterval(t *testing.T) {
	l, t0 := NewLocal(10), time.Unix(1000, 0)
	if got := hitN(t, l, "a", 11, t0); got != 10 {
		t.Fatalf("%d of 11 allowed at once, want 10", got)
	}
	states, _ := l.HitAll([]Hit{perMinute.Hit("a")}, t0)
	if wait := perMinute.Exceeded(states[0].TAT, t0).RetryAfter; wait != 6*time.Second {
		t.Fatalf("Retry-After %v, want 6s (one interval)", wait)
	}
	if got := hitN(t, l, "a", 1, t0.Add(6*time.Second-time.Millisecond)); got != 0 {
		t.Fatal("allowed before the wait")
	}
	if got := hitN(t, l, "a", 2, t0.Add(6*time.Second)); got != 1 {
		t.Fatalf("%d allowed after one interval, want 1", got)
	}
	if got := hitN(t, l, "b", 10, t0); got != 10 {
		t.Fatalf("another key: %d of 10", got)
	}
}

// N at the end of one window and N at the start of the next allow about N, not 2N.
func TestLocalHoldsAcrossTheWindowEdge(t *testing.T) {
	l, t0 := NewLocal(10), time.Unix(1000, 0)
	hitN(t, l, "a", 1, t0)
	late := hitN(t, l, "a", perMinute.Max-1, t0.Add(perMinute.Window-time.Second))
	early := hitN(t, l, "a", perMinute.Max, t0.Add(perMinute.Window+time.Second))
	if late+early > perMinute.Max {
		t.Fatalf("%d+%d allowed across the window's edge, want at most %d", late, early, perMinute.Max)
	}
}

// A steady pace at the limit is never refused.
func TestLocalNeverRefusesTheLimitsPace(t *testing.T) {
	l, t0 := NewLocal(10), time.Unix(1000, 0)
	for i := range 5 * perMinute.Max {
		if hitN(t, l, "a", 1, t0.Add(time.Duration(i)*perMinute.Interval())) != 1 {
			t.Fatalf("hit %d at one per interval refused", i)
		}
	}
}

// Full of live keys it declines rather than grow or drop one; passed keys make room.
func TestLocalIsBounded(t *testing.T) {
	l, t0 := NewLocal(2), time.Unix(1000, 0)
	if _, ok := l.HitAll([]Hit{perMinute.Hit("a"), perMinute.Hit("b")}, t0); !ok {
		t.Fatal("room for two")
	}
	if _, ok := l.HitAll([]Hit{perMinute.Hit("c")}, t0); ok {
		t.Fatal("a third key was taken")
	}
	if states, ok := l.HitAll([]Hit{perMinute.Hit("a")}, t0); !ok || !states[0].TAT.Equal(t0.Add(12*time.Second)) {
		t.Fatalf("a held key still counts: %v %v", states, ok)
	}
	if _, ok := l.HitAll([]Hit{perMinute.Hit("c")}, t0.Add(12*time.Second)); !ok {
		t.Fatal("passed keys did not make room")
	}
	if len(l.tats) != 1 {
		t.Fatalf("%d keys held", len(l.tats))
	}
}

// Concurrent hits are each counted once: exactly Max of them are allowed.
func TestLocalCountsEveryConcurrentHit(t *testing.T) {
	l, now := NewLocal(10), time.Now()
	var wg sync.WaitGroup
	var allowed atomic.Int32
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if states, _ := l.HitAll([]Hit{perMinute.Hit("k")}, now); states[0].Allowed {
				allowed.Add(1)
			}
		}()
	}
	wg.Wait()
	if allowed.Load() != int32(perMinute.Max) {
		t.Fatalf("%d of 200 allowed, want %d", allowed.Load(), perMinute.Max)
	}
}
