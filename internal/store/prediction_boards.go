package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// A season's leaderboard is kept built by each process under its version (the
// prediction_boards row), which every change to what the board shows moves on in the
// same transaction: so a reader checks with one primary-key read that a kept board still
// stands, on every process alike, and a board is never one change behind.

// BoardVersion is season's leaderboard version: 0 before any change.
func (s *Store) BoardVersion(ctx context.Context, season string) (int64, error) {
	var v int64
	err := s.rdb.QueryRowContext(ctx, StmtBoardVersion, season).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read board version: %w", err)
	}
	return v, nil
}

// StmtBoardVersion reads a season's leaderboard version (plans_test checks it).
const StmtBoardVersion = `SELECT version FROM prediction_boards WHERE season = $1`

// A board's row stays locked (on PostgreSQL) until its transaction commits, so every
// transaction moves boards on last, after every other row it writes, and several in
// season order: none holds a board while it waits on another's rows, so none deadlocks
// over one, and fans' writes to a season wait on each other only for their commits.

// boardOf moves season's leaderboard on, in tx: its last statement.
func boardOf(ctx context.Context, tx *sql.Tx, season string) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO prediction_boards (season, version) VALUES ($1, 1)
		ON CONFLICT (season) DO UPDATE SET version = prediction_boards.version + 1`, season); err != nil {
		return fmt.Errorf("move board on: %w", err)
	}
	return nil
}

// boardsOf moves seasons' leaderboards on, in tx: its last statements.
func boardsOf(ctx context.Context, tx *sql.Tx, seasons []string) error {
	slices.Sort(seasons)
	for _, s := range slices.Compact(seasons) {
		if err := boardOf(ctx, tx, s); err != nil {
			return err
		}
	}
	return nil
}

// boardsOfUser moves on the leaderboards that show userID (each season they have an
// entry of): their name or standing changed, in tx, its last statement. Bounded by
// their entries.
func boardsOfUser(ctx context.Context, tx *sql.Tx, userID string) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO prediction_boards (season, version)
		SELECT season, 1 FROM predictions WHERE user_id = $1 ORDER BY season
		ON CONFLICT (season) DO UPDATE SET version = prediction_boards.version + 1`, userID); err != nil {
		return fmt.Errorf("move boards on: %w", err)
	}
	return nil
}
