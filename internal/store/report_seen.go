package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"castaway/internal/model"
)

// ErrOwnContent: a reader reported what they wrote.
var ErrOwnContent = errors.New("own content")

// ReportSeen is AddReport of what the reporter sees, checked in the report's own
// transaction: a list (model.ListVisible) or a comment (model.CommentVisible) on a
// thread they may see, which they did not write. ErrNotFound when there is no such
// target for them, ErrOwnContent when it is theirs.
func (s *Store) ReportSeen(ctx context.Context, r model.Report, reporter model.Viewer) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var author string
		var err error
		if r.Kind == KindList {
			owner, list, _ := strings.Cut(r.Key, "/") // ListKey: ids hold no slash
			err = tx.QueryRowContext(ctx, stmtReportedList, owner, list, reporter.ID).Scan(&author)
		} else {
			stmt := stmtReportedComment[0]
			if reporter.Admin {
				stmt = stmtReportedComment[1]
			}
			err = tx.QueryRowContext(ctx, stmt, r.Key, reporter.ID).Scan(&author)
		}
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return fmt.Errorf("find reported %s: %w", r.Kind, err)
		case author == reporter.ID:
			return ErrOwnContent
		}
		return addReport(ctx, tx, r)
	})
}

// stmtReportedList is the author of list ($1, $2), when user $3 may see it.
var stmtReportedList = `SELECT l.user_id FROM lists l WHERE l.user_id = $1 AND l.id = $2 AND ` +
	model.ListVisibleSQL("l", "$3", "FALSE")

// stmtReportedComment is the author ("" when gone) of comment $1, when user $2 may see
// it and its list (a moderator: the second).
var stmtReportedComment = [2]string{reportedComment("FALSE"), reportedComment("TRUE")}

func reportedComment(admin string) string {
	return `SELECT COALESCE(c.user_id, '') FROM comments c LEFT JOIN lists l ON l.user_id = c.list_user_id AND l.id = c.list_id
		WHERE c.id = $1 AND ` + model.CommentVisibleSQL("c", "$2", admin) + ` AND (c.list_user_id = '' OR ` +
		model.ListVisibleSQL("l", "$2", "FALSE") + `)`
}
