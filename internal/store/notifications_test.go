package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func TestNotificationsInbox(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		me, other := communityUser(t, s, "Me"), communityUser(t, s, "Other")
		communityList(t, s, me.ID, "list_1", "Mine", true)
		t0 := time.UnixMilli(1_700_000_000_000)
		// Comments carry the notes; a note whose dedupe key was used is skipped.
		c := &model.Comment{ID: model.NewID(), ListUserID: me.ID, ListID: "list_1", UserID: other.ID, Text: "hi", CreatedAt: t0}
		var notes []*model.Notification
		for i := range 12 {
			notes = append(notes, &model.Notification{ID: model.NewID(), UserID: me.ID, Type: "comment", CreatedByName: "Other",
				Content: fmt.Sprint("comment ", i), ListUserID: me.ID, ListID: "list_1", CommentID: c.ID,
				DedupeKey: fmt.Sprint("comment:c", i), CreatedAt: t0.Add(time.Duration(i) * time.Second)})
		}
		notes = append(notes, &model.Notification{ID: model.NewID(), UserID: other.ID, Type: "list_like", CreatedByName: "Me", CreatedAt: t0})
		notified, err := s.CreateComment(ctx, c, notes)
		if err != nil || len(notified) != 13 {
			t.Fatalf("notified %v, %v", notified, err)
		}
		dup := *notes[0]
		dup.ID = model.NewID()
		c2 := &model.Comment{ID: model.NewID(), ListUserID: me.ID, ListID: "list_1", UserID: other.ID, Text: "hi", CreatedAt: t0}
		if notified, err = s.CreateComment(ctx, c2, []*model.Notification{&dup}); err != nil || len(notified) != 0 {
			t.Fatalf("duplicate notified %v, %v", notified, err)
		}

		recent, unread, err := s.RecentNotifications(ctx, me.ID, 10)
		if err != nil || len(recent) != 10 || unread != 12 {
			t.Fatalf("%d recent, %d unread, %v", len(recent), unread, err)
		}
		if recent[0].Content != "comment 11" || recent[9].Content != "comment 2" || !recent[0].IsNew || !recent[0].CreatedAt.Equal(t0.Add(11*time.Second)) {
			t.Fatalf("newest %+v, oldest shown %+v", recent[0], recent[9])
		}

		if err := s.MarkNotificationRead(ctx, me.ID, recent[0].ID); err != nil {
			t.Fatal(err)
		}
		// Nobody marks another user's notification.
		if err := s.MarkNotificationRead(ctx, other.ID, recent[1].ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("marking someone else's: %v", err)
		}
		recent, unread, _ = s.RecentNotifications(ctx, me.ID, 10)
		if unread != 11 || recent[0].IsNew || !recent[1].IsNew {
			t.Fatalf("after one read: unread %d, %v %v", unread, recent[0].IsNew, recent[1].IsNew)
		}
		if err := s.MarkAllNotificationsRead(ctx, me.ID); err != nil {
			t.Fatal(err)
		}
		if _, unread, _ = s.RecentNotifications(ctx, me.ID, 10); unread != 0 {
			t.Fatalf("after all read: unread %d", unread)
		}
		if _, unread, _ = s.RecentNotifications(ctx, other.ID, 10); unread != 1 {
			t.Fatalf("other's unread %d", unread)
		}
	})
}

// A list made private or deleted, or a comment deleted, leaves nothing of itself
// in anyone else's inbox; the owner keeps the notes about their own private list.
func TestNotificationsHideWhatTheReaderCannotSee(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, fan := communityUser(t, s, "Owner"), communityUser(t, s, "Fan")
		communityList(t, s, owner.ID, "list_1", "Secret plans", true)
		t0 := time.UnixMilli(1_700_000_000_000)
		top := &model.Comment{ID: model.NewID(), ListUserID: owner.ID, ListID: "list_1", UserID: fan.ID, Text: "first", CreatedAt: t0}
		reply := &model.Comment{ID: model.NewID(), ListUserID: owner.ID, ListID: "list_1", UserID: owner.ID, ParentID: top.ID,
			Text: "private reply", CreatedAt: t0.Add(time.Second)}
		note := func(to, kind string, c *model.Comment) []*model.Notification {
			return []*model.Notification{{ID: model.NewID(), UserID: to, Type: kind, CreatedByName: "x", Content: c.Text,
				ListUserID: owner.ID, ListID: "list_1", CommentID: c.ID, CreatedAt: c.CreatedAt}}
		}
		if _, err := s.CreateComment(ctx, top, note(owner.ID, "comment", top)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateComment(ctx, reply, note(fan.ID, "comment_reply", reply)); err != nil {
			t.Fatal(err)
		}
		count := func(userID string) (int, int) {
			t.Helper()
			recent, unread, err := s.RecentNotifications(ctx, userID, 10)
			if err != nil {
				t.Fatal(err)
			}
			return len(recent), unread
		}
		if n, u := count(fan.ID); n != 1 || u != 1 {
			t.Fatalf("public list: fan sees %d, %d unread", n, u)
		}
		execOK(t, s.DB(), `UPDATE lists SET is_public = FALSE, chosen_public = FALSE WHERE user_id = $1 AND id = 'list_1'`, owner.ID)
		if n, u := count(fan.ID); n != 0 || u != 0 {
			t.Fatalf("private list: fan sees %d, %d unread", n, u)
		}
		if n, _ := count(owner.ID); n != 1 {
			t.Fatalf("private list: owner sees %d", n)
		}
		execOK(t, s.DB(), `UPDATE lists SET is_public = TRUE, chosen_public = TRUE WHERE user_id = $1 AND id = 'list_1'`, owner.ID)
		if err := s.DeleteComment(ctx, top.ID); err != nil {
			t.Fatal(err)
		}
		if a, _ := count(owner.ID); a != 0 {
			t.Fatalf("deleted comment still quoted to the owner")
		}
		if b, _ := count(fan.ID); b != 0 {
			t.Fatalf("deleted reply still quoted to the fan")
		}
	})
}
