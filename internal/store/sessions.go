package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"castaway/internal/model"
)

// CreateSession stores a session; it counts as seen when it is created.
func (s *Store) CreateSession(ctx context.Context, n model.NewSession) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions (token_hash, public_id, user_id, user_agent, network, created_at, last_seen_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
		n.TokenHash, n.ID, n.UserID, n.UserAgent, n.Network, millis(n.Created), millis(n.Expires))
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

// SessionUser finds the user of an unexpired session, or ErrNotFound. A suspended
// account has none, even one started in a race with its suspension (Suspension.Active).
func (s *Store) SessionUser(ctx context.Context, tokenHash string, now time.Time) (*model.User, error) {
	u, _, err := s.SessionOf(ctx, tokenHash, now)
	return u, err
}

// StmtSessionOf reads the user of session $1 unexpired at $2, and when it was last seen. A
// suspended account has none, even one started in a race with its suspension.
var StmtSessionOf = `SELECT ` + prefixed("u.", userColumns) + `, sessions.last_seen_at
	FROM sessions JOIN users u ON u.id = sessions.user_id
	WHERE sessions.token_hash = $1 AND sessions.expires_at > $2
	  AND (u.suspended_at IS NULL OR u.suspended_until <= $2)`

// SessionOf finds the user of an unexpired session and when the session was last seen, in
// the one lookup every signed-in request makes; ErrNotFound when there is none.
func (s *Store) SessionOf(ctx context.Context, tokenHash string, now time.Time) (*model.User, time.Time, error) {
	var seen int64
	u, err := scanUser(scanAlso{s.rdb.QueryRowContext(ctx, StmtSessionOf, tokenHash, millis(now)), []any{&seen}})
	if err != nil {
		return nil, time.Time{}, err
	}
	return u, fromMillis(seen), nil
}

// scanAlso scans a row's leading columns into what its caller asks for and the rest into extra.
type scanAlso struct {
	row   *sql.Row
	extra []any
}

func (r scanAlso) Scan(dest ...any) error { return r.row.Scan(append(dest, r.extra...)...) }

// TouchSession marks a session seen at now unless it was seen after staleBefore; it tells
// whether it wrote. Concurrent touches of one session write once. It is a mark (batched):
// a request that touches waits for it, and a crash that forgets the last moments' sightings
// loses nothing a fan wrote; on PostgreSQL it is one statement, on SQLite it joins a batch.
func (s *Store) TouchSession(ctx context.Context, tokenHash string, now, staleBefore time.Time) (bool, error) {
	var touched bool
	touch := func(ctx context.Context, tx dbtx) error {
		res, err := tx.ExecContext(ctx, `UPDATE sessions SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $3`,
			tokenHash, millis(now), millis(staleBefore))
		if err != nil {
			return fmt.Errorf("touch session: %w", err)
		}
		n, err := res.RowsAffected()
		touched = n > 0
		return err
	}
	var err error
	if s.marks != nil {
		err = touch(ctx, s.marks)
	} else {
		err = s.batched(ctx, touch)
	}
	return touched, err
}

// StmtUserSessions reads at most $4 of user $1's sessions unexpired at $3, the most
// recently seen first, marking the one whose token hash is $2.
const StmtUserSessions = `SELECT public_id, user_agent, network, created_at, last_seen_at, token_hash = $2
	FROM sessions WHERE user_id = $1 AND expires_at > $3
	ORDER BY last_seen_at DESC LIMIT CAST($4 AS BIGINT)`

// UserSessions lists at most limit of userID's unexpired sessions, the most recently seen
// first; the one currentHash names is marked Current.
func (s *Store) UserSessions(ctx context.Context, userID, currentHash string, now time.Time, limit int) ([]model.Session, error) {
	rows, err := s.rdb.QueryContext(ctx, StmtUserSessions, userID, currentHash, millis(now), limit)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	defer rows.Close()
	out := []model.Session{}
	for rows.Next() {
		var ss model.Session
		var created, seen int64
		if err := rows.Scan(&ss.ID, &ss.UserAgent, &ss.Network, &created, &seen, &ss.Current); err != nil {
			return nil, fmt.Errorf("list sessions: %w", err)
		}
		ss.CreatedAt, ss.LastSeenAt = fromMillis(created), fromMillis(seen)
		out = append(out, ss)
	}
	return out, rows.Err()
}

// DeleteUserSession ends userID's session whose public id is id and returns its token's
// hash; ErrNotFound when userID has no such session.
func (s *Store) DeleteUserSession(ctx context.Context, userID, id string) (string, error) {
	var hash string
	err := s.db.QueryRowContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND public_id = $2 RETURNING token_hash`, userID, id).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("end session: %w", err)
	}
	return hash, nil
}

// DeleteSession revokes one session.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash)
	return err
}

// EndCredentials ends every session of userID's but the one keepHash names ("" for none)
// and spends every pending link of theirs, at once: signing out everywhere, or everywhere
// else. The other credential events (a password set or reset, a provider's proof of the
// address) do the same in their own transactions: see endCredentials.
func (s *Store) EndCredentials(ctx context.Context, userID, keepHash string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return endCredentials(ctx, tx, userID, keepHash, now) })
}

// endCredentials is what every credential event of userID's does, in its transaction:
// every session but keepHash's ends and every pending mailed link (the address's
// verification, an address change's, a reset's) is spent, so whoever held the account
// before keeps no way back in, not even a link they asked for and left unopened.
// Sessions end first: a link asked for meanwhile is stored only while its session stands
// (CreateEmailVerification), so it is either refused or spent here.
func endCredentials(ctx context.Context, tx *sql.Tx, userID, keepHash string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2`, userID, keepHash); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	return spendMailedTokens(ctx, tx, userID, now)
}

// SetPassword stores a user's new password hash and ends their credentials (endCredentials), at once.
func (s *Store) SetPassword(ctx context.Context, userID, passwordHash string, now time.Time) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $2, password_removed_at = NULL WHERE id = $1`, userID, passwordHash); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		return endCredentials(ctx, tx, userID, "", now)
	})
}
