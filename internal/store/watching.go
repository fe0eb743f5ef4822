package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// WatchProgress is how far userID has watched each season they set: season id → the last
// episode seen (0: not started). A season it lacks is finished or was never set.
func (s *Store) WatchProgress(ctx context.Context, userID string) (map[string]int, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT season_id, up_to FROM watch_progress WHERE user_id = $1`, userID)
	type pair struct {
		season string
		upTo   int
	}
	pairs, err := rowsOf(rows, err, "watch progress", func(rows *sql.Rows) (p pair, err error) {
		err = rows.Scan(&p.season, &p.upTo)
		return p, err
	})
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(pairs))
	for _, p := range pairs {
		out[p.season] = p.upTo
	}
	return out, nil
}

// SetWatchProgress keeps how far userID has watched seasonID; upTo nil forgets it (the
// season is finished). Whether anything changed.
func (s *Store) SetWatchProgress(ctx context.Context, userID, seasonID string, upTo *int, now time.Time) (bool, error) {
	var res sql.Result
	var err error
	if upTo == nil {
		res, err = s.db.ExecContext(ctx, `DELETE FROM watch_progress WHERE user_id = $1 AND season_id = $2`, userID, seasonID)
	} else {
		res, err = s.db.ExecContext(ctx, `INSERT INTO watch_progress (user_id, season_id, up_to, updated_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (user_id, season_id) DO UPDATE SET up_to = excluded.up_to, updated_at = excluded.updated_at
			WHERE watch_progress.up_to <> excluded.up_to`, userID, seasonID, *upTo, millis(now))
	}
	if isForeignKeyViolation(err) {
		return false, ErrNotFound
	}
	if err != nil {
		return false, fmt.Errorf("set watch progress: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// ReplaceWatchProgress puts progress in place of everything userID had set, in one
// transaction ("I've seen everything" is an empty progress; its undo puts the old back).
func (s *Store) ReplaceWatchProgress(ctx context.Context, userID string, progress map[string]int, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM watch_progress WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("clear watch progress: %w", err)
		}
		for season, upTo := range progress {
			_, err := tx.ExecContext(ctx, `INSERT INTO watch_progress (user_id, season_id, up_to, updated_at) VALUES ($1, $2, $3, $4)`,
				userID, season, upTo, millis(now))
			if isForeignKeyViolation(err) {
				return ErrNotFound
			}
			if err != nil {
				return fmt.Errorf("keep watch progress: %w", err)
			}
		}
		return nil
	})
}
