package store

import (
	"context"
	"fmt"

	"castaway/internal/model"
)

// insertNotifications adds notes in tx, skipping any whose dedupe key was used
// before, and returns the recipients of the ones inserted.
func insertNotifications(ctx context.Context, tx dbtx, notes []*model.Notification) ([]string, error) {
	var notified []string
	for _, n := range notes {
		var key any
		if n.DedupeKey != "" {
			key = n.DedupeKey
		}
		// Nobody is notified by someone they blocked.
		res, err := tx.ExecContext(ctx, `INSERT INTO notifications
			(id, user_id, type, actor_id, created_by_name, content, is_new, list_user_id, list_id, comment_id, dedupe_key, created_at)
			SELECT $1, $2, $3, $4, $5, $6, TRUE, $7, $8, $9, $10, CAST($11 AS BIGINT)
			WHERE NOT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $2 AND blocked_id = $4)
			ON CONFLICT (dedupe_key) DO NOTHING`,
			n.ID, n.UserID, n.Type, n.ActorID, n.CreatedByName, n.Content, n.ListUserID, n.ListID, n.CommentID, key, millis(n.CreatedAt))
		if err != nil {
			return nil, fmt.Errorf("insert notification: %w", err)
		}
		if added, _ := res.RowsAffected(); added == 1 {
			notified = append(notified, n.UserID)
		}
	}
	return notified, nil
}

// visibleNote keeps the notifications n of recipient $1 they may still see
// (model.NoteVisibleRule: not of a deleted or suspended actor, nor of a list or comment
// gone or hidden from them), less those of users they blocked.
var visibleNote = `n.user_id = $1 AND ` + model.NoteVisibleSQL("n") + `
	AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = n.actor_id)`

// StmtInbox reads recipient $1's newest notifications they may still see, limit at
// most, each with how many of those are unread. The limit is written into the text (see
// boundedBy): a live stream runs it on every wake-up.
func StmtInbox(limit int) string {
	return `SELECT n.id, n.user_id, n.type, COALESCE(n.actor_id, ''), n.created_by_name, n.content, n.is_new,
		n.list_user_id, n.list_id, n.comment_id, COALESCE(n.dedupe_key, ''), n.created_at,
		(SELECT COUNT(*) FROM notifications n WHERE ` + visibleNote + ` AND n.is_new)
	FROM notifications n WHERE ` + visibleNote + ` ORDER BY n.created_at DESC, n.id DESC` + boundedBy(limit)
}

// RecentNotifications returns userID's newest notifications they may still see, at
// most limit, and how many of those are unread, in one query (a live stream runs
// it on every wake-up). With no notification there is no row, and no unread one.
func (s *Store) RecentNotifications(ctx context.Context, userID string, limit int) ([]model.Notification, int, error) {
	rows, err := s.rdb.QueryContext(ctx, StmtInbox(limit), userID)
	if err != nil {
		return nil, 0, fmt.Errorf("list notifications: %w", err)
	}
	defer rows.Close()
	notes := []model.Notification{}
	var unread int
	for rows.Next() {
		var n model.Notification
		var created int64
		if err := rows.Scan(&n.ID, &n.UserID, &n.Type, &n.ActorID, &n.CreatedByName, &n.Content, &n.IsNew,
			&n.ListUserID, &n.ListID, &n.CommentID, &n.DedupeKey, &created, &unread); err != nil {
			return nil, 0, fmt.Errorf("scan notification: %w", err)
		}
		n.CreatedAt = fromMillis(created)
		notes = append(notes, n)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("list notifications: %w", err)
	}
	return notes, unread, nil
}

// MarkNotificationRead marks one of userID's notifications read; ErrNotFound when
// there is no such notification of theirs.
func (s *Store) MarkNotificationRead(ctx context.Context, userID, id string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE notifications SET is_new = FALSE WHERE id = $1 AND user_id = $2`, id, userID)
	if err != nil {
		return fmt.Errorf("mark notification read: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// MarkAllNotificationsRead marks every notification of userID read.
func (s *Store) MarkAllNotificationsRead(ctx context.Context, userID string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE notifications SET is_new = FALSE WHERE user_id = $1 AND is_new`, userID); err != nil {
		return fmt.Errorf("mark notifications read: %w", err)
	}
	return nil
}
