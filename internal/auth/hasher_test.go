package auth

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"testing"

	"castaway/internal/problem"
)

// With every slot taken, requests wait in the queue and run in turn as slots free; one
// more than the queue holds is answered 503 at once; a waiter that gives up leaves.
func TestHashQueue(t *testing.T) {
	h := newHasher(1, 2)
	release := make(chan struct{})
	running := make(chan struct{})
	go h.run(context.Background(), func() { close(running); <-release })
	<-running

	var wg sync.WaitGroup
	ran := make(chan int, 2)
	for i := range 2 {
		wg.Go(func() {
			if err := h.run(context.Background(), func() { ran <- i }); err != nil {
				t.Errorf("waiter %d: %v", i, err)
			}
		})
	}
	waitQueued(t, h, 2)
	err := h.run(context.Background(), func() { t.Error("ran past a full queue") })
	if p, ok := problem.As(err); !ok || p.Kind != problem.Unavailable || p.RetryAfter == 0 {
		t.Fatalf("one more than the queue holds: %v, want 503 busy", err)
	}
	close(release)
	wg.Wait()
	if len(ran) != 2 {
		t.Errorf("%d waiters ran, want 2", len(ran))
	}

	// A waiter whose request ends leaves the queue.
	block := make(chan struct{})
	started := make(chan struct{})
	go h.run(context.Background(), func() { close(started); <-block })
	<-started
	ctx, cancel := context.WithCancel(context.Background())
	gone := make(chan error)
	go func() { gone <- h.run(ctx, func() {}) }()
	waitQueued(t, h, 1)
	cancel()
	if err := <-gone; !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled waiter: %v", err)
	}
	close(block)
	if len(h.queue) != 0 {
		t.Errorf("%d places still taken in the queue", len(h.queue))
	}
}

// waitQueued waits until n requests hold a place in h's queue.
func waitQueued(t *testing.T, h *hasher, n int) {
	t.Helper()
	for len(h.queue) < n {
		select {
		case <-t.Context().Done():
			t.Fatal("the waiters never queued")
		default:
			runtime.Gosched()
		}
	}
}
