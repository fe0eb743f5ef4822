package auth

import (
	"context"
	"runtime"
	"time"

	"castaway/internal/problem"
)

// Hashing a password takes argonMemory (19 MiB) and tens of milliseconds of a core, so
// the number running at once is bounded and memory stays flat under a burst. The crowd
// that arrives after an episode waits its turn in a bounded queue (a waiter holds no
// hash's memory); one more than the queue holds, or a wait longer than hashWait, is
// answered 503 rather than queueing without end.
const (
	// DefaultHashSlots hashes run at once at most (about 76 MiB), and no more than the
	// process has cores (HashSlots): a hash takes a core for its whole run, so one more
	// than there are cores finishes no sooner and only holds its 19 MiB longer.
	DefaultHashSlots = 4
	// DefaultHashQueue requests may wait for a slot at once.
	DefaultHashQueue = 64
	// hashWait is how long a request waits in the queue before giving up.
	hashWait = 10 * time.Second
)

// HashSlots is how many hashes run at once in this process: DefaultHashSlots, or fewer
// on a machine with fewer cores (2 on a 2-core one).
func HashSlots() int { return min(DefaultHashSlots, max(runtime.GOMAXPROCS(0), 1)) }

// hasher runs password hashes under a bound on how many run at once, the others waiting
// their turn in a bounded queue.
type hasher struct{ slots, queue chan struct{} }

func newHasher(slots, queue int) *hasher {
	if slots <= 0 {
		slots = HashSlots()
	}
	return &hasher{slots: make(chan struct{}, slots), queue: make(chan struct{}, max(queue, 0))}
}

// run does fn in a slot: at once when one is free, else after waiting in the queue (a
// blocked channel send wakes its waiters in turn); 503 when the queue is full or the
// wait passes hashWait.
func (h *hasher) run(ctx context.Context, fn func()) error {
	select {
	case h.slots <- struct{}{}:
	default:
		if err := h.wait(ctx); err != nil {
			return err
		}
	}
	defer func() { <-h.slots }()
	fn()
	return nil
}

// wait takes a place in the queue, then a slot.
func (h *hasher) wait(ctx context.Context) error {
	busy := problem.New(problem.Unavailable, "busy", problem.MsgServerBusy)
	busy.RetryAfter = hashWait
	select {
	case h.queue <- struct{}{}:
	default:
		return busy
	}
	defer func() { <-h.queue }()
	t := time.NewTimer(hashWait)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
		return nil
	case <-t.C:
		return busy
	case <-ctx.Done():
		return ctx.Err()
	}
}

// hash is HashPassword in a slot.
func (h *hasher) hash(ctx context.Context, password string) (string, error) {
	var out string
	err := h.run(ctx, func() { out = HashPassword(password) })
	return out, err
}

// check is CheckPassword in a slot.
func (h *hasher) check(ctx context.Context, encoded, password string) (bool, error) {
	var ok bool
	var bad error
	if err := h.run(ctx, func() { ok, bad = CheckPassword(encoded, password) }); err != nil {
		return false, err
	}
	return ok, bad
}
