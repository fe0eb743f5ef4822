package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"castaway/internal/model"
)

// commentCounted is true for a comment c (with its parent p, if any, left-joined) that
// lists.comment_count counts: everyone sees it and its parent (model.CommentVisible to
// nobody signed in), so neither is hidden.
var commentCounted = model.CommentVisibleSQL("c", "''", "FALSE") + " AND " + model.CommentVisibleSQL("p", "''", "FALSE")

// countedAmong counts the comments of id and its replies that comment_count counts.
func countedAmong(ctx context.Context, tx dbtx, id string) (int, error) {
	var n int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM comments c LEFT JOIN comments p ON p.id = c.parent_id
		WHERE (c.id = $1 OR c.parent_id = $1) AND `+commentCounted, id).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count comments shown: %w", err)
	}
	return n, nil
}

// threadChanged moves the thread of the list (owner, list) on (lists.thread_version) and
// adds delta to its comment count, in the transaction that changed the thread; a poll's
// thread has no list row, so the update then touches nothing.
func threadChanged(ctx context.Context, tx dbtx, owner, list string, delta int) error {
	if _, err := tx.ExecContext(ctx, `UPDATE lists SET comment_count = comment_count + $3, thread_version = thread_version + 1
		WHERE user_id = $1 AND id = $2`, owner, list, delta); err != nil {
		return fmt.Errorf("count comments: %w", err)
	}
	return nil
}

// threadsWhereChanged moves on the threads (threadChanged) of the comments c that cond
// selects, for a change to many comments at once.
func threadsWhereChanged(cond string) string {
	return `UPDATE lists SET thread_version = thread_version + 1
	WHERE (user_id, id) IN (SELECT c.list_user_id, c.list_id FROM comments c WHERE ` + cond + `)`
}

// StmtThreadsOfAuthorChanged moves on the threads user $1 wrote in: their name changed,
// or their account is going.
var StmtThreadsOfAuthorChanged = threadsWhereChanged(`c.user_id = $1`)

// commentSelect reads comments with their author's name and, when viewer is true, the
// vote of the user in $1 (a reader signed out has cast none, so their statements look
// none up and number their own parameters from $1; commentArgs numbers them).
//
// The name and the vote are scalar subqueries, not joins: each is one lookup by key
// for each row returned (after the LIMIT of a page), whatever the planner guesses of
// how many rows a parent's replies are. As joins, PostgreSQL's generic plan for the
// replies hashed the whole users table on every page, a cost that grew with the users.
func commentSelect(viewer bool) string {
	vote := "0"
	if viewer {
		vote = `COALESCE((SELECT v.value FROM comment_votes v WHERE v.comment_id = c.id AND v.user_id = $1), 0)`
	}
	return `SELECT c.id, c.list_user_id, c.list_id, COALESCE(c.user_id, ''),
		COALESCE((SELECT u.display_name FROM users u WHERE u.id = c.user_id), ''),
		COALESCE(c.parent_id, ''), c.text, c.upvotes, c.downvotes, ` + vote + `, c.hidden_at IS NOT NULL, c.created_at
	FROM comments c`
}

// commentArg numbers the i-th (from 1) parameter of a comment statement after the
// viewer's $1, when it has one.
func commentArg(viewer bool, i int) string {
	if viewer {
		i++
	}
	return "$" + strconv.Itoa(i)
}

// commentArgs are a comment statement's arguments: the viewer's id first when there is
// one (commentSelect), then args.
func commentArgs(viewerID string, args ...any) []any {
	if viewerID == "" {
		return args
	}
	return append([]any{viewerID}, args...)
}

func scanComment(row interface{ Scan(...any) error }) (*model.Comment, error) {
	var c model.Comment
	var created int64
	if err := row.Scan(&c.ID, &c.ListUserID, &c.ListID, &c.UserID, &c.UserName, &c.ParentID, &c.Text,
		&c.Upvotes, &c.Downvotes, &c.MyVote, &c.Hidden, &created); err != nil {
		return nil, err
	}
	c.CreatedAt = fromMillis(created)
	return &c, nil
}

// CreateComment adds c and, in the same transaction, notes; it returns the
// recipients notified. ErrNotFound when c's parent was deleted meanwhile. A use case
// posts through PostComment, which checks the thread first.
func (s *Store) CreateComment(ctx context.Context, c *model.Comment, notes []*model.Notification) ([]string, error) {
	var notified []string
	err := s.tx(ctx, func(tx *sql.Tx) (err error) {
		notified, err = insertComment(ctx, tx, c, notes)
		return err
	})
	return notified, err
}

// insertComment adds c, counted on its thread, and notes, in tx; it returns the
// recipients notified. ErrNotFound when c's parent (or author) is gone.
func insertComment(ctx context.Context, tx dbtx, c *model.Comment, notes []*model.Notification) ([]string, error) {
	var parent any
	if c.ParentID != "" {
		parent = c.ParentID
	}
	// A comment that raced its author's suspension is hidden by it, as the others are.
	suspended := `EXISTS (SELECT 1 FROM users su WHERE su.id = $4 AND su.suspended_at IS NOT NULL)`
	_, err := tx.ExecContext(ctx, `INSERT INTO comments (id, list_user_id, list_id, user_id, parent_id, text, upvotes, downvotes, created_at,
		hidden_at, suspension_hidden)
		VALUES ($1, $2, $3, $4, $5, $6, 0, 0, $7, CASE WHEN `+suspended+` THEN CAST($7 AS BIGINT) END, `+suspended+`)`,
		c.ID, c.ListUserID, c.ListID, c.UserID, parent, c.Text, millis(c.CreatedAt))
	if isForeignKeyViolation(err) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("create comment: %w", err)
	}
	shown, err := countedAmong(ctx, tx, c.ID) // 0 for a reply to a comment hidden meanwhile
	if err != nil {
		return nil, err
	}
	notified, err := insertNotifications(ctx, tx, notes)
	if err != nil {
		return nil, err
	}
	// Last: every comment, vote and upvote of the list waits for its row, so it is held
	// for the commit alone.
	return notified, threadChanged(ctx, tx, c.ListUserID, c.ListID, shown)
}

// CommentThread returns every comment of a thread, newest first, with viewerID's votes.
// It reads the whole thread: pages for visitors come from CommentPage.
func (s *Store) CommentThread(ctx context.Context, listUserID, listID, viewerID string) ([]model.Comment, error) {
	v := viewerID != ""
	rows, err := s.rdb.QueryContext(ctx, commentSelect(v)+`
		WHERE c.list_user_id = `+commentArg(v, 1)+` AND c.list_id = `+commentArg(v, 2)+` ORDER BY c.created_at DESC, c.id DESC`,
		commentArgs(viewerID, listUserID, listID)...)
	return rowsOf(rows, err, "list comments", valueOf(scanComment))
}

// DefaultCommentPageSize is how many top-level comments a page holds, each with all its
// replies: the first screens' worth of a Discussion, so a list page draws (and the
// database reads) a few dozen comments at most, and Load more brings the rest.
const DefaultCommentPageSize = 20

// ErrBadCursor is returned for a paging cursor this store did not make.
var ErrBadCursor = errors.New("bad cursor")

// StmtCommentsTop reads one page of a thread's top-level comments, newest first: for a
// viewer ($1 when viewer, see commentSelect), of the thread (owner, list), after the
// cursor (time, id; a time beyond any starts at the newest), at most limit. The limit
// is written into the text, not bound: SQLite plans with a bound LIMIT's value, so it
// prepares such a statement again every time it is run.
func StmtCommentsTop(viewer bool, limit int) string {
	p := func(i int) string { return commentArg(viewer, i) }
	return commentSelect(viewer) + `
	WHERE c.list_user_id = ` + p(1) + ` AND c.list_id = ` + p(2) + ` AND c.parent_id IS NULL
	  AND (c.created_at < ` + p(3) + ` OR (c.created_at = ` + p(3) + ` AND c.id < ` + p(4) + `))
	ORDER BY c.created_at DESC, c.id DESC LIMIT ` + strconv.Itoa(limit)
}

// StmtCommentReplies reads the replies to n comments, oldest first, for a viewer ($1
// when viewer, see commentSelect).
func StmtCommentReplies(viewer bool, n int) string {
	marks := make([]string, n)
	for i := range marks {
		marks[i] = commentArg(viewer, i+1)
	}
	return commentSelect(viewer) + ` WHERE c.parent_id IN (` + strings.Join(marks, ", ") + `) ORDER BY c.parent_id, c.created_at, c.id`
}

// CommentPage returns up to limit top-level comments of a thread, newest first, after
// cursor ("" for the newest), followed by all their replies, with viewerID's votes; and
// the cursor of the next page, "" when there is none. ErrBadCursor for a cursor it did
// not make.
func (s *Store) CommentPage(ctx context.Context, listUserID, listID, viewerID, cursor string, limit int) ([]model.Comment, string, error) {
	if limit <= 0 {
		limit = DefaultCommentPageSize
	}
	at, k, err := timeCursor(cursor, 1)
	if err != nil {
		return nil, "", err
	}
	v := viewerID != ""
	top, err := s.comments(ctx, StmtCommentsTop(v, limit+1), commentArgs(viewerID, listUserID, listID, at, k[0])...)
	if err != nil {
		return nil, "", fmt.Errorf("list comments: %w", err)
	}
	top, next := cutPage(top, limit, func(last *model.Comment) string { return nextTimeCursor(last.CreatedAt, last.ID) })
	if len(top) == 0 {
		return top, "", nil
	}
	ids := make([]any, len(top))
	for i, c := range top {
		ids[i] = c.ID
	}
	replies, err := s.comments(ctx, StmtCommentReplies(v, len(top)), commentArgs(viewerID, ids...)...)
	if err != nil {
		return nil, "", fmt.Errorf("list replies: %w", err)
	}
	return append(top, replies...), next, nil
}

func (s *Store) comments(ctx context.Context, query string, args ...any) ([]model.Comment, error) {
	rows, err := s.rdb.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []model.Comment{}
	for rows.Next() {
		c, err := scanComment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

// CommentByID finds a comment with viewerID's vote on it, or ErrNotFound.
func (s *Store) CommentByID(ctx context.Context, id, viewerID string) (*model.Comment, error) {
	v := viewerID != ""
	c, err := scanComment(s.rdb.QueryRowContext(ctx, commentSelect(v)+` WHERE c.id = `+commentArg(v, 1), commentArgs(viewerID, id)...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("find comment: %w", err)
	}
	return c, nil
}

// CommentVoted is what a comment's vote left: the comment's counts and whom it told.
type CommentVoted struct {
	Upvotes, Downvotes int
	Notified           []string
}

// SetCommentVote makes userID's vote on a comment value (1 up, -1 down, 0 none),
// keeping the comment's counters exact in the same transaction. note, when not nil,
// is added when the vote becomes an upvote. It answers the comment's counts as the vote
// left them and the recipients notified; ErrNotFound when the comment does not exist.
func (s *Store) SetCommentVote(ctx context.Context, commentID, userID string, value int, note *model.Notification) (CommentVoted, error) {
	if s.marks != nil {
		return s.setCommentVoteAtOnce(ctx, commentID, userID, value, note)
	}
	var r CommentVoted
	err := s.batched(ctx, func(ctx context.Context, tx dbtx) error {
		r = CommentVoted{}
		// SQLite: the batch's transaction holds the one write lock, so the vote read here
		// is still the vote when it changes (PostgreSQL's function locks the comment's row).
		var owner, list string
		var old int
		err := tx.QueryRowContext(ctx, `SELECT c.list_user_id, c.list_id, c.upvotes, c.downvotes,
			COALESCE((SELECT v.value FROM comment_votes v WHERE v.comment_id = c.id AND v.user_id = $2), 0)
			FROM comments c WHERE c.id = $1`, commentID, userID).Scan(&owner, &list, &r.Upvotes, &r.Downvotes, &old)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("read comment vote: %w", err)
		}
		if old == value {
			return nil
		}
		if value == 0 {
			_, err = tx.ExecContext(ctx, `DELETE FROM comment_votes WHERE comment_id = $1 AND user_id = $2`, commentID, userID)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO comment_votes (comment_id, user_id, value) VALUES ($1, $2, $3)
				ON CONFLICT (comment_id, user_id) DO UPDATE SET value = excluded.value`, commentID, userID, value)
		}
		if err != nil {
			return fmt.Errorf("write comment vote: %w", err)
		}
		if err := tx.QueryRowContext(ctx, `UPDATE comments SET upvotes = upvotes + $2, downvotes = downvotes + $3 WHERE id = $1
			RETURNING upvotes, downvotes`, commentID, voteIs(value, 1)-voteIs(old, 1), voteIs(value, -1)-voteIs(old, -1)).Scan(&r.Upvotes, &r.Downvotes); err != nil {
			return fmt.Errorf("count comment vote: %w", err)
		}
		if value == 1 && note != nil {
			if r.Notified, err = insertNotifications(ctx, tx, []*model.Notification{note}); err != nil {
				return err
			}
		}
		return threadChanged(ctx, tx, owner, list, 0)
	})
	return r, err
}

// setCommentVoteAtOnce is SetCommentVote on PostgreSQL: one call of the function
// migrations 0099 and 0102 made, on the marks' pool (its steps as a transaction took
// eight round trips, the comment's row locked across them all).
func (s *Store) setCommentVoteAtOnce(ctx context.Context, commentID, userID string, value int, note *model.Notification) (CommentVoted, error) {
	n := note
	if n == nil {
		n = &model.Notification{}
	}
	var r CommentVoted
	var told sql.NullString
	var ups, downs sql.NullInt64
	err := s.marks.QueryRowContext(ctx, `SELECT told, ups, downs FROM castaway_set_comment_vote($1, $2, CAST($3 AS INTEGER), $4, $5, $6, $7, $8, $9, CAST($10 AS BIGINT))`,
		commentID, userID, value, n.ID, n.UserID, n.Type, n.CreatedByName, n.Content, n.DedupeKey, millis(n.CreatedAt)).Scan(&told, &ups, &downs)
	switch {
	case err != nil:
		return r, fmt.Errorf("set comment vote: %w", err)
	case !told.Valid:
		return r, ErrNotFound
	case told.String != "":
		r.Notified = []string{told.String}
	}
	r.Upvotes, r.Downvotes = int(ups.Int64), int(downs.Int64)
	return r, nil
}

// voteIs counts 1 when a vote has the given value.
func voteIs(vote, value int) int {
	if vote == value {
		return 1
	}
	return 0
}

// StmtDeleteCommentNotes deletes the notifications quoting comment $1 or its replies.
const StmtDeleteCommentNotes = `DELETE FROM notifications WHERE comment_id IN
	(SELECT id FROM comments WHERE id = $1 OR parent_id = $1)`

// DeleteComment removes a comment; its replies and votes go with it, and so do the
// notifications quoting any of them. ErrNotFound when it does not exist.
func (s *Store) DeleteComment(ctx context.Context, id string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, StmtDeleteCommentNotes, id); err != nil {
			return fmt.Errorf("delete comment notifications: %w", err)
		}
		return deleteComment(ctx, tx, id)
	})
}

// deleteComment removes comment id and its replies in tx, uncounting those counted.
func deleteComment(ctx context.Context, tx *sql.Tx, id string) error {
	var owner, list string
	err := tx.QueryRowContext(ctx, `SELECT list_user_id, list_id FROM comments WHERE id = $1`, id).Scan(&owner, &list)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("find deleted comment: %w", err)
	}
	gone, err := countedAmong(ctx, tx, id)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM comments WHERE id = $1`, id); err != nil {
		return fmt.Errorf("delete comment: %w", err)
	}
	return threadChanged(ctx, tx, owner, list, -gone)
}
