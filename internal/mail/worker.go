package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"sync/atomic"
	"time"

	"castaway/internal/store"
	"castaway/internal/worker"
)

// Worker delivers the mail queue (store.ClaimMail) through a Sender, off the request
// path: a mail server that is down fails no request, its mail waits and is tried again
// with growing gaps, and a restart finds what is still queued. Every node may run one;
// leases keep two from sending one row.
type Worker struct {
	store  *store.Store
	sender Sender
	log    *slog.Logger
	owner  string // this worker's name on the rows it leases

	// Poll is how often the queue is read when nothing woke the worker (mail queued on
	// another node, a retry come due).
	Poll time.Duration
	// Lease is how long a claimed row stays this worker's; a send is cut off well before.
	Lease time.Duration
	// MaxAttempts is how many sends a mail gets before it is given up and reported.
	MaxAttempts int
	// Backoff is the wait before attempt n+1 after n failed ones.
	Backoff func(n int) time.Duration
	// Batch bounds the rows claimed at once.
	Batch int
	Now   func() time.Time

	// Loop's Wake makes the worker read the queue now (mail was just queued on this node);
	// its Wait returns once a started worker has stopped.
	*worker.Loop

	sent, failed, givenUp atomic.Uint64 // since start, for /metrics
}

// Stats counts, since the worker started, the mails sent, the sends that failed (each
// attempt) and the mails given up.
func (w *Worker) Stats() (sent, failed, givenUp uint64) {
	return w.sent.Load(), w.failed.Load(), w.givenUp.Load()
}

// NewWorker delivers st's mail queue through sender.
func NewWorker(st *store.Store, sender Sender, log *slog.Logger) *Worker {
	b := make([]byte, 8)
	rand.Read(b)
	return &Worker{store: st, sender: sender, log: log, owner: hex.EncodeToString(b),
		Poll: 5 * time.Second, Lease: 2 * time.Minute, MaxAttempts: 10, Backoff: Backoff, Batch: 20, Now: time.Now,
		Loop: worker.NewLoop()}
}

// Backoff doubles from 30 seconds up to an hour: ten attempts span about three hours.
func Backoff(n int) time.Duration {
	d := 30 * time.Second << min(max(n-1, 0), 7)
	return min(d, time.Hour)
}

// Start runs the worker until ctx ends; Wait waits for it to have stopped.
func (w *Worker) Start(ctx context.Context) {
	w.Loop.Start(ctx, w.Poll, func(ctx context.Context) bool {
		n, err := w.RunOnce(ctx)
		if err != nil && ctx.Err() == nil {
			w.log.WarnContext(ctx, "read mail queue", "err", err)
		}
		return n >= w.Batch && err == nil
	})
}

// RunOnce claims the due rows (up to Batch) and tries each once; it answers how many it claimed.
func (w *Worker) RunOnce(ctx context.Context) (int, error) {
	rows, err := w.store.ClaimMail(ctx, w.owner, w.Now(), w.Lease, w.Batch)
	if err != nil {
		return 0, err
	}
	for _, m := range rows {
		w.deliver(ctx, m)
	}
	return len(rows), nil
}

// deliver sends one leased row and records how it went. Records are written even as ctx
// ends, so a shutdown leaves no row leased to nobody longer than it must.
func (w *Worker) deliver(ctx context.Context, m store.QueuedMail) {
	sendCtx, cancel := context.WithTimeout(ctx, w.Lease/2)
	err := w.sender.Send(sendCtx, Message{To: m.To, Subject: m.Subject, Text: m.Text, HTML: m.HTML})
	cancel()
	record := context.WithoutCancel(ctx)
	now := w.Now()
	if err == nil {
		w.sent.Add(1)
		if err := w.store.MailSent(record, m.ID, w.owner); err != nil {
			w.log.ErrorContext(ctx, "record sent mail", "mail", m.ID, "kind", m.Kind, "err", err)
		}
		return
	}
	w.failed.Add(1)
	giveUp := m.Attempts >= w.MaxAttempts
	next := now.Add(w.Backoff(m.Attempts))
	if rerr := w.store.MailFailed(record, m.ID, w.owner, err.Error(), next, giveUp, now); rerr != nil {
		w.log.ErrorContext(ctx, "record failed mail", "mail", m.ID, "kind", m.Kind, "err", rerr)
	}
	if giveUp {
		w.givenUp.Add(1)
		w.log.ErrorContext(ctx, "mail given up", "mail", m.ID, "kind", m.Kind, "attempts", m.Attempts, "err", err)
		return
	}
	w.log.WarnContext(ctx, "mail not delivered; will try again", "mail", m.ID, "kind", m.Kind, "attempt", m.Attempts, "retry_at", next, "err", err)
}
