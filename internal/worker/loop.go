// Package worker holds the loop the background workers share (the mail queue, the
// follow fan-out): work while there is work, then sleep until woken, the poll comes
// round, or the context ends.
package worker

import (
	"context"
	"sync"
	"time"
)

// Loop is a poll/wake worker's goroutine. Its zero value is not ready: use NewLoop.
type Loop struct {
	wake    chan struct{}
	stopped sync.WaitGroup
}

// NewLoop makes a loop that nothing has woken yet.
func NewLoop() *Loop { return &Loop{wake: make(chan struct{}, 1)} }

// Wake makes the loop look for work now (work was just queued on this node).
func (l *Loop) Wake() {
	select {
	case l.wake <- struct{}{}:
	default: // already due to look
	}
}

// Start runs work until ctx ends: work is called again as long as it answers that there
// may be more, then the loop waits for a Wake, for poll to pass, or for ctx to end.
func (l *Loop) Start(ctx context.Context, poll time.Duration, work func(ctx context.Context) (more bool)) {
	l.stopped.Add(1)
	go func() {
		defer l.stopped.Done()
		tick := time.NewTicker(poll)
		defer tick.Stop()
		for {
			for ctx.Err() == nil && work(ctx) {
			}
			select {
			case <-ctx.Done():
				return
			case <-l.wake:
			case <-tick.C:
			}
		}
	}()
}

// Wait returns once a started loop has stopped.
func (l *Loop) Wait() { l.stopped.Wait() }
