package limits

import (
	"context"
	"time"
)

// Counter counts one event on each hit in one transaction, shared by every node (the
// store's rate-limit table).
type Counter interface {
	HitRateLimits(ctx context.Context, hits []Hit, now time.Time) ([]State, error)
}

// Writes counts a write against a per-account and a per-client limit, both at once (one
// lock, or one transaction); each key is judged on its own, so a refused hit leaves its
// own key as it was while the other's allowed hit counts. It is what every use case that
// writes calls before it writes.
type Writes struct {
	// local keeps the counts in memory when one process owns the database (SQLite), so a
	// write costs one transaction rather than two; nil, or full, falls back to shared.
	local  *Local
	shared Counter
	now    func() time.Time
}

// NewWrites counts in local (nil: none) and otherwise in shared, reading the time from now.
func NewWrites(local *Local, shared Counter, now func() time.Time) *Writes {
	return &Writes{local: local, shared: shared, now: now}
}

// Take counts one write by userID from client against perUser and perClient; the
// problem (429) of the first that refuses it.
func (w *Writes) Take(ctx context.Context, userID, client string, perUser, perClient Limit) error {
	now := w.now()
	hits := []Hit{perUser.Hit(userID), perClient.Hit(client)}
	states, ok := w.local.HitAll(hits, now)
	if !ok {
		var err error
		if states, err = w.shared.HitRateLimits(ctx, hits, now); err != nil {
			return err
		}
	}
	for i, l := range []Limit{perUser, perClient} {
		if !states[i].Allowed {
			return l.Exceeded(states[i].TAT, now)
		}
	}
	return nil
}

// maxLocalKeys bounds the write-limit keys held in memory (about 100 bytes each); past
// it, writes are counted in the shared counter.
const maxLocalKeys = 200_000

// WritesFor counts writes in shared, or in this process's memory when oneProcess: when
// one process owns the database (SQLite) its state is its own, and a write costs one
// transaction rather than two; on PostgreSQL every node shares the database's counts.
func WritesFor(shared Counter, oneProcess bool, now func() time.Time) *Writes {
	var local *Local
	if oneProcess {
		local = NewLocal(maxLocalKeys)
	}
	return NewWrites(local, shared, now)
}
