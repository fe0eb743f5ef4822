package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"castaway/internal/model"
)

// StmtOrigin reads the name, visibility and author of list ($1, $2).
const StmtOrigin = `SELECT o.name, o.is_public, u.display_name FROM lists o JOIN users u ON u.id = o.user_id
	WHERE o.user_id = $1 AND o.id = $2`

// origin reads the list ref points to, or nil when it no longer exists.
func (s *Store) origin(ctx context.Context, ref model.ListRef) (*model.Origin, error) {
	o := model.Origin{ListRef: ref}
	err := s.rdb.QueryRowContext(ctx, StmtOrigin, ref.UserID, ref.ListID).Scan(&o.Name, &o.IsPublic, &o.UserName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read remixed list: %w", err)
	}
	return &o, nil
}

// recountRemixes is the public remixes of each remixed list, keyed (k1, k2).
const recountRemixes = `SELECT r.remix_of_user_id AS k1, r.remix_of_list_id AS k2, count(*) AS n FROM lists r
	WHERE r.is_public = TRUE AND r.remix_of_list_id <> '' GROUP BY r.remix_of_user_id, r.remix_of_list_id`

// adjustRemixCount adds delta to the remix count of the list that list ($1, $2) remixes,
// when that list is public as it stands in tx: -1 before a change, +1 after it.
func adjustRemixCount(ctx context.Context, tx *sql.Tx, userID, listID string, delta int) error {
	var ref model.ListRef
	err := tx.QueryRowContext(ctx, `SELECT remix_of_user_id, remix_of_list_id FROM lists
		WHERE user_id = $1 AND id = $2 AND is_public = TRUE`, userID, listID).Scan(&ref.UserID, &ref.ListID)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && ref.ListID == "") {
		return nil
	}
	if err != nil {
		return fmt.Errorf("find remixed list: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE lists SET remix_count = remix_count + $3 WHERE user_id = $1 AND id = $2`,
		ref.UserID, ref.ListID, delta); err != nil {
		return fmt.Errorf("count remixes: %w", err)
	}
	return nil
}

// StmtRemixes reads up to $6 public remixes of list ($1, $2), newest first, after the
// remix with key ($3 created_at, $4 owner, $5 id).
const StmtRemixes = `SELECT ` + listColumns + ` FROM lists l JOIN users u ON u.id = l.user_id
	WHERE l.remix_of_user_id = $1 AND l.remix_of_list_id = $2 AND l.is_public = TRUE AND l.remix_of_list_id <> ''
	  AND (l.created_at < $3 OR (l.created_at = $3 AND (l.user_id < $4 OR (l.user_id = $4 AND l.id < $5))))
	ORDER BY l.created_at DESC, l.user_id DESC, l.id DESC LIMIT CAST($6 AS BIGINT)`

// Remixes returns up to limit public remixes of list of, newest first, after cursor
// ("" for the newest), and the cursor of the next page ("" when there is none).
// ErrBadCursor for a cursor it did not make.
func (s *Store) Remixes(ctx context.Context, of model.ListRef, cursor string, limit int) ([]model.ListSummary, string, error) {
	at, k, err := timeCursor(cursor, 2)
	if err != nil {
		return nil, "", err
	}
	return s.newestPage(ctx, "list remixes", limit, StmtRemixes, of.UserID, of.ListID, at, k[0], k[1])
}

// newestPage reads up to limit summaries by query, newest first by (created_at, user_id,
// id), its last parameter the limit plus one, and the cursor of the next page ("" when
// there is none); what names the read in its errors.
func (s *Store) newestPage(ctx context.Context, what string, limit int, query string, args ...any) ([]model.ListSummary, string, error) {
	out, err := s.summaries(ctx, query, append(args, limit+1)...)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", what, err)
	}
	out, next := cutPage(out, limit, func(last *model.ListSummary) string { return nextTimeCursor(last.CreatedAt, last.UserID, last.ID) })
	return out, next, nil
}
