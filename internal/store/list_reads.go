package store

import (
	"context"
	"slices"

	"castaway/internal/model"
)

// ListVersion is a list as it stands: its key and its updated_at in milliseconds, which
// every edit of its entries, notes and tags moves on (UpdateList), so what is read for a
// version never goes stale and may be kept under it.
type ListVersion struct {
	UserID, ListID string
	Version        int64
}

// Card is what a list's card (in browse, home, feeds and castaway pages) shows beyond the
// list's own row: its first entries and its tags. Its slices are clipped, so a caller that
// appends to one copies it rather than writing into a card someone keeps.
type Card struct {
	Items []model.Item
	Tags  []string
}

// ListReads reads what cards and list pages show beyond a list's row. The store reads it
// itself (ReadCards, ReadItems) unless a cache is put in front (internal/listcache).
type ListReads interface {
	// Cards is the card of each list asked for (an empty one for a list without entries
	// or tags).
	Cards(ctx context.Context, lists []ListVersion) (map[ListVersion]Card, error)
	// Items is a list's entries in rank order, a slice of the caller's own.
	Items(ctx context.Context, list ListVersion) ([]model.Item, error)
}

// ReadThrough makes the store read cards and list entries through r (a cache in front of
// ReadCards and ReadItems), from now on; call it before the store is used.
func (s *Store) ReadThrough(r ListReads) { s.listReads = r }

// readsItself is the store's own ListReads: every read goes to the database.
type readsItself struct{ s *Store }

func (r readsItself) Cards(ctx context.Context, lists []ListVersion) (map[ListVersion]Card, error) {
	return r.s.ReadCards(ctx, lists)
}

func (r readsItself) Items(ctx context.Context, list ListVersion) ([]model.Item, error) {
	return r.s.ReadItems(ctx, list)
}

// ReadItems reads a list's entries in rank order (none: an empty slice).
func (s *Store) ReadItems(ctx context.Context, list ListVersion) ([]model.Item, error) {
	read, err := s.listItems(ctx, `list_user_id = $1 AND list_id = $2`, list.UserID, list.ListID)
	if err != nil {
		return nil, err
	}
	items := read[listKey{list.UserID, list.ListID}]
	if items == nil {
		items = []model.Item{}
	}
	return slices.Clip(items), nil
}
