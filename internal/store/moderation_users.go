package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"castaway/internal/model"
)

const userSummaryColumns = `id, display_name, COALESCE(email, ''), created_at, is_admin, suspended_at, suspended_until, suspension_reason`

func scanUserSummary(row interface{ Scan(...any) error }) (*model.UserSummary, string, error) {
	var u model.UserSummary
	var created int64
	var since, until sql.NullInt64
	var reason, key string
	if err := row.Scan(&u.ID, &u.DisplayName, &u.Email, &created, &u.IsAdmin, &since, &until, &reason, &key); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, "", ErrNotFound
		}
		return nil, "", fmt.Errorf("read account: %w", err)
	}
	u.CreatedAt = fromMillis(created)
	if since.Valid {
		u.Suspension = &model.Suspension{Since: fromMillis(since.Int64), Reason: reason}
		if until.Valid {
			u.Suspension.Until = fromMillis(until.Int64)
		}
	}
	return &u, key, nil
}

// byteOrder makes a comparison of name_key byte by byte on PostgreSQL, as SQLite's
// always is, so that a name prefix is one range of an index (migration 0071).
func (s *Store) byteOrder() string {
	if s.dialect == Postgres {
		return ` COLLATE "C"`
	}
	return ""
}

// SearchUsers is one page (limit) of the accounts whose display name starts, by its
// look-alike key, with query ("" for all), in name order after cursor, and the next
// page's cursor ("" when none). A query holding '@' finds the account with exactly that
// e-mail address instead. ErrBadCursor for a cursor it did not make.
func (s *Store) SearchUsers(ctx context.Context, query, cursor string, limit int) ([]model.UserSummary, string, error) {
	query = strings.TrimSpace(query)
	if strings.Contains(query, "@") {
		if cursor != "" {
			return nil, "", ErrBadCursor
		}
		u, _, err := scanUserSummary(s.rdb.QueryRowContext(ctx, `SELECT `+userSummaryColumns+`, name_key FROM users WHERE email_key = $1`,
			model.FoldKey(query)))
		if errors.Is(err, ErrNotFound) {
			return []model.UserSummary{}, "", nil
		}
		if err != nil {
			return nil, "", err
		}
		return []model.UserSummary{*u}, "", nil
	}
	after := ""
	if cursor != "" {
		parts, err := decodeCursor(cursor, 1)
		if err != nil {
			return nil, "", err
		}
		after = parts[0]
	}
	prefix := model.NameKey(query)
	c := s.byteOrder()
	rows, err := s.rdb.QueryContext(ctx, `SELECT `+userSummaryColumns+`, name_key FROM users
		WHERE name_key`+c+` >= $1 AND name_key`+c+` < $2 AND name_key`+c+` > $3
		ORDER BY name_key`+c+` LIMIT CAST($4 AS BIGINT)`, prefix, prefix+"\U0010FFFF", after, limit+1)
	if err != nil {
		return nil, "", fmt.Errorf("search accounts: %w", err)
	}
	defer rows.Close()
	out := []model.UserSummary{}
	last := ""
	for rows.Next() {
		u, key, err := scanUserSummary(rows)
		if err != nil {
			return nil, "", err
		}
		if len(out) == limit {
			return out, encodeCursor(last), rows.Err()
		}
		out = append(out, *u)
		last = key
	}
	return out, "", rows.Err()
}

// userCaseShown is how many reports and actions an account's page shows.
const userCaseShown = 50

// UserCase reads the account userID with its suspension, how much it wrote, its most
// recently reported content and the latest actions about it and its content; each read
// is bounded by the account's own rows. ErrNotFound when there is no such account.
func (s *Store) UserCase(ctx context.Context, userID string) (*model.UserCase, error) {
	u, _, err := scanUserSummary(s.rdb.QueryRowContext(ctx, `SELECT `+userSummaryColumns+`, name_key FROM users WHERE id = $1`, userID))
	if err != nil {
		return nil, err
	}
	out := &model.UserCase{UserSummary: *u, Reports: []model.ReportTarget{}, Actions: []model.Action{}}
	if err := s.rdb.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM lists WHERE user_id = $1),
		(SELECT count(*) FROM comments WHERE user_id = $1)`, userID).Scan(&out.ListCount, &out.CommentCount); err != nil {
		return nil, fmt.Errorf("count account's content: %w", err)
	}
	const targetColumns = `t.kind, t.target_key, t.status, t.report_count, t.spam, t.harassment, t.spoiler, t.other, t.first_at, t.last_at`
	rows, err := s.rdb.QueryContext(ctx, `SELECT * FROM (
		SELECT `+targetColumns+` FROM lists l JOIN report_targets t ON t.kind = 'list' AND t.target_key = l.user_id || '/' || l.id
		WHERE l.user_id = $1
		UNION ALL SELECT `+targetColumns+` FROM comments c JOIN report_targets t ON t.kind = 'comment' AND t.target_key = c.id
		WHERE c.user_id = $1) r ORDER BY last_at DESC, kind, target_key LIMIT CAST($2 AS BIGINT)`, userID, userCaseShown)
	if err != nil {
		return nil, fmt.Errorf("read account's reports: %w", err)
	}
	for rows.Next() {
		t, err := scanReportTarget(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out.Reports = append(out.Reports, *t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read account's reports: %w", err)
	}
	for i := range out.Reports {
		if err := s.describeTarget(ctx, s.rdb, &out.Reports[i]); err != nil {
			return nil, err
		}
	}
	const actionColumns = `a.id, COALESCE(a.admin_id, '') AS admin_id, a.admin_name, a.action, a.kind, a.target_key, a.title, a.detail, a.created_at`
	rows, err = s.rdb.QueryContext(ctx, `SELECT * FROM (
		SELECT `+actionColumns+` FROM moderation_actions a WHERE a.kind = 'user' AND a.target_key = $1
		UNION ALL SELECT `+actionColumns+` FROM lists l JOIN moderation_actions a ON a.kind = 'list' AND a.target_key = l.user_id || '/' || l.id
		WHERE l.user_id = $1
		UNION ALL SELECT `+actionColumns+` FROM comments c JOIN moderation_actions a ON a.kind = 'comment' AND a.target_key = c.id
		WHERE c.user_id = $1) r ORDER BY created_at DESC, id DESC LIMIT CAST($2 AS BIGINT)`, userID, userCaseShown)
	if err != nil {
		return nil, fmt.Errorf("read actions about the account: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var a model.Action
		var created int64
		if err := rows.Scan(&a.ID, &a.AdminID, &a.AdminName, &a.Action, &a.Kind, &a.Key, &a.Title, &a.Detail, &created); err != nil {
			return nil, fmt.Errorf("read actions about the account: %w", err)
		}
		a.CreatedAt = fromMillis(created)
		out.Actions = append(out.Actions, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read actions about the account: %w", err)
	}
	return out, nil
}
