package lists

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Service holds the use cases of lists, their marks (upvotes, favorites), drafts and
// their authors' pages: the rules, the store calls, the limits and the notifications
// of each, with store errors turned into problems. internal/app builds it once.
type Service struct {
	store   *store.Store
	catalog *catalog.Catalog
	writes  *limits.Writes
	inbox   *notify.Inbox
	log     *slog.Logger
	now     func() time.Time
	// published runs after a save that made a list public: its fan-out was queued.
	published func()
	// voted runs after each vote or withdrawal: the tally has a list to catch up.
	voted func()
}

// NewService builds the lists' use cases over st; writes counts their write limits and
// inbox wakes the inboxes their notifications reach.
func NewService(st *store.Store, cat *catalog.Catalog, writes *limits.Writes, inbox *notify.Inbox, log *slog.Logger) *Service {
	return &Service{store: st, catalog: cat, writes: writes, inbox: inbox, log: log, now: time.Now, published: func() {}, voted: func() {}}
}

// OnPublished sets fn to run after each save that leaves a list public, which may have
// queued its fan-out to the author's followers (internal/follows FanOut.Wake). It must
// not block.
func (s *Service) OnPublished(fn func()) { s.published = fn }

// OnVoted sets fn to run after each vote or withdrawal, which left a list for the tally
// to catch up (Tally.Wake). It must not block.
func (s *Service) OnVoted(fn func()) { s.voted = fn }

// SetClock makes the service read the time from now (tests hold it still).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// take counts one write by a against perUser and perClient: a problem (429) past either.
func (s *Service) take(ctx context.Context, a model.Actor, perUser, perClient limits.Limit) error {
	return s.writes.Take(ctx, a.UserID(), a.Client, perUser, perClient)
}

// markTarget is the list ownerID/listID that a may see, once a's marks limit allows another
// mark on it (a favorite).
func (s *Service) markTarget(ctx context.Context, a model.Actor, ownerID, listID string) (*model.ListVisibility, error) {
	if err := s.take(ctx, a, MarkPerUser, MarkPerClient); err != nil {
		return nil, err
	}
	return s.ref(ctx, ownerID, listID, a.UserID(), ErrNotFound)
}

// errPageExpired answers a paging cursor the store did not make (or no longer reads).
var errPageExpired = problem.New(problem.Invalid, "validation", problem.MsgPageLinkExpired)

// cursorChecked turns the store's ErrBadCursor into errPageExpired.
func cursorChecked(err error) error {
	if errors.Is(err, store.ErrBadCursor) {
		return errPageExpired
	}
	return err
}
