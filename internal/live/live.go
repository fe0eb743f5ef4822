// Package live serves the live streams (server-sent events) beside the notification hub:
// a user's inbox and the legacy rankings record, sent on connect and whenever the hub
// says they changed. It holds the streams' connections, bounds them per account, client
// and process, and ends them when their session ends or the process stops. What it reads
// and whom it trusts come from its Config: it knows no store and no HTTP routes.
package live

import (
	"context"
	"log/slog"
	"time"
)

// Hub is what the streams need of the notification hub (notify.Hub): wake-ups by
// topic, the heartbeat, shutdown, and the news that a record or sessions changed.
type Hub interface {
	// SubscribeFunc calls wake whenever userID's inbox may have changed; wake must not
	// block nor call the hub.
	SubscribeFunc(userID string, wake func()) (unsubscribe func())
	// SubscribeLegacy is SubscribeFunc for the legacy rankings record.
	SubscribeLegacy(wake func()) (unsubscribe func())
	// OnLegacy runs fn, with the hub locked, before legacy streams are woken.
	OnLegacy(fn func())
	// OnInbox runs fn, with the hub locked, before userID's inbox streams are woken,
	// or with "" when any inbox may have changed.
	OnInbox(fn func(userID string))
	// OnSessionsEnded runs fn when sessions of userID may have ended ("": anyone's).
	OnSessionsEnded(fn func(userID string))
	Done() <-chan struct{}
	Beat() <-chan struct{}
}

// Config is what the streams are built from; the server wires it.
type Config struct {
	Hub Hub
	Log *slog.Logger
	// ReadInbox reads userID's inbox, encoded as the API shows it.
	ReadInbox func(ctx context.Context, userID string) ([]byte, error)
	// ReadLegacy reads the legacy rankings record, encoded as the API shows it.
	ReadLegacy func(ctx context.Context) ([]byte, error)
	// SessionValid says whether the session stored as hash is still account's; an
	// error means it cannot tell.
	SessionValid func(ctx context.Context, hash, account string) (bool, error)
	// Reads counts the reads streams make (castaway_event_stream_reads_total); may be nil.
	Reads interface{ Inc() }
	// Limits bounds the streams; the zero value means DefaultLimits.
	Limits Limits
}

// Client is who opens a stream: the account ("" for a signed-out visitor), the hash of
// the session it came with, and the client's address.
type Client struct {
	Account, Session, Addr string
}

// Streams are the process's live streams.
type Streams struct {
	hub          Hub
	log          *slog.Logger
	sessionValid func(ctx context.Context, hash, account string) (bool, error)
	readInbox    func(ctx context.Context, userID string) ([]byte, error)
	readLegacy   func(ctx context.Context) ([]byte, error) // the event, through its copy
	reads        interface{ Inc() }
	// gate bounds the reads streams run at once, so waking every stream (after the
	// bus reconnects) queues instead of draining the database's pool.
	gate    chan struct{}
	quota   *quota
	set     *streamSet // streams whose connections were taken over
	legacy  *copies    // the legacy record, for every stream of it
	inboxes *copies    // users' inboxes, for each user's streams
}

// maxReads is how many streams may read at the same time.
const maxReads = 8

// Bounds on the inboxes held for streams: an inbox event is a few KB at most.
const (
	maxInboxCopies     = 20000
	maxInboxCopyBytes  = 32 << 20
	maxLegacyCopyBytes = 16 << 20
)

// legacyKey names the one legacy record among copies.
const legacyKey = "legacy"

// New starts the streams' workers; Close stops them.
func New(c Config) *Streams {
	if c.Limits == (Limits{}) {
		c.Limits = DefaultLimits
	}
	s := &Streams{hub: c.Hub, log: c.Log, sessionValid: c.SessionValid, readInbox: c.ReadInbox, reads: c.Reads,
		gate: make(chan struct{}, maxReads), quota: newQuota(c.Limits)}
	s.set = newStreamSet(s, maxReads, c.Limits.PendingBudget)
	s.legacy = newCopies(s, legacyEvent, 1, maxLegacyCopyBytes)
	s.inboxes = newCopies(s, inboxEvent, maxInboxCopies, maxInboxCopyBytes)
	readLegacy := c.ReadLegacy
	s.readLegacy = func(ctx context.Context) ([]byte, error) { return s.legacy.eventFor(ctx, legacyKey, readLegacy) }
	c.Hub.OnLegacy(func() { s.legacy.forget(legacyKey) })
	c.Hub.OnInbox(s.inboxes.forget)
	c.Hub.OnSessionsEnded(s.endRevoked)
	return s
}

// Close ends every stream and waits for the workers; call it after the hub closed
// (streams served in place end with the hub).
func (s *Streams) Close() {
	s.set.close()
	s.set.wg.Wait()
}

// WriteTimeout is how long a client may take to accept an event before its stream is
// closed (it reconnects and catches up).
const WriteTimeout = 5 * time.Second

// readTimeout bounds one read for a stream.
const readTimeout = 10 * time.Second

// read runs fn in its turn among the streams' reads.
func (s *Streams) read(ctx context.Context, fn func(ctx context.Context) ([]byte, error)) ([]byte, error) {
	select {
	case s.gate <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-s.gate }()
	if s.reads != nil {
		s.reads.Inc()
	}
	return fn(ctx)
}

// SetLimits changes the limits for the streams opened next (a test's, mostly).
func (s *Streams) SetLimits(l Limits) {
	s.quota.setLimits(l)
	s.set.budget.Store(l.PendingBudget)
}

// Limits are the limits streams open under now.
func (s *Streams) Limits() Limits {
	s.quota.mu.Lock()
	defer s.quota.mu.Unlock()
	return Limits{PerAccount: s.quota.perAcct, PerClient: s.quota.perClient, PerProcess: s.quota.max, PendingBudget: s.set.budget.Load()}
}

// Held is how many places streams hold in all, and how many accounts and clients hold one.
func (s *Streams) Held() (total, accounts, clients int) { return s.quota.counts() }

// HeldChanged is closed when a place is next taken or given back.
func (s *Streams) HeldChanged() <-chan struct{} { return s.quota.watch() }

// Pending is what the streams' outputs hold unsent now, in bytes, and its high-water mark.
func (s *Streams) Pending() (now, peak int64) { return s.set.pending.Load(), s.set.peak.Load() }
