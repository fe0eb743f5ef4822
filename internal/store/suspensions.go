package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
)

// KindUser is what an account-level moderation action is about (its key is the user id).
const KindUser = "user"

// Account-level moderation actions.
const (
	ActionSuspend       = "suspend"
	ActionUnsuspend     = "unsuspend"
	ActionResetPassword = "reset_password"
	ActionSignOut       = "sign_out"
)

// ErrNotSuspended: the account has no suspension to lift.
var ErrNotSuspended = errors.New("account not suspended")

// listPublic is what lists.is_public holds for the list row of table alias t (the rule
// model.ListListed).
func listPublic(t string) string {
	return model.ListListedSQL(t+".chosen_public", t+".hidden_at IS NOT NULL", t+".user_id")
}

// commentAuthorSuspended is SQL true when the author of the comment of table alias t is suspended.
func commentAuthorSuspended(t string) string {
	return `EXISTS (SELECT 1 FROM users su WHERE su.id = ` + t + `.user_id AND su.suspended_at IS NOT NULL)`
}

// SuspensionOf reads userID's suspension: nil when the account is not suspended (or its
// content is already back), ErrNotFound when there is no such account.
func (s *Store) SuspensionOf(ctx context.Context, userID string) (*model.Suspension, error) {
	var since, until sql.NullInt64
	var reason string
	err := s.rdb.QueryRowContext(ctx, `SELECT suspended_at, suspended_until, suspension_reason FROM users WHERE id = $1`, userID).
		Scan(&since, &until, &reason)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read suspension: %w", err)
	}
	if !since.Valid {
		return nil, nil
	}
	sus := &model.Suspension{Since: fromMillis(since.Int64), Reason: reason}
	if until.Valid {
		sus.Until = fromMillis(until.Int64)
	}
	return sus, nil
}

// Suspend suspends userID on sus's terms and records a (its ID, admin, time set), in one
// transaction: its sessions are not touched here (auth.Accounts ends them, with their
// streams), but every list of its leaves everything public, each count and aggregate
// (adjustCounts) and the search index, and every comment of its not hidden already is
// hidden for everyone else, with the comment counts of the lists it was on. An account
// suspended already only gets the new terms. The work is bounded by the one account's
// lists and comments. ErrNotFound when there is no such account.
func (s *Store) Suspend(ctx context.Context, userID string, sus model.Suspension, a *model.Action) error {
	var until any
	if !sus.Until.IsZero() {
		until = millis(sus.Until)
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		name, err := accountName(ctx, tx, userID, "suspend")
		if err != nil {
			return err
		}
		// Taking the row (and its lock) decides which of two racing suspensions hides the content.
		res, err := tx.ExecContext(ctx, `UPDATE users SET suspended_at = $2, suspended_until = $3, suspension_reason = $4
			WHERE id = $1 AND suspended_at IS NULL`, userID, millis(sus.Since), until, sus.Reason)
		if err != nil {
			return fmt.Errorf("suspend: %w", err)
		}
		n, _ := res.RowsAffected()
		if n == 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE users SET suspended_until = $2, suspension_reason = $3 WHERE id = $1`,
				userID, until, sus.Reason); err != nil {
				return fmt.Errorf("suspend: %w", err)
			}
		} else if err := s.setSuspended(ctx, tx, userID, true, sus.Since); err != nil {
			return err
		}
		a.Kind, a.Key, a.Title = KindUser, userID, name
		if err := recordAction(ctx, tx, a); err != nil || n == 0 {
			return err
		}
		// The leaderboards leave the fan out.
		return boardsOfUser(ctx, tx, userID)
	})
}

// Unsuspend restores userID's account and records a: its lists are public again as their
// author chose (unless a moderator hid them), and the comments its suspension hid are
// shown again, with every count, aggregate and the search index, in one transaction.
// expiredBy, when not zero, restores only a suspension whose end date is not after it (the
// sweep: a suspension renewed meanwhile stays). ErrNotSuspended when there is none to lift.
func (s *Store) Unsuspend(ctx context.Context, userID string, expiredBy time.Time, a *model.Action) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		name, err := accountName(ctx, tx, userID, "unsuspend")
		if err != nil {
			return err
		}
		q := `UPDATE users SET suspended_at = NULL, suspended_until = NULL, suspension_reason = '' WHERE id = $1 AND suspended_at IS NOT NULL`
		args := []any{userID}
		if !expiredBy.IsZero() {
			q += ` AND suspended_until <= $2`
			args = append(args, millis(expiredBy))
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return fmt.Errorf("unsuspend: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotSuspended
		}
		if err := s.setSuspended(ctx, tx, userID, false, a.CreatedAt); err != nil {
			return err
		}
		a.Kind, a.Key, a.Title = KindUser, userID, name
		if err := recordAction(ctx, tx, a); err != nil {
			return err
		}
		// The leaderboards show the fan again.
		return boardsOfUser(ctx, tx, userID)
	})
}

// setSuspended takes userID's content out of (suspend) or back into what others see, as
// the users row now says, in tx.
func (s *Store) setSuspended(ctx context.Context, tx *sql.Tx, userID string, suspend bool, now time.Time) error {
	// The lists whose visibility changes: public ones leave, chosen ones no moderator hid come back.
	changing := `SELECT id FROM lists WHERE user_id = $1 AND is_public = TRUE`
	if !suspend {
		changing = `SELECT id FROM lists WHERE user_id = $1 AND is_public = FALSE AND chosen_public AND hidden_at IS NULL`
	}
	ids, err := listIDs(ctx, tx, changing, userID)
	if err != nil {
		return err
	}
	if suspend {
		for _, id := range ids {
			if err := adjustCounts(ctx, tx, userID, id, -1); err != nil {
				return err
			}
		}
	}
	// Its follows leave (or rejoin) the counts of the accounts at their other ends.
	delta := 1
	if suspend {
		delta = -1
	}
	if err := countFollowsOf(ctx, tx, userID, delta); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE lists SET is_public = `+listPublic("lists")+` WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("set lists' visibility: %w", err)
	}
	if !suspend {
		for _, id := range ids {
			if err := adjustCounts(ctx, tx, userID, id, 1); err != nil {
				return err
			}
		}
	} else {
		for _, id := range ids {
			if err := syncSitemap(ctx, tx, userID, id); err != nil {
				return err
			}
		}
	}
	if err := s.reindexSearch(ctx, tx, `l.user_id = $1`, userID); err != nil {
		return err
	}
	comments := `UPDATE comments SET hidden_at = NULL, suspension_hidden = FALSE WHERE user_id = $1 AND suspension_hidden`
	args := []any{userID}
	if suspend {
		comments = `UPDATE comments SET hidden_at = $2, suspension_hidden = TRUE WHERE user_id = $1 AND hidden_at IS NULL`
		args = append(args, millis(now))
	}
	if _, err := tx.ExecContext(ctx, comments, args...); err != nil {
		return fmt.Errorf("set comments' visibility: %w", err)
	}
	// The lists the account commented on count their shown comments again (replies to its
	// comments leave and come back with them), and their threads move on (threadChanged).
	if _, err := tx.ExecContext(ctx, `UPDATE lists SET comment_count = `+recountCommentsOfTable+`, thread_version = thread_version + 1
		WHERE (user_id, id) IN (SELECT list_user_id, list_id FROM comments WHERE user_id = $1)`, userID); err != nil {
		return fmt.Errorf("count comments: %w", err)
	}
	return nil
}

// recountCommentsOfTable is recountComments for an UPDATE of lists.
var recountCommentsOfTable = `(SELECT count(*) FROM comments c LEFT JOIN comments p ON p.id = c.parent_id
	WHERE c.list_user_id = lists.user_id AND c.list_id = lists.id AND ` + commentCounted + `)`

// listIDs reads the list ids q ($1 = userID) selects.
func listIDs(ctx context.Context, tx *sql.Tx, q, userID string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, q, userID)
	return stringsOf(rows, err, "read lists")
}

// ExpiredSuspensions lists at most limit suspended accounts whose end date is not after now.
func (s *Store) ExpiredSuspensions(ctx context.Context, now time.Time, limit int) ([]string, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT id FROM users WHERE suspended_until IS NOT NULL AND suspended_until <= $1
		ORDER BY suspended_until LIMIT CAST($2 AS BIGINT)`, millis(now), limit)
	return stringsOf(rows, err, "read expired suspensions")
}

// RecordUserAction logs a (its ID, admin, action and time set) about userID, such as a
// password reset or sign-out a moderator sent. ErrNotFound when there is no such account.
func (s *Store) RecordUserAction(ctx context.Context, userID string, a *model.Action) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		name, err := accountName(ctx, tx, userID, "record action")
		if err != nil {
			return err
		}
		a.Kind, a.Key, a.Title = KindUser, userID, name
		return recordAction(ctx, tx, a)
	})
}

// accountName reads userID's display name in tx, for the moderation log; ErrNotFound when
// there is no such account. what names the read in its errors.
func accountName(ctx context.Context, tx *sql.Tx, userID, what string) (string, error) {
	var name string
	if err := tx.QueryRowContext(ctx, `SELECT display_name FROM users WHERE id = $1`, userID).Scan(&name); errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	} else if err != nil {
		return "", fmt.Errorf("%s: %w", what, err)
	}
	return name, nil
}

// recordAction adds a to the moderation log in tx.
func recordAction(ctx context.Context, tx *sql.Tx, a *model.Action) error {
	var admin any
	if a.AdminID != "" {
		admin = a.AdminID
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO moderation_actions (id, admin_id, admin_name, action, kind, target_key, title, detail, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, a.ID, admin, a.AdminName, a.Action, a.Kind, a.Key, a.Title, a.Detail, millis(a.CreatedAt)); err != nil {
		return fmt.Errorf("record moderation action: %w", err)
	}
	return nil
}

// suspensionChecks are the checks of AggVisibility, what suspensions set: every
// list's is_public (listPublic), and every comment hidden exactly while its author is
// suspended or a moderator hid it.
var suspensionChecks = []check{
	{"list %s/%s: is_public %v, should be %v", `SELECT l.user_id, l.id, l.is_public, ` + listPublic("l") +
		` FROM lists l WHERE l.is_public <> ` + listPublic("l")},
	{"comment %s of %s: %v, should be %v", `SELECT c.id, c.user_id, 'shown', 'hidden by the suspension'
		FROM comments c WHERE c.hidden_at IS NULL AND ` + commentAuthorSuspended("c")},
	{"comment %s of %s: %v, should be %v", `SELECT c.id, c.user_id, 'hidden by a suspension', 'shown'
		FROM comments c WHERE c.suspension_hidden AND (c.hidden_at IS NULL OR NOT ` + commentAuthorSuspended("c") + `)`},
}

// suspensionRepairs set what suspensionChecks check.
// The threads of the comments they change move on first (threadChanged), found as the
// changes are.
var suspensionRepairs = []string{
	threadsWhereChanged(`c.suspension_hidden AND NOT ` + commentAuthorSuspended("c")),
	`UPDATE comments SET hidden_at = NULL, suspension_hidden = FALSE
		WHERE suspension_hidden AND NOT ` + commentAuthorSuspended("comments"),
	threadsWhereChanged(`c.hidden_at IS NULL AND ` + commentAuthorSuspended("c")),
	`UPDATE comments SET suspension_hidden = TRUE,
		hidden_at = (SELECT su.suspended_at FROM users su WHERE su.id = comments.user_id)
		WHERE hidden_at IS NULL AND ` + commentAuthorSuspended("comments"),
	`UPDATE lists SET is_public = ` + listPublic("lists") + ` WHERE is_public <> ` + listPublic("lists"),
}
