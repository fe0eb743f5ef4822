package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"castaway/internal/model"
)

// Draft reads userID's draft, or ErrNotFound.
func (s *Store) Draft(ctx context.Context, userID string) (*model.Draft, error) {
	var d model.Draft
	var tags, items, tiers string
	var updated int64
	err := s.rdb.QueryRowContext(ctx, `SELECT name, description, tags, items, is_public, updated_at, remix_of_user_id, remix_of_list_id, tiers
		FROM drafts WHERE user_id = $1`, userID).
		Scan(&d.Name, &d.Description, &tags, &items, &d.IsPublic, &updated, &d.RemixOf.UserID, &d.RemixOf.ListID, &tiers)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read draft: %w", err)
	}
	if err := json.Unmarshal([]byte(tags), &d.Tags); err != nil {
		return nil, fmt.Errorf("read draft tags: %w", err)
	}
	if err := readDraftItems([]byte(items), &d); err != nil {
		return nil, fmt.Errorf("read draft items: %w", err)
	}
	if err := readDraftTiers(&d, tiers); err != nil {
		return nil, err
	}
	if d.Items == nil {
		d.Items = []model.Item{}
	}
	d.UpdatedAt = fromMillis(updated)
	if d.RemixOf.ListID != "" {
		if d.Origin, err = s.origin(ctx, d.RemixOf); err != nil {
			return nil, err
		}
	}
	return &d, nil
}

// SaveDraft replaces userID's draft.
func (s *Store) SaveDraft(ctx context.Context, userID string, d *model.Draft) error {
	items := d.Items
	if items == nil {
		items = []model.Item{}
	}
	tags := d.Tags
	if tags == nil {
		tags = []string{}
	}
	tagJSON, err := json.Marshal(tags)
	if err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	tiers, err := draftTiersJSON(d)
	if err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	if tiers != "" {
		items = []model.Item{} // a tier draft's entries are in its tiers
	}
	itemJSON, err := draftItemsJSON(items, d.Sorter)
	if err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO drafts (user_id, name, description, tags, items, is_public, updated_at,
			remix_of_user_id, remix_of_list_id, tiers)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, description = excluded.description,
			tags = excluded.tags, items = excluded.items, is_public = excluded.is_public, updated_at = excluded.updated_at,
			remix_of_user_id = excluded.remix_of_user_id, remix_of_list_id = excluded.remix_of_list_id, tiers = excluded.tiers`,
		userID, d.Name, d.Description, string(tagJSON), string(itemJSON), d.IsPublic, millis(d.UpdatedAt),
		d.RemixOf.UserID, d.RemixOf.ListID, tiers)
	if err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	return nil
}

// DeleteDraft removes userID's draft, if any.
func (s *Store) DeleteDraft(ctx context.Context, userID string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM drafts WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("delete draft: %w", err)
	}
	return nil
}
