package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"castaway/internal/model"
)

// Why a comment could not be posted, beside ErrNotFound (no thread its author may
// comment on: a list they may not see, a poll that does not exist).
var (
	// ErrParentGone: the comment replied to is missing, of another thread, or not the
	// author's to see.
	ErrParentGone = errors.New("comment replied to is gone")
	// ErrBlocked: the list's owner or the author replied to blocked the comment's author.
	ErrBlocked = errors.New("blocked by someone in the thread")
)

// PostComment adds c, written by author, to its thread, in one transaction with the
// checks that allow it, so that nothing changes between them: the thread is a list
// author may see (model.ListVisible) or a poll that exists (c.ListUserID ""); a reply
// (c.ParentID) names a comment of that thread author may see (model.CommentVisible), and
// hangs under its top-level comment, so threads are one level deep (c.ParentID is set to
// it); and neither the list's owner nor the author replied to blocked author. notes are
// what c tells, given the comment it replies to (nil for none); it returns the
// recipients notified.
func (s *Store) PostComment(ctx context.Context, c *model.Comment, author model.Viewer,
	notes func(replyTo *model.Comment) []*model.Notification) ([]string, error) {
	var notified []string
	err := s.written(ctx, func(ctx context.Context, tx dbtx) error {
		notified = nil
		if err := threadOpen(ctx, tx, c.ListUserID, c.ListID, author.ID); err != nil {
			return err
		}
		replyTo, err := replyParent(ctx, tx, c, author)
		if err != nil {
			return err
		}
		if err := notBlocked(ctx, tx, author.ID, c.ListUserID, replyTo); err != nil {
			return err
		}
		notified, err = insertComment(ctx, tx, c, notes(replyTo))
		if errors.Is(err, ErrNotFound) && replyTo != nil {
			return ErrParentGone
		}
		return err
	})
	return notified, err
}

// threadOpen is nil when the thread of the list (owner, list) is one viewerID may see,
// or, for owner "", when the poll list exists; ErrNotFound otherwise.
func threadOpen(ctx context.Context, tx dbtx, owner, list, viewerID string) error {
	if owner != "" {
		return visibleToVoter(ctx, tx, owner, list, viewerID)
	}
	var one int
	err := tx.QueryRowContext(ctx, `SELECT 1 FROM global_polls WHERE id = $1`, list).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("find poll: %w", err)
	}
	return nil
}

// stmtReplyTo reads comment $1 of the thread ($2, $3) when the viewer $4 may see it (a
// moderator: the second), with the top-level comment a reply to it hangs under.
var stmtReplyTo = [2]string{replyTo("FALSE"), replyTo("TRUE")}

func replyTo(admin string) string {
	return `SELECT COALESCE(c.parent_id, c.id), ` + strings.TrimPrefix(commentSelect(false), "SELECT ") + `
		WHERE c.id = $1 AND c.list_user_id = $2 AND c.list_id = $3 AND ` + model.CommentVisibleSQL("c", "$4", admin)
}

// replyParent reads the comment c replies to (nil when c is top-level) and sets
// c.ParentID to the top-level comment c hangs under; ErrParentGone when it is missing,
// of another thread or not author's to see.
func replyParent(ctx context.Context, tx dbtx, c *model.Comment, author model.Viewer) (*model.Comment, error) {
	if c.ParentID == "" {
		return nil, nil
	}
	stmt := stmtReplyTo[0]
	if author.Admin {
		stmt = stmtReplyTo[1]
	}
	var top string
	replyTo, err := scanComment(leading{tx.QueryRowContext(ctx, stmt, c.ParentID, c.ListUserID, c.ListID, author.ID), &top})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrParentGone
	}
	if err != nil {
		return nil, fmt.Errorf("find comment replied to: %w", err)
	}
	c.ParentID = top
	return replyTo, nil
}

// leading scans one more column ahead of those its caller scans.
type leading struct {
	row   interface{ Scan(...any) error }
	first any
}

func (p leading) Scan(dest ...any) error { return p.row.Scan(append([]any{p.first}, dest...)...) }

// notBlocked is ErrBlocked when the owner of the list listUserID ("" for a poll) or the
// author of replyTo (nil for none) blocked userID: whoever a block keeps a comment from.
func notBlocked(ctx context.Context, tx dbtx, userID, listUserID string, replyTo *model.Comment) error {
	args := []any{userID}
	if listUserID != "" {
		args = append(args, listUserID)
	}
	if replyTo != nil && replyTo.UserID != "" {
		args = append(args, replyTo.UserID)
	}
	if len(args) == 1 {
		return nil
	}
	var blocked bool
	if err := tx.QueryRowContext(ctx, StmtBlocked(len(args)-1), args...).Scan(&blocked); err != nil {
		return fmt.Errorf("check blocks: %w", err)
	}
	if blocked {
		return ErrBlocked
	}
	return nil
}
