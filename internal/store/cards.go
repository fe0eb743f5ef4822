package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	lru "github.com/hashicorp/golang-lru/v2"

	"castaway/internal/model"
)

// card is what a list's card shows beyond the list's own row.
type card struct {
	items []model.Item
	tags  []string
}

// cardKey is a list as it stands: its key and updated_at, which every edit of its
// items, notes and tags moves on (UpdateList), so a card kept under it is never stale.
type cardKey struct {
	listKey
	version int64
}

// cardCacheSize bounds the cards one process keeps (each a few hundred bytes to 2 KB):
// the lists being read now, as browse, home, castaway pages and feeds show them.
const cardCacheSize = 10000

func newCardCache() *lru.Cache[cardKey, card] {
	c, err := lru.New[cardKey, card](cardCacheSize)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return c
}

// addCards fills in the cards of every list in sections (each list's top items and
// tags): from this process's cache when it holds the list as it stands, the others in
// one read. lists are the rows behind the summaries, for a tier list's top tier.
func (s *Store) addCards(ctx context.Context, lists []*model.List, sections ...[]model.ListSummary) error {
	byKey := make(map[listKey]*model.List, len(lists))
	for _, l := range lists {
		byKey[listKey{l.UserID, l.ID}] = l
	}
	found := map[listKey]card{}
	missing := map[listKey]int64{}
	var keys []any
	for _, section := range sections {
		for _, l := range section {
			k := listKey{l.UserID, l.ID}
			if _, ok := found[k]; ok {
				continue
			}
			if _, ok := missing[k]; ok {
				continue
			}
			version := millis(l.UpdatedAt)
			if c, ok := s.cardCache.Get(cardKey{k, version}); ok {
				found[k] = c
				continue
			}
			missing[k] = version
			keys = append(keys, l.UserID, l.ID)
		}
	}
	if len(keys) > 0 {
		read, err := s.cards(ctx, StmtCards(PageKeys(len(keys)/2), fmt.Sprintf("$%d", len(keys)+1)), append(keys, TopItemCount)...)
		if err != nil {
			return err
		}
		for k, version := range missing {
			c := read[k] // a list with no items or tags has an empty card, kept too
			s.cardCache.Add(cardKey{k, version}, c)
			found[k] = c
		}
	}
	for _, section := range sections {
		for i := range section {
			k := listKey{section[i].UserID, section[i].ID}
			c := found[k]
			section[i].Tags = c.tags
			section[i].TopItems, section[i].TopTier = topOfTiers(byKey[k], c.items)
			if section[i].TopItems == nil {
				section[i].TopItems = []model.Item{}
			}
			if section[i].Tags == nil {
				section[i].Tags = []string{}
			}
		}
	}
	return nil
}

// cards runs a StmtCards query, grouping its rows by list. Each card's slices are
// clipped, so a caller that appends to one copies it rather than writing into the cache.
func (s *Store) cards(ctx context.Context, query string, args ...any) (map[listKey]card, error) {
	rows, err := s.rdb.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read list cards: %w", err)
	}
	defer rows.Close()
	out := map[listKey]card{}
	for rows.Next() {
		var k listKey
		var kind, position int
		var it model.Item
		var tier sql.NullInt64
		if err := rows.Scan(&k.userID, &k.listID, &kind, &position, &it.ID, &it.Name, &it.ImageURL, &it.IsSeason, &it.SeasonID, &it.SeasonName, &it.Note, &tier); err != nil {
			return nil, fmt.Errorf("read list cards: %w", err)
		}
		it.Tier = int(tier.Int64)
		c := out[k]
		if kind == 0 {
			c.items = append(c.items, it)
		} else {
			c.tags = append(c.tags, it.ID)
		}
		out[k] = c
	}
	for k, c := range out {
		out[k] = card{slices.Clip(c.items), slices.Clip(c.tags)}
	}
	return out, rows.Err()
}
