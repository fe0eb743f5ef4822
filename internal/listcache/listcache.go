// Package listcache keeps, in this process, what list cards and list pages show beyond a
// list's row (store.ListReads), in front of the store's reads of them. An entry is kept
// under the list's version (store.ListVersion), which every edit moves on, so it is never
// stale: nothing need be told of a change, on this node or another.
package listcache

import (
	"context"
	"slices"

	lru "github.com/hashicorp/golang-lru/v2"

	"castaway/internal/model"
	"castaway/internal/store"
)

const (
	// CardsKept bounds the cards one process keeps (each a few hundred bytes to 2 KB): the
	// lists being read now, as browse, home, castaway pages and feeds show them.
	CardsKept = 10000
	// ItemsKept bounds the lists whose entries one process keeps (each a few KB): the lists
	// being opened now. A list page then reads only the list's own row.
	ItemsKept = 10000
)

// Cache is a store.ListReads that keeps what it read from its store.
type Cache struct {
	st    *store.Store
	cards *lru.Cache[store.ListVersion, store.Card]
	items *lru.Cache[store.ListVersion, []model.Item]
}

// Use puts a new Cache in front of st's reads of cards and list entries (store.ReadThrough);
// call it before st is used.
func Use(st *store.Store) {
	st.ReadThrough(&Cache{st: st, cards: mustLRU[store.Card](CardsKept), items: mustLRU[[]model.Item](ItemsKept)})
}

func mustLRU[V any](size int) *lru.Cache[store.ListVersion, V] {
	c, err := lru.New[store.ListVersion, V](size)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return c
}

// Cards is the card of each list asked for: those kept, and the others in one read of
// the store, kept from then on (an empty card too).
func (c *Cache) Cards(ctx context.Context, lists []store.ListVersion) (map[store.ListVersion]store.Card, error) {
	out := make(map[store.ListVersion]store.Card, len(lists))
	var missing []store.ListVersion
	for _, l := range lists {
		if card, ok := c.cards.Get(l); ok {
			out[l] = card
		} else {
			missing = append(missing, l)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	read, err := c.st.ReadCards(ctx, missing)
	if err != nil {
		return nil, err
	}
	for l, card := range read {
		c.cards.Add(l, card)
		out[l] = card
	}
	return out, nil
}

// Items is a list's entries, kept or read and kept. The caller gets a copy of its own, so
// changing it changes nothing kept.
func (c *Cache) Items(ctx context.Context, l store.ListVersion) ([]model.Item, error) {
	if items, ok := c.items.Get(l); ok {
		return slices.Clone(items), nil
	}
	items, err := c.st.ReadItems(ctx, l)
	if err != nil {
		return nil, err
	}
	c.items.Add(l, slices.Clone(items))
	return items, nil
}
