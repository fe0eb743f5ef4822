package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// OutMail is a message to queue: rendered, addressed, not yet delivered.
type OutMail struct {
	ID        string
	Kind      string // which template made it: for logs and metrics, never the body
	To        string
	Subject   string
	Text      string
	HTML      string
	CreatedAt time.Time
}

// QueuedMail is a leased row of the queue.
type QueuedMail struct {
	OutMail
	Attempts int // including the one the lease is for
}

// enqueueMail adds m to the queue inside the caller's transaction: the mail exists
// exactly when the change that sends it does.
func enqueueMail(ctx context.Context, db execer, m OutMail) error {
	_, err := db.ExecContext(ctx, `INSERT INTO mail_queue (id, kind, recipient, subject, text_body, html_body, created_at, next_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`, m.ID, m.Kind, m.To, m.Subject, m.Text, m.HTML, millis(m.CreatedAt))
	if err != nil {
		return fmt.Errorf("queue mail: %w", err)
	}
	return nil
}

// ClaimMail leases up to limit due rows to owner until now+lease and counts an attempt on
// each, in one statement: a row leased to one worker is invisible to every other until
// the lease ends (a worker that died mid-send gives its rows back that way). On
// PostgreSQL, FOR UPDATE SKIP LOCKED lets workers on several nodes claim side by side
// without waiting on each other's rows; the UPDATE's WHERE re-checks each row once locked.
func (s *Store) ClaimMail(ctx context.Context, owner string, now time.Time, lease time.Duration, limit int) ([]QueuedMail, error) {
	lock := ""
	if s.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	const free = `given_up_at IS NULL AND next_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)`
	// The due rows are picked once (a materialised CTE): a subquery in the WHERE may be run
	// again for each row, each time finding the next free one, and lease them all.
	rows, err := s.db.QueryContext(ctx, `WITH due AS MATERIALIZED (SELECT id FROM mail_queue WHERE `+free+`
		ORDER BY next_at, created_at LIMIT CAST($4 AS BIGINT)`+lock+`)
		UPDATE mail_queue SET lease_owner = $1, lease_until = $2, attempts = attempts + 1
		WHERE `+free+` AND id IN (SELECT id FROM due)
		RETURNING id, kind, recipient, subject, text_body, html_body, created_at, attempts`,
		owner, millis(now.Add(lease)), millis(now), limit)
	return rowsOf(rows, err, "claim mail", func(rows *sql.Rows) (m QueuedMail, err error) {
		var created int64
		err = rows.Scan(&m.ID, &m.Kind, &m.To, &m.Subject, &m.Text, &m.HTML, &created, &m.Attempts)
		m.CreatedAt = fromMillis(created)
		return m, err
	})
}

// MailSent removes a delivered row, with its body, if owner still holds it.
func (s *Store) MailSent(ctx context.Context, id, owner string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM mail_queue WHERE id = $1 AND lease_owner = $2`, id, owner); err != nil {
		return fmt.Errorf("mail sent: %w", err)
	}
	return nil
}

// MailFailed releases a row owner failed to deliver, to be tried again at next; or, with
// giveUp, stops trying it and drops its body (which may hold a link), keeping the error.
func (s *Store) MailFailed(ctx context.Context, id, owner, reason string, next time.Time, giveUp bool, now time.Time) error {
	q := `UPDATE mail_queue SET lease_owner = NULL, lease_until = NULL, last_error = $3, next_at = $4 WHERE id = $1 AND lease_owner = $2`
	args := []any{id, owner, reason, millis(next)}
	if giveUp {
		q = `UPDATE mail_queue SET lease_owner = NULL, lease_until = NULL, last_error = $3, given_up_at = $4, text_body = '', html_body = ''
			WHERE id = $1 AND lease_owner = $2`
		args = []any{id, owner, reason, millis(now)}
	}
	if _, err := s.db.ExecContext(ctx, q, args...); err != nil {
		return fmt.Errorf("mail failed: %w", err)
	}
	return nil
}

// MailRow is what an operator (or a test) sees of a queued row: never its body.
type MailRow struct {
	ID, Kind, To string
	Attempts     int
	NextAt       time.Time
	LastError    string
	GivenUp      bool
}

// MailQueue lists the queue's rows, oldest first.
func (s *Store) MailQueue(ctx context.Context) ([]MailRow, error) {
	rows, err := s.rdb.QueryContext(ctx, `SELECT id, kind, recipient, attempts, next_at, COALESCE(last_error, ''), given_up_at IS NOT NULL
		FROM mail_queue ORDER BY created_at, id`)
	return rowsOf(rows, err, "read mail queue", func(rows *sql.Rows) (r MailRow, err error) {
		var next int64
		err = rows.Scan(&r.ID, &r.Kind, &r.To, &r.Attempts, &next, &r.LastError, &r.GivenUp)
		r.NextAt = fromMillis(next)
		return r, err
	})
}

// QueueMail adds m to the queue on its own.
func (s *Store) QueueMail(ctx context.Context, m OutMail) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return enqueueMail(ctx, tx, m) })
}
