package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"castaway/internal/model"
)

// Scores of a season's predictions are kept in step with its boots off the moderator's
// request: recording or undoing a boot queues one scoring_jobs row for the season
// (QueueScoring) carrying the outcome to score against, and a worker (internal/predictions
// Scorer) leases it (ClaimScoring) and rescores every entry a bounded batch at a time
// (ScoreBatch), each batch a transaction of its own, as the follow fan-out does.

// Scorer is how a batch scores one entry against an outcome (internal/predictions Score).
type Scorer func(model.Outcome, model.PredictionEntry) model.PredictionScore

// QueueScoring queues the rescoring of season against outcome, for changes made by by
// (told nothing); note is the notification's text for the fans scored. Queued again while
// pending with another outcome, the job starts over with it.
func (s *Store) QueueScoring(ctx context.Context, season string, outcome model.Outcome, by, note string, now time.Time) error {
	body, err := json.Marshal(outcome)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO scoring_jobs (season, outcome, version, queued_by, note, created_at)
		VALUES ($1, $2, 1, $3, $4, $5)
		ON CONFLICT (season) DO UPDATE SET outcome = excluded.outcome, version = scoring_jobs.version + 1,
			queued_by = excluded.queued_by, note = excluded.note, after_user = ''
		WHERE scoring_jobs.outcome <> excluded.outcome`, season, string(body), by, note, millis(now)); err != nil {
		return fmt.Errorf("queue scoring: %w", err)
	}
	return nil
}

// ClaimScoring leases the oldest scoring job no live lease holds to owner until
// now+lease, or answers false when there is none (as ClaimFanOut).
func (s *Store) ClaimScoring(ctx context.Context, owner string, now time.Time, lease time.Duration) (string, bool, error) {
	lock := ""
	if s.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	const free = `(lease_until IS NULL OR lease_until <= $3)`
	var season string
	err := s.db.QueryRowContext(ctx, `WITH due AS MATERIALIZED (SELECT season FROM scoring_jobs WHERE `+free+`
		ORDER BY created_at LIMIT 1`+lock+`)
		UPDATE scoring_jobs SET lease_owner = $1, lease_until = $2
		WHERE `+free+` AND season IN (SELECT season FROM due) RETURNING season`,
		owner, millis(now.Add(lease)), millis(now)).Scan(&season)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("claim scoring: %w", err)
	}
	return season, true, nil
}

// ScoreBatch scores the next limit entries of season's job (by user id after the last
// done) with score, in one transaction, renewing owner's lease until now+lease, and
// notifies the fans scored that the last episode's scores are in (never the one who made
// the change; once an episode a fan). It answers who was notified and whether the job is
// over: done, or no longer owner's. A job queued again meanwhile starts over.
func (s *Store) ScoreBatch(ctx context.Context, season, owner string, limit int, now time.Time, lease time.Duration, score Scorer) (notified []string, done bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		notified, done = nil, true
		var job model.ScoringJob
		var body, after string
		var queued int64
		err := tx.QueryRowContext(ctx, `UPDATE scoring_jobs SET lease_until = $3 WHERE season = $1 AND lease_owner = $2
			RETURNING outcome, version, queued_by, note, created_at, after_user`, season, owner, millis(now.Add(lease))).
			Scan(&body, &job.Version, &job.By, &job.Note, &queued, &after)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("renew scoring: %w", err)
		}
		if err := json.Unmarshal([]byte(body), &job.Outcome); err != nil {
			return fmt.Errorf("read scoring outcome: %w", err)
		}
		entries, err := entriesAfter(ctx, tx, season, after, limit)
		if err != nil {
			return err
		}
		if len(entries) > 0 {
			last := entries[len(entries)-1].UserID
			if err := writeScores(ctx, tx, s.dialect == SQLite, season, job.Outcome, entries, score); err != nil {
				return err
			}
			if notified, err = notifyScored(ctx, tx, season, job, after, last, now); err != nil {
				return err
			}
			if len(entries) == limit {
				done = false
				if _, err := tx.ExecContext(ctx, `UPDATE scoring_jobs SET after_user = $2 WHERE season = $1`, season, last); err != nil {
					return err
				}
				return boardOf(ctx, tx, season)
			}
		}
		if _, err = tx.ExecContext(ctx, `DELETE FROM scoring_jobs WHERE season = $1 AND version = $2`, season, job.Version); err != nil || len(entries) == 0 {
			return err
		}
		return boardOf(ctx, tx, season)
	})
	if err != nil {
		return nil, false, fmt.Errorf("score predictions: %w", err)
	}
	return notified, done, nil
}

// entriesAfter reads the next limit entries of season after user id after, with their picks.
func entriesAfter(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, season, after string, limit int) ([]model.PredictionEntry, error) {
	rows, err := q.QueryContext(ctx, `SELECT user_id, cast_order FROM predictions WHERE season = $1 AND user_id > $2
		ORDER BY user_id LIMIT CAST($3 AS BIGINT)`, season, after, limit)
	if err != nil {
		return nil, fmt.Errorf("read predictions: %w", err)
	}
	var entries []model.PredictionEntry
	byUser := map[string]int{}
	for rows.Next() {
		var e model.PredictionEntry
		var order string
		if err := rows.Scan(&e.UserID, &order); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read predictions: %w", err)
		}
		if e.Order, err = orderOf(order); err != nil {
			rows.Close()
			return nil, err
		}
		byUser[e.UserID] = len(entries)
		entries = append(entries, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(entries) == 0 {
		return entries, err
	}
	rows, err = q.QueryContext(ctx, `SELECT user_id, episode, castaway FROM weekly_picks
		WHERE season = $1 AND user_id > $2 AND user_id <= $3`, season, after, entries[len(entries)-1].UserID)
	if err != nil {
		return nil, fmt.Errorf("read picks: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var user, castaway string
		var episode int
		if err := rows.Scan(&user, &episode, &castaway); err != nil {
			return nil, fmt.Errorf("read picks: %w", err)
		}
		i, ok := byUser[user]
		if !ok {
			continue
		}
		if entries[i].Picks == nil {
			entries[i].Picks = map[int]string{}
		}
		entries[i].Picks[episode] = castaway
	}
	return entries, rows.Err()
}

// scoreColumns are the score columns a batch writes, in PredictionScore's order.
var scoreColumns = []string{"score", "place_points", "hits", "picks_right", "streak", "best_streak", "boots"}

// scoreValues are v's columns as text: a VALUES list's parameters are text on
// PostgreSQL, cast back to integers as they are written.
func scoreValues(v model.PredictionScore) []any {
	out := make([]any, 0, len(scoreColumns))
	for _, n := range []int{v.Score, v.PlacePoints, v.Hits, v.PicksRight, v.Streak, v.BestStreak, v.Boots} {
		out = append(out, strconv.Itoa(n))
	}
	return out
}

// writeRows bounds the entries one UPDATE writes (8 values each, under both engines'
// limits on an statement's parameters).
const writeRows = 1000

// writeScores writes each entry's score in a few statements (one per writeRows entries).
func writeScores(ctx context.Context, tx *sql.Tx, sqlite bool, season string, outcome model.Outcome, entries []model.PredictionEntry, score Scorer) error {
	width := len(scoreColumns) + 1
	set := ""
	for i, c := range scoreColumns {
		if i > 0 {
			set += ", "
		}
		set += c + " = CAST(v.c" + strconv.Itoa(i+1) + " AS INTEGER)"
	}
	cols := "u"
	for i := range scoreColumns {
		cols += ", c" + strconv.Itoa(i+1)
	}
	if sqlite {
		return writeScoresEach(ctx, tx, season, outcome, entries, score)
	}
	for start := 0; start < len(entries); start += writeRows {
		part := entries[start:min(start+writeRows, len(entries))]
		args := make([]any, 0, 1+len(part)*width)
		args = append(args, season)
		for _, e := range part {
			args = append(args, e.UserID)
			args = append(args, scoreValues(score(outcome, e))...)
		}
		if _, err := tx.ExecContext(ctx, `WITH v (`+cols+`) AS (VALUES `+placeholders(2, len(part), width)+`)
			UPDATE predictions SET `+set+` FROM v WHERE predictions.season = $1 AND predictions.user_id = v.u`, args...); err != nil {
			return fmt.Errorf("write scores: %w", err)
		}
	}
	return nil
}

// writeScoresEach writes each entry's score with one prepared statement a row: SQLite
// looks each row up by its key, where it would join a VALUES list by scanning the season.
func writeScoresEach(ctx context.Context, tx *sql.Tx, season string, outcome model.Outcome, entries []model.PredictionEntry, score Scorer) error {
	set := ""
	for i, c := range scoreColumns {
		if i > 0 {
			set += ", "
		}
		set += c + " = $" + strconv.Itoa(i+3)
	}
	stmt, err := tx.PrepareContext(ctx, `UPDATE predictions SET `+set+` WHERE season = $1 AND user_id = $2`)
	if err != nil {
		return fmt.Errorf("write scores: %w", err)
	}
	defer stmt.Close()
	for _, e := range entries {
		v := score(outcome, e)
		if _, err := stmt.ExecContext(ctx, season, e.UserID, v.Score, v.PlacePoints, v.Hits, v.PicksRight, v.Streak, v.BestStreak, v.Boots); err != nil {
			return fmt.Errorf("write scores: %w", err)
		}
	}
	return nil
}

// notifyScored tells the fans of season with a user id in (after, last] that the last
// episode of the job's outcome is scored: those with a prediction or a pick, but not the
// job's maker nor a fan behind on the season (watch progress before that episode: the
// note would tell them a boot is in), once an episode each (the dedupe key names it).
func notifyScored(ctx context.Context, tx *sql.Tx, season string, job model.ScoringJob, after, last string, now time.Time) ([]string, error) {
	boots := job.Outcome.Boots
	if len(boots) == 0 || job.Note == "" {
		return nil, nil
	}
	episode := strconv.Itoa(boots[len(boots)-1].Episode)
	key := model.NotePredictionScored + ":" + season + ":" + episode + ":"
	rows, err := tx.QueryContext(ctx, `INSERT INTO notifications
		(id, user_id, type, actor_id, created_by_name, content, is_new, list_user_id, list_id, comment_id, dedupe_key, created_at)
		SELECT 'ps-' || p.season || '-' || $5 || '-' || p.user_id, p.user_id, '`+model.NotePredictionScored+`', '', '', $4, TRUE,
			'', p.season, '', $6 || p.user_id, CAST($7 AS BIGINT)
		FROM predictions p WHERE p.season = $1 AND p.user_id > $2 AND p.user_id <= $3 AND p.user_id <> $8
			AND NOT EXISTS (SELECT 1 FROM watch_progress w WHERE w.user_id = p.user_id AND w.season_id = p.season
				AND w.up_to < CAST($9 AS INTEGER))
		ON CONFLICT (dedupe_key) DO NOTHING RETURNING user_id`,
		season, after, last, job.Note, episode, key, millis(now), job.By, boots[len(boots)-1].Episode)
	return stringsOf(rows, err, "notify scores")
}

// ReleaseScoring gives back at once every scoring job owner leases (a worker stopping early).
func (s *Store) ReleaseScoring(ctx context.Context, owner string) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE scoring_jobs SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`, owner); err != nil {
		return fmt.Errorf("release scoring: %w", err)
	}
	return nil
}

// ScoringPending counts the seasons waiting to be scored (a handful: one row a season).
func (s *Store) ScoringPending(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM scoring_jobs`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count scoring jobs: %w", err)
	}
	return n, nil
}

// ScoresAfter reads the next limit entries of season after user id after with their kept
// scores (castaway verify recounts them).
func (s *Store) ScoresAfter(ctx context.Context, season, after string, limit int) ([]model.PredictionEntry, []model.PredictionScore, error) {
	entries, err := entriesAfter(ctx, s.db, season, after, limit)
	if err != nil || len(entries) == 0 {
		return nil, nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+joinColumns(scoreColumns)+` FROM predictions WHERE season = $1 AND user_id > $2
		ORDER BY user_id LIMIT CAST($3 AS BIGINT)`, season, after, len(entries))
	if err != nil {
		return nil, nil, fmt.Errorf("read scores: %w", err)
	}
	defer rows.Close()
	var scores []model.PredictionScore
	for rows.Next() {
		var v model.PredictionScore
		if err := rows.Scan(&v.Score, &v.PlacePoints, &v.Hits, &v.PicksRight, &v.Streak, &v.BestStreak, &v.Boots); err != nil {
			return nil, nil, fmt.Errorf("read scores: %w", err)
		}
		scores = append(scores, v)
	}
	if len(scores) != len(entries) {
		return nil, nil, fmt.Errorf("read scores: %d of %d (changed while read)", len(scores), len(entries))
	}
	return entries, scores, rows.Err()
}

func joinColumns(cols []string) string {
	out := ""
	for i, c := range cols {
		if i > 0 {
			out += ", "
		}
		out += c
	}
	return out
}
