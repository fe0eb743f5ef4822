package auth

import (
	"context"
	"time"

	"castaway/internal/problem"
)

// Hashing a password takes argonMemory (19 MiB) and tens of milliseconds of a core, so
// the number running at once is bounded: memory stays flat under a burst, and a request
// that cannot get a slot soon answers 503 rather than queueing without end.
const (
	// DefaultHashSlots hashes run at once: about 76 MiB at most.
	DefaultHashSlots = 4
	// hashWait is how long a request waits for a slot before giving up.
	hashWait = 2 * time.Second
)

// hasher runs password hashes under a bound on how many run at once.
type hasher struct{ slots chan struct{} }

func newHasher(slots int) *hasher {
	if slots <= 0 {
		slots = DefaultHashSlots
	}
	return &hasher{slots: make(chan struct{}, slots)}
}

// run does fn in a slot, or answers 503 when none frees up within hashWait.
func (h *hasher) run(ctx context.Context, fn func()) error {
	t := time.NewTimer(hashWait)
	defer t.Stop()
	select {
	case h.slots <- struct{}{}:
	case <-t.C:
		p := problem.New(problem.Unavailable, "busy", problem.MsgServerBusy)
		p.RetryAfter = hashWait
		return p
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-h.slots }()
	fn()
	return nil
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
