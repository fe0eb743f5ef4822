// Package follows holds the use cases of following fans: following and unfollowing (with
// their limits and the new_follower note), the accounts a fan follows, the feed of what
// those fans publish, and the setting that tells whether publishing notifies.
package follows

import (
	"context"
	"errors"
	"time"

	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Write limits on follows and unfollows, per account and per client address.
var (
	FollowPerUser   = limits.Limit{Name: "follow-user", Max: 200, Window: time.Hour, Message: problem.MsgTooManyFollowChanges}
	FollowPerClient = limits.Limit{Name: "follow-ip", Max: 400, Window: time.Hour, Message: problem.MsgTooManyFollowChanges}
)

// Page sizes.
const (
	FeedPageSize      = 20
	FollowingPageSize = 50
)

// What a follow may be refused for.
var (
	ErrFollowSelf     = problem.InvalidField("userId", problem.MsgFollowSelf)
	ErrTooManyFollows = problem.InvalidField("userId", problem.Format(problem.MsgTooManyFollows, map[string]string{"max": problem.Number(model.MaxFollows)}))
	ErrFollowBlocked  = problem.New(problem.Forbidden, "follow_blocked", problem.MsgFollowBlocked)
	errPageExpired    = problem.New(problem.Invalid, "validation", problem.MsgPageLinkExpired)
)

// Service holds the use cases of following. internal/app builds it once.
type Service struct {
	store  *store.Store
	writes *limits.Writes
	inbox  *notify.Inbox
	now    func() time.Time
	// followed runs after each follow started or ended (OnFollowed).
	followed func()
}

// NewService builds the following use cases over st; writes counts their limits and
// inbox wakes the inboxes their notifications reach.
func NewService(st *store.Store, writes *limits.Writes, inbox *notify.Inbox) *Service {
	return &Service{store: st, writes: writes, inbox: inbox, now: time.Now, followed: func() {}}
}

// OnFollowed sets fn to run after each follow started or ended, which queued the
// follower's feed sync (FanOut.Wake). It must not block.
func (s *Service) OnFollowed(fn func()) { s.followed = fn }

// SetClock makes the service read the time from now (tests hold it still).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// Follow makes a follow userID (idempotent), telling userID the first time; whether the
// follow is new (a follow again changes nothing).
func (s *Service) Follow(ctx context.Context, a model.Actor, userID string) (bool, error) {
	if userID == a.UserID() {
		return false, ErrFollowSelf
	}
	now := s.now()
	note := notify.ForFollow(notify.Actor{ID: a.UserID(), Name: a.User.DisplayName}, userID, now)
	if err := s.writes.Take(ctx, a.UserID(), a.Client, FollowPerUser, FollowPerClient); err != nil {
		return false, err
	}
	added, notified, err := s.store.Follow(ctx, a.UserID(), userID, now, note)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return false, problem.ErrUserNotFound
	case errors.Is(err, store.ErrUserSuspended):
		return false, problem.ErrAccountIsSuspended
	case errors.Is(err, store.ErrBlockedEither):
		return false, ErrFollowBlocked
	case errors.Is(err, store.ErrTooManyFollows):
		return false, ErrTooManyFollows
	case err != nil:
		return false, err
	}
	if added {
		s.followed()
	}
	s.inbox.Wake(ctx, notified...)
	return added, nil
}

// Unfollow ends a's follow of userID, if any; whether there was one.
func (s *Service) Unfollow(ctx context.Context, a model.Actor, userID string) (bool, error) {
	if err := s.writes.Take(ctx, a.UserID(), a.Client, FollowPerUser, FollowPerClient); err != nil {
		return false, err
	}
	ended, err := s.store.Unfollow(ctx, a.UserID(), userID)
	if ended {
		s.followed()
	}
	return ended, err
}

// Following is a page of the accounts userID follows, newest first, from cursor ("" first),
// and the next page's cursor ("" when none).
func (s *Service) Following(ctx context.Context, userID, cursor string) ([]model.Followed, string, error) {
	page, next, err := s.store.Following(ctx, userID, cursor, FollowingPageSize)
	return page, next, pageChecked(err)
}

// Follows tells whether followerID follows userID.
func (s *Service) Follows(ctx context.Context, followerID, userID string) (bool, error) {
	return s.store.Follows(ctx, followerID, userID)
}

// Feed is a page of limit (at most FeedPageSize; 0 for that) lists from the fans
// viewerID follows, newest first, from cursor ("" first), and the next page's cursor.
func (s *Service) Feed(ctx context.Context, viewerID, cursor string, limit int) ([]model.ListSummary, string, error) {
	if limit <= 0 || limit > FeedPageSize {
		limit = FeedPageSize
	}
	page, next, err := s.store.Feed(ctx, viewerID, cursor, limit)
	return page, next, pageChecked(err)
}

// SetNotifyFollowedLists sets whether userID hears when a fan they follow publishes a list.
func (s *Service) SetNotifyFollowedLists(ctx context.Context, a model.Actor, on bool) error {
	if err := s.writes.Take(ctx, a.UserID(), a.Client, FollowPerUser, FollowPerClient); err != nil {
		return err
	}
	return s.store.SetNotifyFollowedLists(ctx, a.UserID(), on)
}

func pageChecked(err error) error {
	if errors.Is(err, store.ErrBadCursor) {
		return errPageExpired
	}
	return err
}
