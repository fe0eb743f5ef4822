package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"castaway/internal/model"
)

// Predictions of a season on air and weekly picks (internal/predictions): a fan's writes
// carry their lock in the statement itself, so that a write decided at or after the lock
// keeps nothing, however many arrive at once and on however many nodes.

// ErrLocked is a prediction or pick written at or after its lock: nothing was kept.
var ErrLocked = errors.New("locked")

// SavePrediction keeps order as userID's prediction of season, decided at now, if now is
// before lock; ErrLocked otherwise. A write decided earlier than the one kept (a retry
// that arrived late) changes nothing.
func (s *Store) SavePrediction(ctx context.Context, userID, season string, order []string, now, lock time.Time) error {
	body, err := json.Marshal(order)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO predictions (user_id, season, cast_order, created_at, updated_at)
			SELECT $1, $2, $3, CAST($4 AS BIGINT), CAST($4 AS BIGINT) WHERE CAST($4 AS BIGINT) < CAST($5 AS BIGINT)
			ON CONFLICT (season, user_id) DO UPDATE SET cast_order = excluded.cast_order, updated_at = excluded.updated_at
			WHERE predictions.updated_at <= excluded.updated_at`, userID, season, string(body), millis(now), millis(lock))
		if err := lockedUnless(res, err, "save prediction"); err != nil {
			return err
		}
		return boardOf(ctx, tx, season)
	})
}

// SavePick keeps castaway as userID's pick for episode of season, decided at now, if now is
// before lock (the episode's air time); ErrLocked otherwise. A fan who picks without a
// prediction gets an entry of the season (with no order) to be scored and ranked by.
func (s *Store) SavePick(ctx context.Context, userID, season string, episode int, castaway string, now, lock time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		entered, err := tx.ExecContext(ctx, `INSERT INTO predictions (user_id, season, created_at, updated_at)
			SELECT $1, $2, CAST($3 AS BIGINT), CAST($3 AS BIGINT) WHERE CAST($3 AS BIGINT) < CAST($4 AS BIGINT)
			ON CONFLICT (season, user_id) DO NOTHING`, userID, season, millis(now), millis(lock))
		if err != nil {
			return fmt.Errorf("enter season: %w", err)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO weekly_picks (user_id, season, episode, castaway, picked_at)
			SELECT $1, $2, CAST($3 AS INTEGER), $4, CAST($5 AS BIGINT) WHERE CAST($5 AS BIGINT) < CAST($6 AS BIGINT)
			ON CONFLICT (season, user_id, episode) DO UPDATE SET castaway = excluded.castaway, picked_at = excluded.picked_at
			WHERE weekly_picks.picked_at <= excluded.picked_at`, userID, season, episode, castaway, millis(now), millis(lock))
		if err := lockedUnless(res, err, "save pick"); err != nil {
			return err
		}
		// A pick alone shows on no board; a fan's first entry does.
		if n, err := entered.RowsAffected(); err != nil || n == 0 {
			return err
		}
		return boardOf(ctx, tx, season)
	})
}

// lockedUnless is ErrLocked when a locked write kept no row.
func lockedUnless(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	} else if n == 0 {
		return ErrLocked
	}
	return nil
}

const predictionColumns = `p.user_id, u.display_name, p.season, p.cast_order, p.created_at, p.updated_at,
	p.score, p.place_points, p.hits, p.picks_right, p.streak, p.best_streak, p.boots`

func scanPrediction(sc interface{ Scan(...any) error }) (model.Prediction, error) {
	var p model.Prediction
	var order string
	var created, updated int64
	err := sc.Scan(&p.UserID, &p.DisplayName, &p.Season, &order, &created, &updated,
		&p.Score, &p.PlacePoints, &p.Hits, &p.PicksRight, &p.Streak, &p.BestStreak, &p.Boots)
	if err != nil {
		return p, err
	}
	p.CreatedAt, p.UpdatedAt = fromMillis(created), fromMillis(updated)
	p.Order, err = orderOf(order)
	p.Predicted = len(p.Order) > 0
	return p, err
}

// boardColumns are a leaderboard row's: whether there is an order, not the order, whose
// decoding was a third of an unshared board's time.
const boardColumns = `p.user_id, u.display_name, p.season, p.cast_order <> '',
	p.score, p.place_points, p.hits, p.picks_right, p.streak, p.best_streak, p.boots`

func orderOf(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	var order []string
	if err := json.Unmarshal([]byte(s), &order); err != nil {
		return nil, fmt.Errorf("read prediction order: %w", err)
	}
	return order, nil
}

// Prediction is userID's entry of season and their weekly picks, by episode, as viewer
// sees it; ErrNotFound when they have none. A suspended fan's is found by no one else.
func (s *Store) Prediction(ctx context.Context, userID, season, viewer string) (*model.Prediction, []model.WeeklyPick, error) {
	p, err := scanPrediction(s.rdb.QueryRowContext(ctx, `SELECT `+predictionColumns+`
		FROM predictions p JOIN users u ON u.id = p.user_id WHERE p.season = $1 AND p.user_id = $2
		AND (u.suspended_at IS NULL OR p.user_id = $3)`, season, userID, viewer))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, ErrNotFound
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read prediction: %w", err)
	}
	rows, err := s.rdb.QueryContext(ctx, `SELECT episode, castaway, picked_at FROM weekly_picks
		WHERE season = $1 AND user_id = $2 ORDER BY episode`, season, userID)
	if err != nil {
		return nil, nil, fmt.Errorf("read picks: %w", err)
	}
	defer rows.Close()
	var picks []model.WeeklyPick
	for rows.Next() {
		var w model.WeeklyPick
		var at int64
		if err := rows.Scan(&w.Episode, &w.Castaway, &at); err != nil {
			return nil, nil, fmt.Errorf("read picks: %w", err)
		}
		w.PickedAt = fromMillis(at)
		picks = append(picks, w)
	}
	return &p, picks, rows.Err()
}

// Leaderboard is season's top limit entries by score (ties by user id), suspended fans
// left out: read in the order of predictions_board, however many fans predicted.
func (s *Store) Leaderboard(ctx context.Context, season string, limit int) ([]model.Prediction, error) {
	return s.predictions(ctx, `SELECT `+boardColumns+` FROM predictions p JOIN users u ON u.id = p.user_id
		WHERE p.season = $1 AND u.suspended_at IS NULL ORDER BY p.score DESC, p.user_id LIMIT CAST($2 AS BIGINT)`, season, limit)
}

// FollowingLeaderboard is the leaderboard of userID and the fans they follow in season:
// its cost is that of their follows, not of the season's entries.
func (s *Store) FollowingLeaderboard(ctx context.Context, userID, season string, limit int) ([]model.Prediction, error) {
	return s.predictions(ctx, `SELECT `+boardColumns+` FROM predictions p JOIN users u ON u.id = p.user_id
		WHERE p.season = $1 AND u.suspended_at IS NULL
		  AND (p.user_id = $2 OR p.user_id IN (SELECT followed_id FROM follows WHERE follower_id = $2))
		ORDER BY p.score DESC, p.user_id LIMIT CAST($3 AS BIGINT)`, season, userID, limit)
}

func (s *Store) predictions(ctx context.Context, query string, args ...any) ([]model.Prediction, error) {
	rows, err := s.rdb.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read leaderboard: %w", err)
	}
	defer rows.Close()
	var out []model.Prediction
	for rows.Next() {
		var p model.Prediction
		if err := rows.Scan(&p.UserID, &p.DisplayName, &p.Season, &p.Predicted,
			&p.Score, &p.PlacePoints, &p.Hits, &p.PicksRight, &p.Streak, &p.BestStreak, &p.Boots); err != nil {
			return nil, fmt.Errorf("read leaderboard: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// PredictionSeasons are the seasons with any entry (for castaway verify).
func (s *Store) PredictionSeasons(ctx context.Context) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT season FROM predictions ORDER BY season`)
	return stringsOf(rows, err, "read prediction seasons")
}

// placeholders is "($n, $n+1, ...), (...)" for rows of width values from $start on.
func placeholders(start, rows, width int) string {
	var b strings.Builder
	n := start
	for r := range rows {
		if r > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for c := range width {
			if c > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "$%d", n)
			n++
		}
		b.WriteByte(')')
	}
	return b.String()
}

// InsertDemoPredictions writes entries as season's predictions and picks, made at at, in
// one transaction of multi-row statements (castaway demo-data).
func (s *Store) InsertDemoPredictions(ctx context.Context, season string, entries []model.PredictionEntry, at time.Time) error {
	const chunk = 500
	return s.tx(ctx, func(tx *sql.Tx) error {
		for start := 0; start < len(entries); start += chunk {
			part := entries[start:min(start+chunk, len(entries))]
			var preds, picks []string
			var pa, ka []any
			for _, e := range part {
				body, err := json.Marshal(e.Order)
				if err != nil {
					return err
				}
				preds = append(preds, fmt.Sprintf("($%d, $%d, $%d, $%d, $%d)", len(pa)+1, len(pa)+2, len(pa)+3, len(pa)+4, len(pa)+4))
				pa = append(pa, e.UserID, season, string(body), millis(at))
				for ep, c := range e.Picks {
					picks = append(picks, fmt.Sprintf("($%d, $%d, $%d, $%d, $%d)", len(ka)+1, len(ka)+2, len(ka)+3, len(ka)+4, len(ka)+5))
					ka = append(ka, e.UserID, season, ep, c, millis(at))
				}
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO predictions (user_id, season, cast_order, created_at, updated_at) VALUES `+
				strings.Join(preds, ", ")+` ON CONFLICT (season, user_id) DO NOTHING`, pa...); err != nil {
				return fmt.Errorf("demo predictions: %w", err)
			}
			if len(picks) > 0 {
				if _, err := tx.ExecContext(ctx, `INSERT INTO weekly_picks (user_id, season, episode, castaway, picked_at) VALUES `+
					strings.Join(picks, ", ")+` ON CONFLICT (season, user_id, episode) DO NOTHING`, ka...); err != nil {
					return fmt.Errorf("demo picks: %w", err)
				}
			}
		}
		return boardOf(ctx, tx, season)
	})
}
