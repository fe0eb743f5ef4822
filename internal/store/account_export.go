package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// ExportSection is one part of an account export: rows of what the user owns or wrote.
// Single sections hold one object (or null) instead of an array.
type ExportSection struct {
	Name   string
	Single bool
	query  string
}

// Query is the section's statement ($1 the user), for the plan test.
func (e ExportSection) Query() string { return e.query }

// Columns are named as the export shows them; a name ending in "At" holds Unix
// milliseconds (written as a time), one starting with "is" a flag, and one ending in
// "Json" a JSON text (written as JSON, without the suffix).
var ExportSections = []ExportSection{
	{Name: "profile", Single: true, query: `SELECT id, COALESCE(email, '') AS "email", display_name AS "displayName",
		idols_found AS "idolsFound", created_at AS "createdAt" FROM users WHERE id = $1`},
	{Name: "lists", query: `SELECT id, name, description, chosen_public AS "isPublic", is_season AS "isSeason",
		remix_of_user_id AS "remixOfUserId", remix_of_list_id AS "remixOfListId", upvote_count AS "upvoteCount",
		created_at AS "createdAt", updated_at AS "updatedAt", format,
		COALESCE((SELECT t.tiers FROM list_tiers t WHERE t.list_user_id = lists.user_id AND t.list_id = lists.id), '') AS tiers
		FROM lists WHERE user_id = $1 ORDER BY created_at, id`},
	{Name: "draft", Single: true, query: `SELECT name, description, tags AS "tagsJson", items AS "itemsJson", is_public AS "isPublic",
		updated_at AS "updatedAt", CASE WHEN tiers = '' THEN 'null' ELSE tiers END AS "tierDraftJson" FROM drafts WHERE user_id = $1`},
	// The user's own comments, those a moderator hid too: marked, as their thread shows them.
	{Name: "comments", query: `SELECT id, list_user_id AS "listUserId", list_id AS "listId", COALESCE(parent_id, '') AS "parentId",
		text, hidden_at IS NOT NULL AS "isHidden", created_at AS "createdAt" FROM comments WHERE user_id = $1 ORDER BY created_at, id`},
	{Name: "commentVotes", query: `SELECT comment_id AS "commentId", value FROM comment_votes WHERE user_id = $1 ORDER BY comment_id`},
	{Name: "upvotes", query: `SELECT list_user_id AS "listUserId", list_id AS "listId", created_at AS "createdAt"
		FROM list_upvotes WHERE user_id = $1 ORDER BY created_at`},
	{Name: "favorites", query: `SELECT list_user_id AS "listUserId", list_id AS "listId", favorited_at AS "favoritedAt"
		FROM favorites WHERE user_id = $1 ORDER BY favorited_at`},
	{Name: "ballots", query: `SELECT poll_id AS "pollId", ranking AS "rankingJson", submitted_at AS "submittedAt"
		FROM global_submissions WHERE user_id = $1 ORDER BY poll_id`},
	// Notifications quote others' lists and words: only those the inbox shows (visibleNote).
	{Name: "notifications", query: `SELECT n.id, n.type, n.created_by_name AS "fromName", n.content, n.is_new AS "isNew",
		n.list_user_id AS "listUserId", n.list_id AS "listId", n.comment_id AS "commentId", n.created_at AS "createdAt"
		FROM notifications n WHERE ` + visibleNote + ` ORDER BY n.created_at, n.id`},
	{Name: "blocks", query: `SELECT blocked_id AS "userId", created_at AS "blockedAt" FROM blocks WHERE blocker_id = $1 ORDER BY created_at`},
	{Name: "following", query: `SELECT followed_id AS "userId", created_at AS "followedAt" FROM follows WHERE follower_id = $1 ORDER BY created_at`},
	// A season the fan has not finished (watch progress set) has no score: it tells how
	// the boots they have not seen went (the spoiler shield).
	{Name: "predictions", query: `SELECT p.season AS "seasonId", CASE WHEN p.cast_order = '' THEN '[]' ELSE p.cast_order END AS "orderJson",
		CASE WHEN w.user_id IS NULL THEN p.score END AS score, p.created_at AS "createdAt", p.updated_at AS "updatedAt"
		FROM predictions p LEFT JOIN watch_progress w ON w.user_id = p.user_id AND w.season_id = p.season
		WHERE p.user_id = $1 ORDER BY p.season`},
	{Name: "weeklyPicks", query: `SELECT season AS "seasonId", episode, castaway, picked_at AS "pickedAt"
		FROM weekly_picks WHERE user_id = $1 ORDER BY season, episode`},
	{Name: "watching", query: `SELECT season_id AS "seasonId", up_to AS "upTo", updated_at AS "updatedAt"
		FROM watch_progress WHERE user_id = $1 ORDER BY season_id`},
	{Name: "reports", query: `SELECT kind, target_key AS "target", reason, text, created_at AS "createdAt"
		FROM reports WHERE reporter_id = $1 ORDER BY created_at`},
}

// ExportRows calls emit with each row of section for userID, in order, as a JSON-ready
// object; a list row also holds its items. Rows are read one at a time.
func (s *Store) ExportRows(ctx context.Context, section ExportSection, userID string, emit func(map[string]any) error) error {
	rows, err := s.rdb.QueryContext(ctx, section.query, userID)
	if err != nil {
		return fmt.Errorf("export %s: %w", section.Name, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return fmt.Errorf("export %s: %w", section.Name, err)
	}
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("export %s: %w", section.Name, err)
		}
		row := make(map[string]any, len(cols)+1)
		for i, c := range cols {
			name, v := exportValue(c, vals[i])
			row[name] = v
		}
		if section.Name == "lists" {
			items, err := s.listItems(ctx, `list_user_id = $1 AND list_id = $2`, userID, row["id"])
			if err != nil {
				return err
			}
			row["items"] = items[listKey{userID, fmt.Sprint(row["id"])}]
			if err := exportTiers(row); err != nil {
				return err
			}
		}
		if err := emit(row); err != nil {
			return err
		}
	}
	return rows.Err()
}

// exportValue names and converts a column's value by ExportSections' naming rules.
func exportValue(col string, v any) (string, any) {
	if b, ok := v.([]byte); ok {
		v = string(b)
	}
	switch {
	case strings.HasSuffix(col, "Json"):
		if s, ok := v.(string); ok && json.Valid([]byte(s)) {
			return strings.TrimSuffix(col, "Json"), json.RawMessage(s)
		}
		return strings.TrimSuffix(col, "Json"), v
	case strings.HasSuffix(col, "At"):
		if ms, ok := v.(int64); ok {
			return col, time.UnixMilli(ms).UTC()
		}
	case strings.HasPrefix(col, "is"):
		if n, ok := v.(int64); ok { // SQLite keeps flags as integers
			return col, n != 0
		}
	}
	return col, v
}
