package lists

import (
	"context"
	"log/slog"
	"time"

	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/worker"
)

// Tally catches the lists voted on up with their votes (store.FoldVotes): the browse
// orders by votes, the week's counts and each author's upvote notification, waking the
// inboxes it reached. A vote wakes it, so alone it follows within milliseconds; under
// many votes a catch-up that took on many lists waits Gap before the next, which then
// folds the votes a list had meanwhile into one write. Every node may run one: on
// PostgreSQL two skip each other's lists, and a node that stopped leaves its lists
// pending for the next catch-up on any node (Poll).
type Tally struct {
	store *store.Store
	hub   *notify.Hub
	log   *slog.Logger

	// Poll is how often pending lists are looked for when no vote woke the tally (votes
	// on another node, a node stopped before its catch-up).
	Poll time.Duration
	// Batch bounds the lists one catch-up takes on; Busy is how many make it a busy one,
	// after which the next waits until Gap has passed since it began.
	Batch int
	Busy  int
	Gap   time.Duration
	Now   func() time.Time
	// Read and written by the loop's goroutine alone: when the next catch-up may start,
	// and whether the last one failed (a failing database is said once a spell).
	next    time.Time
	failing bool

	// Loop's Wake makes the tally look now (a vote on this node); its Wait returns once a
	// started tally has stopped.
	*worker.Loop
}

// NewTally builds the tally over st; hub wakes the inboxes its notifications reach.
func NewTally(st *store.Store, hub *notify.Hub, log *slog.Logger) *Tally {
	return &Tally{store: st, hub: hub, log: log, Poll: time.Second, Batch: store.TallyBatch, Busy: 16,
		Gap: 250 * time.Millisecond, Now: time.Now, Loop: worker.NewLoop()}
}

// Start runs the tally until ctx ends; Wait waits for it to have stopped.
func (t *Tally) Start(ctx context.Context) {
	t.Loop.Start(ctx, t.Poll, func(ctx context.Context) bool {
		if wait := time.Until(t.next); wait > 0 {
			select {
			case <-ctx.Done():
				return false
			case <-time.After(wait):
			}
		}
		begun := time.Now()
		caught, err := t.RunOnce(ctx)
		if caught >= t.Busy {
			t.next = begun.Add(t.Gap)
		}
		if err != nil && ctx.Err() == nil && !t.failing {
			t.log.WarnContext(ctx, "catch up the votes", "err", err)
		}
		t.failing = err != nil
		return err == nil && caught == t.Batch
	})
}

// RunOnce catches up at most Batch lists and tells how many it did.
func (t *Tally) RunOnce(ctx context.Context) (int, error) {
	now := t.Now()
	caught, notified, err := t.store.FoldVotes(ctx, t.Batch, func(v model.VotedList) *model.Notification {
		return notify.ForListUpvote(notify.Actor{ID: v.VoterID, Name: v.VoterName}, &v.List, now)
	})
	if len(notified) > 0 {
		t.hub.Publish(context.WithoutCancel(ctx), notified...)
	}
	return caught, err
}
