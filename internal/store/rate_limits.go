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
)

// maxRateName bounds the readable part of a stored counter key.
const maxRateName = 32

// rateKey is how a counter's key (limit name ':' subject) is stored: the limit's name, kept
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

// RateWindow is the state of one fixed-window counter.
type RateWindow struct {
	Count int
	Start time.Time // when the current window opened
}

// stmtHitRateLimit counts one event for key $1 at $2, opening a new window when the
// stored one began at or before $3, and returns the count and the window's start.
const stmtHitRateLimit = `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
	ON CONFLICT (key) DO UPDATE SET
		count = CASE WHEN rate_limits.window_start <= $3 THEN 1 ELSE rate_limits.count + 1 END,
		window_start = CASE WHEN rate_limits.window_start <= $3 THEN $2 ELSE rate_limits.window_start END
	RETURNING count, window_start`

// HitRateLimit counts one event for key in fixed windows of the given length,
// opening a new window when the stored one has ended, and returns the result.
// It is one statement, so concurrent hits on any node are all counted.
func (s *Store) HitRateLimit(ctx context.Context, key string, window time.Duration, now time.Time) (RateWindow, error) {
	var w RateWindow
	var start int64
	err := s.db.QueryRowContext(ctx, stmtHitRateLimit, rateKey(key), millis(now), millis(now.Add(-window))).Scan(&w.Count, &start)
	if err != nil {
		return w, fmt.Errorf("hit rate limit: %w", err)
	}
	w.Start = fromMillis(start)
	return w, nil
}

// RateLimit reads key's counter without counting; a finished window reads as empty.
func (s *Store) RateLimit(ctx context.Context, key string, window time.Duration, now time.Time) (RateWindow, error) {
	var w RateWindow
	var start int64
	err := s.rdb.QueryRowContext(ctx, `SELECT count, window_start FROM rate_limits WHERE key = $1 AND window_start > $2`,
		rateKey(key), millis(now.Add(-window))).Scan(&w.Count, &start)
	if errors.Is(err, sql.ErrNoRows) {
		return RateWindow{}, nil
	}
	if err != nil {
		return w, fmt.Errorf("read rate limit: %w", err)
	}
	w.Start = fromMillis(start)
	return w, nil
}

// UnhitRateLimit takes back one counted event for key while its window is still open.
func (s *Store) UnhitRateLimit(ctx context.Context, key string, window time.Duration, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE rate_limits SET count = count - 1
		WHERE key = $1 AND window_start > $2 AND count > 0`, rateKey(key), millis(now.Add(-window)))
	if err != nil {
		return fmt.Errorf("unhit rate limit: %w", err)
	}
	return nil
}

// RateHit is one event to count: a key and its window.
type RateHit struct {
	Key    string
	Window time.Duration
}

// HitRateLimits counts one event on each of hits in one transaction (one commit for a
// write's per-account and per-client counters), each as HitRateLimit does.
func (s *Store) HitRateLimits(ctx context.Context, hits []RateHit, now time.Time) ([]RateWindow, error) {
	out := make([]RateWindow, len(hits))
	err := s.tx(ctx, func(tx *sql.Tx) error {
		for i, h := range hits {
			var start int64
			if err := tx.QueryRowContext(ctx, stmtHitRateLimit, rateKey(h.Key), millis(now), millis(now.Add(-h.Window))).Scan(&out[i].Count, &start); err != nil {
				return fmt.Errorf("hit rate limit: %w", err)
			}
			out[i].Start = fromMillis(start)
		}
		return nil
	})
	return out, err
}
