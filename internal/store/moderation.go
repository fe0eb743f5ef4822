package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"castaway/internal/model"
)

// Moderation actions and the status each leaves its target in.
const (
	ActionHide    = "hide"
	ActionRestore = "restore"
	ActionDismiss = "dismiss"
)

var actionStatus = map[string]string{ActionHide: "hidden", ActionRestore: "restored", ActionDismiss: "dismissed"}

// Moderate applies a (with its ID, admin, action, kind, key and time set) to a reported
// target: hiding takes a list out of everything public (its counts and aggregates too)
// or a comment out of its thread and count, restoring puts it back, dismissing only
// closes the reports. The target's status and the log change in the same transaction.
// ErrNotFound when nothing of that kind and key was reported, or the content is gone.
func (s *Store) Moderate(ctx context.Context, a *model.Action) (*model.ReportTarget, error) {
	status, ok := actionStatus[a.Action]
	if !ok {
		return nil, fmt.Errorf("unknown moderation action %q", a.Action)
	}
	var t *model.ReportTarget
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var err error
		if t, err = scanReportTarget(tx.QueryRowContext(ctx, `SELECT kind, target_key, status, report_count, spam, harassment,
			spoiler, other, first_at, last_at FROM report_targets WHERE kind = $1 AND target_key = $2`, a.Kind, a.Key)); err != nil {
			return err
		}
		if err := s.describeTarget(ctx, tx, t); err != nil {
			return err
		}
		if t.Gone {
			return ErrNotFound
		}
		if a.Action != ActionDismiss {
			if err := s.setHidden(ctx, tx, t, a.Action == ActionHide, a.CreatedAt); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE report_targets SET status = $3 WHERE kind = $1 AND target_key = $2`,
			a.Kind, a.Key, status); err != nil {
			return fmt.Errorf("set report status: %w", err)
		}
		t.Status = status
		a.Title = t.Title
		return recordAction(ctx, tx, a)
	})
	return t, err
}

// setHidden hides (or shows again) the list or comment t names, keeping what counts and
// indexes it in step.
func (s *Store) setHidden(ctx context.Context, tx *sql.Tx, t *model.ReportTarget, hide bool, now time.Time) error {
	var at any
	if hide {
		at = millis(now)
	}
	if t.Kind == KindList {
		// The list leaves (or rejoins) every public count as a change of visibility would.
		if err := adjustCounts(ctx, tx, t.ListUserID, t.ListID, -1); err != nil {
			return err
		}
		// A list of a suspended owner stays out until the account is restored (listPublic).
		if _, err := tx.ExecContext(ctx, `UPDATE lists SET hidden_at = $3, is_public = `+model.ListListedSQL("chosen_public", "$4", "lists.user_id")+`
			WHERE user_id = $1 AND id = $2`, t.ListUserID, t.ListID, at, hide); err != nil {
			return fmt.Errorf("hide list: %w", err)
		}
		if err := s.reindexSearch(ctx, tx, `l.user_id = $1 AND l.id = $2`, t.ListUserID, t.ListID); err != nil {
			return err
		}
		return adjustCounts(ctx, tx, t.ListUserID, t.ListID, 1)
	}
	before, err := countedAmong(ctx, tx, t.CommentID)
	if err != nil {
		return err
	}
	// A moderator's hiding outlasts a suspension; a restored comment of a suspended author
	// stays hidden by the suspension until the account is restored.
	q := `UPDATE comments SET hidden_at = $2, suspension_hidden = FALSE WHERE id = $1`
	if !hide {
		at = millis(now)
		q = `UPDATE comments SET hidden_at = CASE WHEN ` + commentAuthorSuspended("comments") + ` THEN CAST($2 AS BIGINT) END,
			suspension_hidden = ` + commentAuthorSuspended("comments") + ` WHERE id = $1`
	}
	if _, err := tx.ExecContext(ctx, q, t.CommentID, at); err != nil {
		return fmt.Errorf("hide comment: %w", err)
	}
	after, err := countedAmong(ctx, tx, t.CommentID)
	if err != nil {
		return err
	}
	return threadChanged(ctx, tx, t.ListUserID, t.ListID, after-before)
}

// ModerationLog is one page (limit) of the actions log, newest first, after cursor,
// and the next page's cursor ("" when none).
func (s *Store) ModerationLog(ctx context.Context, cursor string, limit int) ([]model.Action, string, error) {
	at, k, err := timeCursor(cursor, 1)
	if err != nil {
		return nil, "", err
	}
	rows, err := s.rdb.QueryContext(ctx, StmtModerationLog, at, k[0], limit+1)
	out, err := rowsOf(rows, err, "read moderation log", func(rows *sql.Rows) (a model.Action, err error) {
		var created int64
		err = rows.Scan(&a.ID, &a.AdminID, &a.AdminName, &a.Action, &a.Kind, &a.Key, &a.Title, &a.Detail, &created)
		a.CreatedAt = fromMillis(created)
		return a, err
	})
	if err != nil {
		return nil, "", err
	}
	out, next := cutPage(out, limit, func(last *model.Action) string { return nextTimeCursor(last.CreatedAt, last.ID) })
	return out, next, nil
}

// StmtModerationLog reads actions before ($1 time, $2 id), newest first, $3 at most.
const StmtModerationLog = `SELECT id, COALESCE(admin_id, ''), admin_name, action, kind, target_key, title, detail, created_at
	FROM moderation_actions WHERE created_at < $1 OR (created_at = $1 AND id < $2)
	ORDER BY created_at DESC, id DESC LIMIT CAST($3 AS BIGINT)`

// SetAdmin grants or revokes moderation for the user with email; ErrNotFound when
// there is none.
func (s *Store) SetAdmin(ctx context.Context, email string, admin bool) error {
	res, err := s.db.ExecContext(ctx, `UPDATE users SET is_admin = $2 WHERE email_key = $1`, model.FoldKey(strings.TrimSpace(email)), admin)
	if err != nil {
		return fmt.Errorf("set admin: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}
