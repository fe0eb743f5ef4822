package store

import (
	"context"
	"fmt"
	"time"
)

// rateLimitRetention outlives the longest rate-limit window, so no live counter is dropped.
const rateLimitRetention = 24 * time.Hour

// givenUpMailRetention keeps a mail the queue gave up on (its error, not its body) for an
// operator to look into.
const givenUpMailRetention = 30 * 24 * time.Hour

// PurgeExpired deletes sessions, reset links and OAuth round trips past their expiry,
// and rate-limit counters long finished: the rows nothing will read again.
func (s *Store) PurgeExpired(ctx context.Context, now time.Time) error {
	for _, q := range []struct {
		sql string
		arg int64
	}{
		{`DELETE FROM sessions WHERE expires_at <= $1`, millis(now)},
		{`DELETE FROM password_resets WHERE expires_at <= $1`, millis(now)},
		{`DELETE FROM email_verifications WHERE expires_at <= $1`, millis(now)},
		{`DELETE FROM mail_queue WHERE given_up_at <= $1`, millis(now.Add(-givenUpMailRetention))},
		{`DELETE FROM oauth_states WHERE expires_at <= $1`, millis(now)},
		{`DELETE FROM rate_limits WHERE window_start <= $1`, millis(now.Add(-rateLimitRetention))},
	} {
		if _, err := s.db.ExecContext(ctx, q.sql, q.arg); err != nil {
			return fmt.Errorf("purge expired: %w", err)
		}
	}
	return nil
}
