package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"castaway/internal/model"
)

// ErrTooManyBlocks: the blocker already blocks model.MaxBlocks users.
var ErrTooManyBlocks = errors.New("too many blocks")

// Block makes blockerID block blockedID (no change when already blocked), ending the
// follows between them both ways.
// ErrNotFound when blockedID is no user.
func (s *Store) Block(ctx context.Context, blockerID, blockedID string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		// The blocker's row first: two blocks at once by one user count in turn.
		n, err := lockAndCount(ctx, tx, blockerID, `SELECT count(*) FROM blocks WHERE blocker_id = $1`)
		if err != nil {
			return fmt.Errorf("lock blocker: %w", err)
		}
		var res sql.Result
		res, err = tx.ExecContext(ctx, `INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (blocker_id, blocked_id) DO NOTHING`, blockerID, blockedID, millis(now))
		if isForeignKeyViolation(err) {
			return ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("block: %w", err)
		}
		if added, _ := res.RowsAffected(); added == 0 {
			return nil
		}
		if n >= model.MaxBlocks {
			return ErrTooManyBlocks
		}
		if err := s.endFollows(ctx, tx, blockerID, blockedID); err != nil {
			return err
		}
		return addFilters(ctx, tx, blockerID, 1)
	})
}

// Unblock ends blockerID's block of blockedID, if any.
func (s *Store) Unblock(ctx context.Context, blockerID, blockedID string) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2`, blockerID, blockedID)
		if err != nil {
			return fmt.Errorf("unblock: %w", err)
		}
		if gone, _ := res.RowsAffected(); gone == 0 {
			return nil
		}
		return addFilters(ctx, tx, blockerID, -1)
	})
}

// Blocks lists the users blockerID blocked, most recent first (at most model.MaxBlocks).
func (s *Store) Blocks(ctx context.Context, blockerID string) ([]model.BlockedUser, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT b.blocked_id, u.display_name, b.created_at FROM blocks b
		JOIN users u ON u.id = b.blocked_id WHERE b.blocker_id = $1 ORDER BY b.created_at DESC, b.blocked_id`, blockerID)
	return rowsOf(rows, err, "list blocks", func(rows *sql.Rows) (b model.BlockedUser, err error) {
		var at int64
		err = rows.Scan(&b.UserID, &b.DisplayName, &at)
		b.BlockedAt = fromMillis(at)
		return b, err
	})
}

// Blocked tells whether any of blockers has blocked userID.
func (s *Store) Blocked(ctx context.Context, userID string, blockers ...string) (bool, error) {
	if len(blockers) == 0 {
		return false, nil
	}
	args := []any{userID}
	for _, b := range blockers {
		args = append(args, b)
	}
	var b bool
	if err := s.rdb.QueryRowContext(ctx, StmtBlocked(len(blockers)), args...).Scan(&b); err != nil {
		return false, fmt.Errorf("check blocks: %w", err)
	}
	return b, nil
}

// StmtBlocked tells whether any of n blockers ($2…) blocked user $1.
func StmtBlocked(n int) string {
	m := make([]string, n)
	for i := range m {
		m[i] = "$" + strconv.Itoa(i+2)
	}
	return `SELECT EXISTS (SELECT 1 FROM blocks WHERE blocked_id = $1 AND blocker_id IN (` + strings.Join(m, ", ") + `))`
}

// UnseenAmong reads which of the given users, list keys and comment ids viewerID blocked
// or reported: one query whose size is that of the page being shown.
func (s *Store) UnseenAmong(ctx context.Context, viewerID string, users, listKeys, commentIDs []string) (model.Unseen, error) {
	u := model.Unseen{Users: map[string]bool{}, Lists: map[string]bool{}, Comments: map[string]bool{}}
	if len(users)+len(listKeys)+len(commentIDs) == 0 {
		return u, nil
	}
	args := []any{viewerID}
	for _, group := range [][]string{users, listKeys, commentIDs} {
		for _, v := range group {
			args = append(args, v)
		}
	}
	rows, err := s.rdb.QueryContext(ctx, StmtUnseen(len(users), len(listKeys), len(commentIDs)), args...)
	if err != nil {
		return u, fmt.Errorf("read what a reader left out: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var kind, key string
		if err := rows.Scan(&kind, &key); err != nil {
			return u, fmt.Errorf("read what a reader left out: %w", err)
		}
		switch kind {
		case "u":
			u.Users[key] = true
		case KindList:
			u.Lists[key] = true
		case KindComment:
			u.Comments[key] = true
		}
	}
	return u, rows.Err()
}

// StmtUnseen finds, for reader $1, which of users blocked users ($2…), lists reported
// (the next lists keys) and comments reported (the next comments ids) they left out;
// each group may be empty, not all of them.
func StmtUnseen(users, lists, comments int) string {
	var parts []string
	next := 2
	in := func(n int) string {
		m := make([]string, n)
		for i := range m {
			m[i] = "$" + strconv.Itoa(next)
			next++
		}
		return strings.Join(m, ", ")
	}
	if users > 0 {
		parts = append(parts, `SELECT 'u', blocked_id FROM blocks WHERE blocker_id = $1 AND blocked_id IN (`+in(users)+`)`)
	}
	for _, k := range []struct {
		kind string
		n    int
	}{{KindList, lists}, {KindComment, comments}} {
		if k.n > 0 {
			parts = append(parts, `SELECT '`+k.kind+`', target_key FROM reports WHERE reporter_id = $1 AND kind = '`+k.kind+
				`' AND target_key IN (`+in(k.n)+`)`)
		}
	}
	return strings.Join(parts, " UNION ALL ")
}
