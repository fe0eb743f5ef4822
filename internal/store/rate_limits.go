package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"castaway/internal/model"
)

// maxRateName bounds the readable part of a stored key.
const maxRateName = 32

// rateKey is how a limit's key (limit name ':' subject) is stored: the limit's name, kept
// readable, and a sha256 of the whole key, so every row is the same small size whatever a
// stranger sent as the subject, and no address is stored in the clear.
func rateKey(key string) string {
	name, _, _ := strings.Cut(key, ":")
	if len(name) > maxRateName {
		name = name[:maxRateName]
	}
	sum := sha256.Sum256([]byte(key))
	return name + ":" + hex.EncodeToString(sum[:])
}

// stmtHitRateLimit is limits.Admit (the GCRA step) as one statement, so concurrent hits
// on any node are each counted once: key $1 at now $2 costs interval $3 and is allowed while its TAT, from
// now if it lay in the past, plus $3 is at most $4 (now + burst); a new key starts at $5
// (now + interval). It returns the new TAT when allowed and no row when refused (the
// update's WHERE fails and the row is left as it was).
const stmtHitRateLimit = `INSERT INTO rate_limits (key, tat) VALUES ($1, $5)
	ON CONFLICT (key) DO UPDATE SET
		tat = CASE WHEN rate_limits.tat > $2 THEN rate_limits.tat ELSE $2 END + $3
	WHERE CASE WHEN rate_limits.tat > $2 THEN rate_limits.tat ELSE $2 END + $3 <= $4
	RETURNING tat`

// hitRateLimit counts h in q (the database or a transaction).
func hitRateLimit(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, h model.RateHit, now time.Time) (model.RateState, error) {
	key, at, iv := rateKey(h.Key), millis(now), h.Interval.Milliseconds()
	var tat int64
	err := q.QueryRowContext(ctx, stmtHitRateLimit, key, at, iv, at+h.Burst.Milliseconds(), at+iv).Scan(&tat)
	allowed := err == nil
	if errors.Is(err, sql.ErrNoRows) {
		// Refused: read the TAT the refusal kept, for Retry-After.
		err = q.QueryRowContext(ctx, `SELECT tat FROM rate_limits WHERE key = $1`, key).Scan(&tat)
	}
	if err != nil {
		return model.RateState{}, fmt.Errorf("hit rate limit: %w", err)
	}
	return model.RateState{Allowed: allowed, TAT: fromMillis(tat)}, nil
}

// HitRateLimit counts one event h at now (limits.Admit, in the database, shared by every node).
func (s *Store) HitRateLimit(ctx context.Context, h model.RateHit, now time.Time) (model.RateState, error) {
	return hitRateLimit(ctx, s.db, h, now)
}

// HitRateLimits counts one event on each of hits in one transaction (one commit for a
// write's per-account and per-client limits), each as HitRateLimit does. It is a mark
// (batched): a crash may forget the last moments' counts, which only lets a few more
// writes through.
func (s *Store) HitRateLimits(ctx context.Context, hits []model.RateHit, now time.Time) ([]model.RateState, error) {
	if s.lanes != nil && distinctKeys(hits) {
		return s.hitRateLimitsTogether(ctx, hits, now)
	}
	out := make([]model.RateState, len(hits))
	err := s.batched(ctx, func(ctx context.Context, tx dbtx) error {
		for i, h := range hits {
			var err error
			if out[i], err = hitRateLimit(ctx, tx, h, now); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// UnhitRateLimit takes back one allowed event h: its key's TAT moves back one interval.
// A TAT already passed has nothing left to take back.
func (s *Store) UnhitRateLimit(ctx context.Context, h model.RateHit, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE rate_limits SET tat = tat - $2 WHERE key = $1 AND tat > $3`,
		rateKey(h.Key), h.Interval.Milliseconds(), millis(now))
	if err != nil {
		return fmt.Errorf("unhit rate limit: %w", err)
	}
	return nil
}

// distinctKeys tells whether no two of hits count on the same key.
func distinctKeys(hits []model.RateHit) bool {
	for i := range hits {
		for j := range i {
			if hits[i].Key == hits[j].Key {
				return false
			}
		}
	}
	return len(hits) > 0
}

// hitRateLimitsAtOnce counts hits, of distinct keys, in one statement of q:
// stmtHitRateLimit for every hit at once (each key's interval is what a new key starts
// at, less now; its bound is given by key). A refused hit's row is left as it was, as it
// is by stmtHitRateLimit.
func hitRateLimitsAtOnce(ctx context.Context, q dbtx, hits []model.RateHit, now time.Time) ([]model.RateState, error) {
	at := millis(now)
	args := []any{at}
	var values, bounds strings.Builder
	keys := make([]string, len(hits))
	for i, h := range hits {
		keys[i] = rateKey(h.Key)
		n := len(args)
		if i > 0 {
			values.WriteString(", ")
		}
		fmt.Fprintf(&values, "($%d, CAST($%d AS BIGINT))", n+1, n+2)
		fmt.Fprintf(&bounds, " WHEN $%d THEN CAST($%d AS BIGINT)", n+1, n+3)
		args = append(args, keys[i], at+h.Interval.Milliseconds(), at+h.Burst.Milliseconds())
	}
	next := `CASE WHEN rate_limits.tat > $1 THEN rate_limits.tat ELSE $1 END + (excluded.tat - $1)`
	rows, err := q.QueryContext(ctx, `INSERT INTO rate_limits (key, tat) VALUES `+values.String()+`
		ON CONFLICT (key) DO UPDATE SET tat = `+next+`
		WHERE `+next+` <= CASE rate_limits.key`+bounds.String()+` END
		RETURNING key, tat`, args...)
	if err != nil {
		return nil, fmt.Errorf("hit rate limits: %w", err)
	}
	tats := map[string]int64{}
	for rows.Next() {
		var key string
		var tat int64
		if err := rows.Scan(&key, &tat); err != nil {
			rows.Close()
			return nil, fmt.Errorf("hit rate limits: %w", err)
		}
		tats[key] = tat
	}
	if err := rows.Close(); err != nil {
		return nil, fmt.Errorf("hit rate limits: %w", err)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("hit rate limits: %w", err)
	}
	out := make([]model.RateState, len(hits))
	for i, key := range keys {
		tat, allowed := tats[key]
		if !allowed { // refused: the TAT the refusal kept, for Retry-After
			if err := q.QueryRowContext(ctx, `SELECT tat FROM rate_limits WHERE key = $1`, key).Scan(&tat); err != nil {
				return nil, fmt.Errorf("hit rate limit: %w", err)
			}
		}
		out[i] = model.RateState{Allowed: allowed, TAT: fromMillis(tat)}
	}
	return out, nil
}
