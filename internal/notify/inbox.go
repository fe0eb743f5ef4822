package notify

import (
	"context"
	"time"

	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Marking notifications read is a write that wakes the reader's streams on every node: a
// reader goes through a busy inbox a few at a time, a loop would keep every node reading.
var (
	ReadPerUser   = limits.Limit{Name: "inbox-read-user", Max: 300, Window: 10 * time.Minute, Message: problem.MsgTooManyAttempts}
	ReadPerClient = limits.Limit{Name: "inbox-read-ip", Max: 600, Window: 10 * time.Minute, Message: problem.MsgTooManyAttempts}
)

// Inbox holds the use cases of a reader's notifications: reading the newest and marking
// them read. A change wakes the reader's other tabs and devices through the hub.
type Inbox struct {
	store  *store.Store
	hub    *Hub
	writes *limits.Writes
}

// NewInbox builds the inbox use cases over st, waking streams through hub; writes counts
// the marks read.
func NewInbox(st *store.Store, hub *Hub, writes *limits.Writes) *Inbox {
	return &Inbox{store: st, hub: hub, writes: writes}
}

// Recent is userID's Recent newest notifications they may still see, and how many of
// them are unread.
func (in *Inbox) Recent(ctx context.Context, userID string) ([]model.Notification, int, error) {
	return in.store.RecentNotifications(ctx, userID, Recent)
}

// MarkRead marks one of a's notifications read (ErrNotFound when it is not theirs), and
// is their inbox as it now stands (Recent).
func (in *Inbox) MarkRead(ctx context.Context, a model.Actor, id string) ([]model.Notification, int, error) {
	if err := in.writes.Take(ctx, a.UserID(), a.Client, ReadPerUser, ReadPerClient); err != nil {
		return nil, 0, err
	}
	if err := in.store.MarkNotificationRead(ctx, a.UserID(), id); err != nil {
		return nil, 0, store.NotFoundAs(err, ErrNotFound)
	}
	return in.changed(ctx, a.UserID())
}

// MarkAllRead marks every notification of a's read, and is their inbox as it now stands
// (Recent).
func (in *Inbox) MarkAllRead(ctx context.Context, a model.Actor) ([]model.Notification, int, error) {
	if err := in.writes.Take(ctx, a.UserID(), a.Client, ReadPerUser, ReadPerClient); err != nil {
		return nil, 0, err
	}
	if err := in.store.MarkAllNotificationsRead(ctx, a.UserID()); err != nil {
		return nil, 0, err
	}
	return in.changed(ctx, a.UserID())
}

// changed wakes userID's other tabs and devices, and reads the inbox they will read.
func (in *Inbox) changed(ctx context.Context, userID string) ([]model.Notification, int, error) {
	in.Wake(ctx, userID)
	return in.Recent(ctx, userID)
}

// Changed tells every node that what inboxes show may have changed for a reason other
// than their own notifications (a list or comment hidden, made private or deleted), so
// the copies live streams share are read afresh.
func (in *Inbox) Changed(ctx context.Context) {
	in.hub.PublishInboxesChanged(context.WithoutCancel(ctx))
}

// Wake tells the live inboxes of userIDs that they changed, even once the request that
// changed them is gone.
func (in *Inbox) Wake(ctx context.Context, userIDs ...string) {
	in.hub.Publish(context.WithoutCancel(ctx), userIDs...)
}
