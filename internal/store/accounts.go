package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// DeletedCommentText stands in for a deleted account's comment that others replied to.
const DeletedCommentText = "[deleted]"

// StmtUncountCommentVotes takes user $1's comment votes off the comments they voted on.
const StmtUncountCommentVotes = `UPDATE comments SET
	upvotes = upvotes - (SELECT count(*) FROM comment_votes v WHERE v.comment_id = comments.id AND v.user_id = $1 AND v.value = 1),
	downvotes = downvotes - (SELECT count(*) FROM comment_votes v WHERE v.comment_id = comments.id AND v.user_id = $1 AND v.value = -1)
	WHERE id IN (SELECT comment_id FROM comment_votes WHERE user_id = $1)`

// StmtDeleteActorNotes deletes the notifications user $1 acted in (notifications_actor).
const StmtDeleteActorNotes = `DELETE FROM notifications WHERE actor_id = $1`

// StmtThreadsVotedInChanged moves on the threads of the comments user $1 voted on
// (threadChanged), as their votes go.
var StmtThreadsVotedInChanged = threadsWhereChanged(`c.id IN (SELECT comment_id FROM comment_votes WHERE user_id = $1)`)

// DeleteAccount removes userID and everything they own in one transaction, keeping
// every count and aggregate right: their lists (with the comments on them), upvotes,
// comment votes, ballots, favorites, follows (and the follow counts of the accounts at
// their other ends), drafts, sessions, identities, blocks and reports.
// Their comments that others replied to stay, as DeletedCommentText without an author,
// so threads are not broken; their other comments go, and so does every notification
// naming them (StmtDeleteActorNotes). ErrNotFound when there is no such user.
func (s *Store) DeleteAccount(ctx context.Context, userID string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		var suspended bool
		err := tx.QueryRowContext(ctx, `UPDATE users SET filter_count = filter_count WHERE id = $1 RETURNING suspended_at IS NOT NULL`,
			userID).Scan(&suspended)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("lock user: %w", err)
		}
		// Its follows leave the others' counts (a suspension took them out already);
		// the rows go with the user's.
		if !suspended {
			if err := countFollowsOf(ctx, tx, userID, -1); err != nil {
				return err
			}
		}
		lists, err := pairs(ctx, tx, `SELECT user_id, id FROM lists WHERE user_id = $1`, userID)
		if err != nil {
			return err
		}
		for _, l := range lists {
			if err := deleteList(ctx, tx, l[0], l[1]); err != nil {
				return err
			}
		}
		upvoted, err := pairs(ctx, tx, `SELECT list_user_id, list_id FROM list_upvotes WHERE user_id = $1`, userID)
		if err != nil {
			return err
		}
		for _, l := range upvoted {
			var left int
			if _, err := removeUpvote(ctx, tx, l[0], l[1], userID, false, &left); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, StmtThreadsVotedInChanged, userID); err != nil {
			return fmt.Errorf("renew voted threads: %w", err)
		}
		if _, err := tx.ExecContext(ctx, StmtUncountCommentVotes, userID); err != nil {
			return fmt.Errorf("uncount comment votes: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM comment_votes WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("delete comment votes: %w", err)
		}
		if err := withdrawBallots(ctx, tx, userID); err != nil {
			return err
		}
		// Every note naming the user, or quoting their words, leaves the others' inboxes
		// (their comments others replied to stay in threads only as DeletedCommentText).
		if _, err := tx.ExecContext(ctx, StmtDeleteActorNotes, userID); err != nil {
			return fmt.Errorf("delete notifications of the account: %w", err)
		}
		if err := deleteAuthored(ctx, tx, userID); err != nil {
			return err
		}
		// The user's reports stop counting on what they reported.
		reported, err := pairs(ctx, tx, `SELECT kind, target_key FROM reports WHERE reporter_id = $1`, userID)
		if err != nil {
			return err
		}
		for _, r := range reported {
			if err := unreport(ctx, tx, userID, r[0], r[1]); err != nil {
				return err
			}
		}
		// Their entries leave the leaderboards, which move on last (boardOf).
		rows, err := tx.QueryContext(ctx, `DELETE FROM predictions WHERE user_id = $1 RETURNING season`, userID)
		boards, err := stringsOf(rows, err, "delete predictions")
		if err != nil {
			return err
		}
		// Sessions, identities, resets, drafts, favorites, blocks, picks and the inbox go with the row.
		if _, err := tx.ExecContext(ctx, `DELETE FROM users WHERE id = $1`, userID); err != nil {
			return fmt.Errorf("delete user: %w", err)
		}
		return boardsOf(ctx, tx, boards)
	})
}

// deleteAuthored deletes userID's comments, but keeps, as DeletedCommentText without an
// author, those others replied to.
func deleteAuthored(ctx context.Context, tx *sql.Tx, userID string) error {
	if _, err := tx.ExecContext(ctx, StmtThreadsOfAuthorChanged, userID); err != nil {
		return fmt.Errorf("renew threads: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE comments SET text = $2, user_id = NULL WHERE user_id = $1
		AND EXISTS (SELECT 1 FROM comments r WHERE r.parent_id = comments.id AND (r.user_id IS NULL OR r.user_id <> $1))`,
		userID, DeletedCommentText); err != nil {
		return fmt.Errorf("keep replied comments: %w", err)
	}
	// Replies first, so deleting a top-level comment never meets one already gone.
	authored, err := pairs(ctx, tx, `SELECT id, '' FROM comments WHERE user_id = $1 ORDER BY parent_id IS NULL`, userID)
	if err != nil {
		return err
	}
	for _, c := range authored {
		if err := deleteComment(ctx, tx, c[0]); err != nil {
			return err
		}
	}
	return nil
}

// unreport takes reporterID's report off its target's counts; the report row itself goes
// with the reporter.
func unreport(ctx context.Context, tx *sql.Tx, reporterID, kind, key string) error {
	var reason string
	if err := tx.QueryRowContext(ctx, `SELECT reason FROM reports WHERE reporter_id = $1 AND kind = $2 AND target_key = $3`,
		reporterID, kind, key).Scan(&reason); err != nil {
		return fmt.Errorf("read report: %w", err)
	}
	col, ok := reasonColumns[reason]
	if !ok {
		return fmt.Errorf("unknown report reason %q", reason)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE report_targets SET report_count = report_count - 1, `+col+` = `+col+` - 1
		WHERE kind = $1 AND target_key = $2`, kind, key); err != nil {
		return fmt.Errorf("uncount report: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM report_targets WHERE kind = $1 AND target_key = $2 AND report_count <= 0`, kind, key); err != nil {
		return fmt.Errorf("drop unreported target: %w", err)
	}
	return nil
}

// pairs reads the two text columns of every row of query.
func pairs(ctx context.Context, tx *sql.Tx, query string, args ...any) ([][2]string, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read rows to delete: %w", err)
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var p [2]string
		if err := rows.Scan(&p[0], &p[1]); err != nil {
			return nil, fmt.Errorf("read rows to delete: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
