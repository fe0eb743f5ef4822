package store

import (
	"context"
	"slices"

	lru "github.com/hashicorp/golang-lru/v2"

	"castaway/internal/model"
)

// itemsCacheSize bounds the lists whose entries one process keeps (each a few KB): the
// lists being opened now. A list page then reads only the list's own row.
const itemsCacheSize = 10000

func newItemsCache() *lru.Cache[cardKey, []model.Item] {
	c, err := lru.New[cardKey, []model.Item](itemsCacheSize)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return c
}

// itemsOf is the entries of list k as it stands at version (its updated_at in
// milliseconds), which every edit of its entries moves on (UpdateList), as the cards are
// kept (cards.go): from this process's cache when it holds them, else read and kept.
// The caller gets a copy of its own, so changing it changes nothing kept.
func (s *Store) itemsOf(ctx context.Context, k listKey, version int64) ([]model.Item, error) {
	key := cardKey{k, version}
	if items, ok := s.itemsCache.Get(key); ok {
		return slices.Clone(items), nil
	}
	read, err := s.listItems(ctx, `list_user_id = $1 AND list_id = $2`, k.userID, k.listID)
	if err != nil {
		return nil, err
	}
	items := read[k]
	if items == nil {
		items = []model.Item{}
	}
	s.itemsCache.Add(key, slices.Clone(items))
	return items, nil
}
