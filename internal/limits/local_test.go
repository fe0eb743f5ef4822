package limits

import (
	"sync"
	"testing"
	"time"
)

// Counts run in fixed windows per key; a new window starts when the last has ended.
func TestLocalCountsInWindows(t *testing.T) {
	l := NewLocal(10)
	t0 := time.Unix(1000, 0)
	hits := []Hit{{"user:a", time.Minute}, {"ip:1", time.Hour}}
	for i := 1; i <= 3; i++ {
		counts, starts, ok := l.HitAll(hits, t0.Add(time.Duration(i)*time.Second))
		if !ok || counts[0] != i || counts[1] != i || !starts[0].Equal(t0.Add(time.Second)) {
			t.Fatalf("hit %d: %v %v %v", i, counts, starts, ok)
		}
	}
	counts, starts, _ := l.HitAll(hits, t0.Add(2*time.Minute))
	if counts[0] != 1 || !starts[0].Equal(t0.Add(2*time.Minute)) || counts[1] != 4 {
		t.Fatalf("after the minute: %v %v", counts, starts)
	}
}

// Full of live windows it declines rather than grow or drop a count; ended windows make room.
func TestLocalIsBounded(t *testing.T) {
	l := NewLocal(2)
	t0 := time.Unix(1000, 0)
	if _, _, ok := l.HitAll([]Hit{{"a", time.Minute}, {"b", time.Minute}}, t0); !ok {
		t.Fatal("room for two")
	}
	if _, _, ok := l.HitAll([]Hit{{"c", time.Minute}}, t0); ok {
		t.Fatal("a third key was taken")
	}
	if counts, _, ok := l.HitAll([]Hit{{"a", time.Minute}}, t0); !ok || counts[0] != 2 {
		t.Fatalf("a held key still counts: %v %v", counts, ok)
	}
	if _, _, ok := l.HitAll([]Hit{{"c", time.Minute}}, t0.Add(time.Minute)); !ok {
		t.Fatal("ended windows did not make room")
	}
	if len(l.windows) != 1 {
		t.Fatalf("%d windows held", len(l.windows))
	}
}

// Concurrent hits are all counted.
func TestLocalCountsEveryConcurrentHit(t *testing.T) {
	l := NewLocal(10)
	now := time.Now()
	var wg sync.WaitGroup
	for range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l.HitAll([]Hit{{"k", time.Minute}}, now)
		}()
	}
	wg.Wait()
	if counts, _, _ := l.HitAll([]Hit{{"k", time.Minute}}, now); counts[0] != 201 {
		t.Fatalf("count %d, want 201", counts[0])
	}
}
