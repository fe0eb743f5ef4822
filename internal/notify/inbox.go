package notify

import (
	"context"

	"castaway/internal/model"
	"castaway/internal/store"
)

// Inbox holds the use cases of a reader's notifications: reading the newest and marking
// them read. A change wakes the reader's other tabs and devices through the hub.
type Inbox struct {
	store *store.Store
	hub   *Hub
}

// NewInbox builds the inbox use cases over st, waking streams through hub.
func NewInbox(st *store.Store, hub *Hub) *Inbox { return &Inbox{store: st, hub: hub} }

// Recent is userID's Recent newest notifications they may still see, and how many of
// them are unread.
func (in *Inbox) Recent(ctx context.Context, userID string) ([]model.Notification, int, error) {
	return in.store.RecentNotifications(ctx, userID, Recent)
}

// MarkRead marks one of userID's notifications read (ErrNotFound when it is not theirs),
// and is their inbox as it now stands (Recent).
func (in *Inbox) MarkRead(ctx context.Context, userID, id string) ([]model.Notification, int, error) {
	if err := in.store.MarkNotificationRead(ctx, userID, id); err != nil {
		return nil, 0, store.NotFoundAs(err, ErrNotFound)
	}
	return in.changed(ctx, userID)
}

// MarkAllRead marks every notification of userID's read, and is their inbox as it now
// stands (Recent).
func (in *Inbox) MarkAllRead(ctx context.Context, userID string) ([]model.Notification, int, error) {
	if err := in.store.MarkAllNotificationsRead(ctx, userID); err != nil {
		return nil, 0, err
	}
	return in.changed(ctx, userID)
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
