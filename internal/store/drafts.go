package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Draft is a user's unsaved creator state.
type Draft struct {
	Name        string
	Description string
	Tags        []string
	Items       []ListItem
	IsPublic    bool
	UpdatedAt   time.Time
}

// draftItem is how an item is kept in the draft's JSON column.
type draftItem struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	ImageURL   string `json:"imageUrl"`
	IsSeason   bool   `json:"isSeason"`
	SeasonID   string `json:"seasonId"`
	SeasonName string `json:"seasonName"`
}

// Draft reads userID's draft, or ErrNotFound.
func (s *Store) Draft(ctx context.Context, userID string) (*Draft, error) {
	var d Draft
	var tags, items string
	var updated int64
	err := s.rdb.QueryRowContext(ctx, `SELECT name, description, tags, items, is_public, updated_at FROM drafts WHERE user_id = $1`, userID).
		Scan(&d.Name, &d.Description, &tags, &items, &d.IsPublic, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read draft: %w", err)
	}
	var stored []draftItem
	if err := json.Unmarshal([]byte(tags), &d.Tags); err != nil {
		return nil, fmt.Errorf("read draft tags: %w", err)
	}
	if err := json.Unmarshal([]byte(items), &stored); err != nil {
		return nil, fmt.Errorf("read draft items: %w", err)
	}
	d.Items = make([]ListItem, len(stored))
	for i, it := range stored {
		d.Items[i] = ListItem(it)
	}
	d.UpdatedAt = fromMillis(updated)
	return &d, nil
}

// SaveDraft replaces userID's draft.
func (s *Store) SaveDraft(ctx context.Context, userID string, d *Draft) error {
	stored := make([]draftItem, len(d.Items))
	for i, it := range d.Items {
		stored[i] = draftItem(it)
	}
	tags := d.Tags
	if tags == nil {
		tags = []string{}
	}
	tagJSON, err := json.Marshal(tags)
	if err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	itemJSON, err := json.Marshal(stored)
	if err != nil {
		return fmt.Errorf("save draft: %w", err)
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO drafts (user_id, name, description, tags, items, is_public, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)
		ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, description = excluded.description,
			tags = excluded.tags, items = excluded.items, is_public = excluded.is_public, updated_at = excluded.updated_at`,
		userID, d.Name, d.Description, string(tagJSON), string(itemJSON), d.IsPublic, millis(d.UpdatedAt))
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
