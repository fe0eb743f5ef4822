package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
	"strings"
	"time"

	"castaway/internal/model"
)

// listColumns are a list's own columns, read from lists l joined with the owner u
// by every query that returns lists, and scanned by scanList.
const listColumns = `l.user_id, l.id, u.display_name, l.name, l.description, l.chosen_public, l.is_season,
	l.item_count, l.upvote_count, l.comment_count, l.created_at, l.updated_at,
	l.remix_of_user_id, l.remix_of_list_id, l.remix_count, (l.hidden_at IS NOT NULL OR (l.chosen_public AND NOT l.is_public)),
	l.format, l.vote_rank, CASE WHEN l.format = 'tiers' THEN COALESCE((SELECT lt.tiers FROM list_tiers lt
		WHERE lt.list_user_id = l.user_id AND lt.list_id = l.id), '') ELSE '' END`

// visibleTo is model.ListVisible in SQL over lists l for the viewer id in parameter
// param, read as any reader: a moderator judges a hidden list where they open it, not in
// their own pages (their lists of a user, favorites, inbox).
func visibleTo(param string) string { return model.ListVisibleSQL("l", param, "FALSE") }

// scanList reads listColumns, then any extra columns a statement adds into extra.
func scanList(row interface{ Scan(...any) error }, extra ...any) (*model.List, error) {
	var l model.List
	var created, updated int64
	var tiers string
	err := row.Scan(append([]any{&l.UserID, &l.ID, &l.UserName, &l.Name, &l.Description, &l.IsPublic, &l.IsSeason,
		&l.ItemCount, &l.UpvoteCount, &l.CommentCount, &created, &updated,
		&l.RemixOf.UserID, &l.RemixOf.ListID, &l.RemixCount, &l.Hidden, &l.Format, &l.VoteRank, &tiers}, extra...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if l.Tiers, err = readTiers(tiers); err != nil {
		return nil, fmt.Errorf("list %s/%s: %w", l.UserID, l.ID, err)
	}
	l.CreatedAt, l.UpdatedAt = fromMillis(created), fromMillis(updated)
	return &l, nil
}

// CreateList saves a new list for userID under the first of ids still free for
// that owner (lists.IDs), counts it among its original's remixes when it is a public
// remix, and clears the owner's draft, in one transaction.
func (s *Store) CreateList(ctx context.Context, userID string, ids iter.Seq[string], c model.ListContent, now time.Time) (*model.List, error) {
	l, _, err := s.CreateListNotifying(ctx, userID, ids, c, now, nil)
	return l, err
}

// CreateListNotifying is CreateList that also adds, in the same transaction, the
// notifications notes makes for the new list's id and, for a remix, its original
// (notes may be nil), and returns their recipients. A remix's original must be a list
// userID may see (model.ListVisible), read in the same transaction: ErrRemixGone
// otherwise. A public list reaches its author's followers either way, later: the
// transaction records its fan-out (queueFanOut), one row whatever their number.
func (s *Store) CreateListNotifying(ctx context.Context, userID string, ids iter.Seq[string], c model.ListContent, now time.Time,
	notes func(listID string, original *model.ListVisibility) []*model.Notification) (*model.List, []string, error) {
	var id string
	var notified []string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var original *model.ListVisibility
		if c.RemixOf.ListID != "" {
			var err error
			if original, err = remixOriginal(ctx, tx, c.RemixOf, userID); err != nil {
				return err
			}
		}
		inserted := false
		for id = range ids {
			res, err := tx.ExecContext(ctx, `INSERT INTO lists (user_id, id, name, description, is_public, chosen_public, is_season,
				item_count, search_text, created_at, updated_at, remix_of_user_id, remix_of_list_id, format, tag_mask, franchise)
				VALUES ($1, $2, $3, $4, `+model.ListListedSQL("$5", "FALSE", "$1")+`, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14) ON CONFLICT (user_id, id) DO NOTHING`,
				userID, id, c.Name, c.Description, c.IsPublic, c.IsSeason, len(c.Items), c.SearchText, millis(now),
				c.RemixOf.UserID, c.RemixOf.ListID, formatOf(c), model.TagMask(c.Tags), model.ListFranchise(c.Items))
			if err != nil {
				return fmt.Errorf("insert list: %w", err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("insert list: %w", err)
			} else if n == 1 {
				inserted = true
				break
			}
		}
		if !inserted {
			return errors.New("no free list id")
		}
		if err := insertListParts(ctx, tx, userID, id, c); err != nil {
			return err
		}
		if err := s.reindexSearch(ctx, tx, `l.user_id = $1 AND l.id = $2`, userID, id); err != nil {
			return err
		}
		if err := adjustCounts(ctx, tx, userID, id, 1); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM drafts WHERE user_id = $1`, userID); err != nil {
			return fmt.Errorf("clear draft: %w", err)
		}
		if err := queueFanOut(ctx, tx, userID, id, now); err != nil {
			return err
		}
		if notes == nil {
			return nil
		}
		var err error
		notified, err = insertNotifications(ctx, tx, notes(id, original))
		return err
	})
	if err != nil {
		return nil, nil, fmt.Errorf("create list: %w", err)
	}
	l, err := s.List(ctx, userID, id)
	return l, notified, err
}

// UpdateList replaces an existing list's content, keeping its creation time and
// votes, and moves its updated_at on, by a millisecond at least (cards are kept by it);
// a list made public reaches its author's followers later (queueFanOut). ErrNotFound
// when the owner has no such list.
func (s *Store) UpdateList(ctx context.Context, userID, listID string, c model.ListContent, now time.Time) (*model.List, error) {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var wasPublic bool
		if err := tx.QueryRowContext(ctx, `SELECT is_public FROM lists WHERE user_id = $1 AND id = $2`, userID, listID).Scan(&wasPublic); errors.Is(err, sql.ErrNoRows) {
			return ErrNotFound
		} else if err != nil {
			return fmt.Errorf("update list: %w", err)
		}
		if err := adjustCounts(ctx, tx, userID, listID, -1); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE lists SET name = $3, description = $4, chosen_public = $5, is_public = `+model.ListListedSQL("$5", "hidden_at IS NOT NULL", "lists.user_id")+`, is_season = $6,
			item_count = $7, search_text = $8, updated_at = CASE WHEN $9 > updated_at THEN $9 ELSE updated_at + 1 END,
			format = $10, tag_mask = $11, franchise = $12 WHERE user_id = $1 AND id = $2`,
			userID, listID, c.Name, c.Description, c.IsPublic, c.IsSeason, len(c.Items), c.SearchText, millis(now), formatOf(c), model.TagMask(c.Tags),
			model.ListFranchise(c.Items))
		if err != nil {
			return fmt.Errorf("update list: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("update list: %w", err)
		} else if n == 0 {
			return ErrNotFound
		}
		for _, table := range []string{"list_items", "list_tags", "list_tiers"} {
			if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE list_user_id = $1 AND list_id = $2`, userID, listID); err != nil {
				return fmt.Errorf("clear %s: %w", table, err)
			}
		}
		if err := insertListParts(ctx, tx, userID, listID, c); err != nil {
			return err
		}
		if err := adjustCounts(ctx, tx, userID, listID, 1); err != nil {
			return err
		}
		if err := s.reindexSearch(ctx, tx, `l.user_id = $1 AND l.id = $2`, userID, listID); err != nil {
			return err
		}
		if !wasPublic && c.IsPublic { // published now: it reaches the author's followers
			return queueFanOut(ctx, tx, userID, listID, now)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.List(ctx, userID, listID)
}

// adjustCounts adds delta to every count list ($1, $2) contributes to as it stands in
// tx (the browse filters' list counts, the community consensus, its original's remix
// count, a castaway's places, the sitemap): -1 before a change
// or a delete, +1 after a change or a creation.
func adjustCounts(ctx context.Context, tx *sql.Tx, userID, listID string, delta int) error {
	if err := adjustListCounts(ctx, tx, userID, listID, delta); err != nil {
		return err
	}
	if err := adjustConsensus(ctx, tx, userID, listID, delta); err != nil {
		return err
	}
	if err := adjustCastaways(ctx, tx, userID, listID, delta); err != nil {
		return err
	}
	return adjustRemixCount(ctx, tx, userID, listID, delta)
}

// insertListParts writes a list's items and tags, each in one statement, and a tier
// list's tiers.
func insertListParts(ctx context.Context, tx *sql.Tx, userID, listID string, c model.ListContent) error {
	if c.Format == model.FormatTiers {
		tiers, err := writeTiers(c.Tiers)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO list_tiers (list_user_id, list_id, tiers) VALUES ($1, $2, $3)`,
			userID, listID, tiers); err != nil {
			return fmt.Errorf("insert list tiers: %w", err)
		}
	}
	if len(c.Items) > 0 {
		var q strings.Builder
		q.WriteString(`INSERT INTO list_items (list_user_id, list_id, position, item_id, is_season, name, image_url, season_id, season_name, note, tier) VALUES `)
		args := []any{userID, listID}
		for i, it := range c.Items {
			if i > 0 {
				q.WriteString(", ")
			}
			n := len(args)
			fmt.Fprintf(&q, "($1, $2, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5, n+6, n+7, n+8, n+9)
			args = append(args, i, it.ID, it.IsSeason, it.Name, it.ImageURL, it.SeasonID, it.SeasonName, it.Note, itemTier(c, it))
		}
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("insert list items: %w", err)
		}
	}
	for _, tag := range c.Tags {
		if _, err := tx.ExecContext(ctx, `INSERT INTO list_tags (list_user_id, list_id, tag) VALUES ($1, $2, $3)
			ON CONFLICT DO NOTHING`, userID, listID, tag); err != nil {
			return fmt.Errorf("insert list tag: %w", err)
		}
	}
	return nil
}

// List reads one list with its items and tags, whatever its visibility: callers
// decide who may see it. ErrNotFound when it does not exist.
func (s *Store) List(ctx context.Context, userID, listID string) (*model.List, error) {
	var tags sql.NullString
	l, err := scanList(s.rdb.QueryRowContext(ctx, StmtList, userID, listID), &tags)
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, err
		}
		return nil, fmt.Errorf("read list: %w", err)
	}
	l.Tags = []string{}
	if tags.String != "" {
		l.Tags = strings.Split(tags.String, ",")
	}
	if l.Items, err = s.listReads.Items(ctx, ListVersion{userID, listID, millis(l.UpdatedAt)}); err != nil {
		return nil, err
	}
	if l.RemixOf.ListID != "" {
		if l.Origin, err = s.origin(ctx, l.RemixOf); err != nil {
			return nil, err
		}
	}
	return l, nil
}

type listKey struct{ userID, listID string }

// listItems reads the items matching where, grouped by list, in rank order.
func (s *Store) listItems(ctx context.Context, where string, args ...any) (map[listKey][]model.Item, error) {
	rows, err := s.rdb.QueryContext(ctx, StmtListItems(where), args...)
	if err != nil {
		return nil, fmt.Errorf("read list items: %w", err)
	}
	defer rows.Close()
	out := map[listKey][]model.Item{}
	for rows.Next() {
		var k listKey
		var it model.Item
		var tier sql.NullInt64
		if err := rows.Scan(&k.userID, &k.listID, &it.ID, &it.Name, &it.ImageURL, &it.IsSeason, &it.SeasonID, &it.SeasonName, &it.Note, &tier); err != nil {
			return nil, fmt.Errorf("read list items: %w", err)
		}
		it.Tier = int(tier.Int64)
		out[k] = append(out[k], it)
	}
	return out, rows.Err()
}

// DeleteList removes a list with its items, tags, upvotes and favorites (by foreign
// key) and its comments (which have none). ErrNotFound when it does not exist.
func (s *Store) DeleteList(ctx context.Context, userID, listID string) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return deleteList(ctx, tx, userID, listID) })
}

func deleteList(ctx context.Context, tx *sql.Tx, userID, listID string) error {
	if err := adjustCounts(ctx, tx, userID, listID, -1); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM comments WHERE list_user_id = $1 AND list_id = $2`, userID, listID); err != nil {
		return fmt.Errorf("delete list comments: %w", err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM lists WHERE user_id = $1 AND id = $2`, userID, listID)
	if err != nil {
		return fmt.Errorf("delete list: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("delete list: %w", err)
	} else if n == 0 {
		return ErrNotFound
	}
	return nil
}

// ListMarks tells whether viewerID has upvoted and favorited a list.
func (s *Store) ListMarks(ctx context.Context, userID, listID, viewerID string) (upvoted, favorited bool, err error) {
	err = s.rdb.QueryRowContext(ctx, StmtListMarks, userID, listID, viewerID).Scan(&upvoted, &favorited)
	if err != nil {
		return false, false, fmt.Errorf("read list marks: %w", err)
	}
	return upvoted, favorited, nil
}
