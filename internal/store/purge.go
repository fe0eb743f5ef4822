package store

import (
	"context"
	"fmt"
	"time"
)

// rateLimitSkew is how far another node's clock may run behind this one's: a rate-limit
// row is dropped only once its TAT is that long past, when it reads as never seen anywhere.
const rateLimitSkew = time.Minute

// givenUpMailRetention keeps a mail the queue gave up on (its error, not its body) for an
// operator to look into.
const givenUpMailRetention = 30 * 24 * time.Hour

// PurgeExpired deletes sessions, reset links and OAuth round trips past their expiry,
// and rate limits whose TAT has passed (it allows the same as no row): the rows nothing
// will read again. Feed rows, which grow with every follower, are pruned in bounded
// batches by the fan-out worker instead (PruneFeed).
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
		{`DELETE FROM rate_limits WHERE tat <= $1`, millis(now.Add(-rateLimitSkew))},
	} {
		if _, err := s.db.ExecContext(ctx, q.sql, q.arg); err != nil {
			return fmt.Errorf("purge expired: %w", err)
		}
	}
	return nil
}
