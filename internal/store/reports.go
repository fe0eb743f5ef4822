package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"castaway/internal/model"
)

// Report kinds: what a report or a moderation action is about.
const (
	KindList    = "list"
	KindComment = "comment"
)

// ListKey is the target key of a list in reports and moderation actions.
func ListKey(userID, listID string) string { return userID + "/" + listID }

// ErrAlreadyReported: one report per user per target.
var ErrAlreadyReported = fmt.Errorf("already reported: %w", ErrConflict)

// reasonColumns are report_targets' per-reason counters, by reason.
var reasonColumns = map[string]string{"spam": "spam", "harassment": "harassment", "spoiler": "spoiler", "other": "other"}

// AddReport records r and counts it on its target, reopening a target a moderator had
// dismissed or restored, in one transaction. ErrAlreadyReported when the reporter
// reported the target before.
func (s *Store) AddReport(ctx context.Context, r model.Report) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return addReport(ctx, tx, r) })
}

// addReport is AddReport in tx.
func addReport(ctx context.Context, tx *sql.Tx, r model.Report) error {
	col, ok := reasonColumns[r.Reason]
	if !ok {
		return fmt.Errorf("unknown report reason %q", r.Reason)
	}
	at := millis(r.CreatedAt)
	res, err := tx.ExecContext(ctx, `INSERT INTO reports (reporter_id, kind, target_key, reason, text, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (reporter_id, kind, target_key) DO NOTHING`,
		r.ReporterID, r.Kind, r.Key, r.Reason, r.Text, at)
	if err != nil {
		return fmt.Errorf("add report: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrAlreadyReported
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO report_targets (kind, target_key, status, report_count, `+col+`, first_at, last_at)
		VALUES ($1, $2, 'open', 1, 1, $3, $3)
		ON CONFLICT (kind, target_key) DO UPDATE SET report_count = report_targets.report_count + 1,
			`+col+` = report_targets.`+col+` + 1, last_at = excluded.last_at,
			status = CASE WHEN report_targets.status = 'hidden' THEN 'hidden' ELSE 'open' END`, r.Kind, r.Key, at); err != nil {
		return fmt.Errorf("count report: %w", err)
	}
	return addFilters(ctx, tx, r.ReporterID, 1)
}

// addFilters keeps users.filter_count in step with the user's blocks and reports.
func addFilters(ctx context.Context, tx *sql.Tx, userID string, delta int) error {
	if _, err := tx.ExecContext(ctx, `UPDATE users SET filter_count = filter_count + $2 WHERE id = $1`, userID, delta); err != nil {
		return fmt.Errorf("count filters: %w", err)
	}
	return nil
}

// reportTextsShown is how many reporters' own words the queue shows per target.
const reportTextsShown = 5

// ReportQueue is one page (limit targets) of the reported content with status, most
// recently reported first, after cursor ("" for the first page), and the next page's
// cursor ("" when none).
func (s *Store) ReportQueue(ctx context.Context, status, cursor string, limit int) ([]model.ReportTarget, string, error) {
	at, k, err := timeCursor(cursor, 2)
	if err != nil {
		return nil, "", err
	}
	rows, err := s.rdb.QueryContext(ctx, StmtReportQueue, status, at, k[0], k[1], limit+1)
	if err != nil {
		return nil, "", fmt.Errorf("read report queue: %w", err)
	}
	var page []model.ReportTarget
	for rows.Next() {
		t, err := scanReportTarget(rows)
		if err != nil {
			rows.Close()
			return nil, "", err
		}
		page = append(page, *t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, "", fmt.Errorf("read report queue: %w", err)
	}
	page, next := cutPage(page, limit, func(last *model.ReportTarget) string { return nextTimeCursor(last.LastAt, last.Kind, last.Key) })
	for i := range page {
		if err := s.describeTarget(ctx, s.rdb, &page[i]); err != nil {
			return nil, "", err
		}
	}
	return page, next, nil
}

// StmtReportQueue reads a page of targets with status $1 before ($2 time, $3 kind, $4 key), $5 at most.
const StmtReportQueue = `SELECT kind, target_key, status, report_count, spam, harassment, spoiler, other, first_at, last_at
	FROM report_targets WHERE status = $1
	  AND (last_at < $2 OR (last_at = $2 AND (kind < $3 OR (kind = $3 AND target_key < $4))))
	ORDER BY last_at DESC, kind DESC, target_key DESC LIMIT CAST($5 AS BIGINT)`

func scanReportTarget(row interface{ Scan(...any) error }) (*model.ReportTarget, error) {
	var t model.ReportTarget
	var first, last int64
	if err := row.Scan(&t.Kind, &t.Key, &t.Status, &t.Count, &t.Spam, &t.Harassment, &t.Spoiler, &t.Other, &first, &last); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("read report target: %w", err)
	}
	t.FirstAt, t.LastAt = fromMillis(first), fromMillis(last)
	return &t, nil
}

// querier is what reads need from a database or a transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// describeTarget fills in what t is now (where, by whom, its title) and the reporters' words.
func (s *Store) describeTarget(ctx context.Context, q querier, t *model.ReportTarget) error {
	var err error
	switch t.Kind {
	case KindList:
		t.ListUserID, t.ListID, _ = strings.Cut(t.Key, "/")
		t.AuthorID = t.ListUserID
		err = q.QueryRowContext(ctx, `SELECT l.name, u.display_name FROM lists l JOIN users u ON u.id = l.user_id
			WHERE l.user_id = $1 AND l.id = $2`, t.ListUserID, t.ListID).Scan(&t.Title, &t.AuthorName)
	case KindComment:
		t.CommentID = t.Key
		err = q.QueryRowContext(ctx, `SELECT c.list_user_id, c.list_id, COALESCE(c.user_id, ''), COALESCE(u.display_name, ''), c.text
			FROM comments c LEFT JOIN users u ON u.id = c.user_id WHERE c.id = $1`, t.Key).
			Scan(&t.ListUserID, &t.ListID, &t.AuthorID, &t.AuthorName, &t.Title)
	}
	if errors.Is(err, sql.ErrNoRows) {
		t.Gone, err = true, nil
	}
	if err != nil {
		return fmt.Errorf("describe report target: %w", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT text FROM reports WHERE kind = $1 AND target_key = $2 AND text <> ''
		ORDER BY created_at DESC LIMIT `+strconv.Itoa(reportTextsShown), t.Kind, t.Key)
	if err != nil {
		return fmt.Errorf("read report texts: %w", err)
	}
	defer rows.Close()
	t.Texts = []string{}
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			return fmt.Errorf("read report texts: %w", err)
		}
		t.Texts = append(t.Texts, text)
	}
	return rows.Err()
}
