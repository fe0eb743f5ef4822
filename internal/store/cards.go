package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"castaway/internal/model"
)

// addCards fills in the cards of every list in sections (each list's top items and
// tags), all in one read through s.listReads. lists are the rows behind the summaries,
// for a tier list's top tier.
func (s *Store) addCards(ctx context.Context, lists []*model.List, sections ...[]model.ListSummary) error {
	byKey := make(map[listKey]*model.List, len(lists))
	for _, l := range lists {
		byKey[listKey{l.UserID, l.ID}] = l
	}
	asked := map[ListVersion]bool{}
	var versions []ListVersion
	for _, section := range sections {
		for _, l := range section {
			v := ListVersion{l.UserID, l.ID, millis(l.UpdatedAt)}
			if !asked[v] {
				asked[v] = true
				versions = append(versions, v)
			}
		}
	}
	if len(versions) == 0 {
		return nil
	}
	found, err := s.listReads.Cards(ctx, versions)
	if err != nil {
		return err
	}
	for _, section := range sections {
		for i := range section {
			l := &section[i]
			c := found[ListVersion{l.UserID, l.ID, millis(l.UpdatedAt)}]
			l.Tags = c.Tags
			l.TopItems, l.TopTier = topOfTiers(byKey[listKey{l.UserID, l.ID}], c.Items)
			if l.TopItems == nil {
				l.TopItems = []model.Item{}
			}
			if l.Tags == nil {
				l.Tags = []string{}
			}
		}
	}
	return nil
}

// ReadCards reads the cards of lists in one statement (StmtCards): each list's first
// TopItemCount entries and its tags, an empty card for a list with neither.
func (s *Store) ReadCards(ctx context.Context, lists []ListVersion) (map[ListVersion]Card, error) {
	keys := make([]any, 0, 2*len(lists)+1)
	for _, l := range lists {
		keys = append(keys, l.UserID, l.ListID)
	}
	rows, err := s.rdb.QueryContext(ctx, StmtCards(PageKeys(len(lists)), fmt.Sprintf("$%d", len(keys)+1)), append(keys, TopItemCount)...)
	if err != nil {
		return nil, fmt.Errorf("read list cards: %w", err)
	}
	defer rows.Close()
	read := map[listKey]Card{}
	for rows.Next() {
		var k listKey
		var kind, position int
		var it model.Item
		var tier sql.NullInt64
		if err := rows.Scan(&k.userID, &k.listID, &kind, &position, &it.ID, &it.Name, &it.ImageURL, &it.IsSeason, &it.SeasonID, &it.SeasonName, &it.Note, &tier); err != nil {
			return nil, fmt.Errorf("read list cards: %w", err)
		}
		it.Tier = int(tier.Int64)
		c := read[k]
		if kind == 0 {
			c.Items = append(c.Items, it)
		} else {
			c.Tags = append(c.Tags, it.ID)
		}
		read[k] = c
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read list cards: %w", err)
	}
	out := make(map[ListVersion]Card, len(lists))
	for _, l := range lists {
		c := read[listKey{l.UserID, l.ListID}]
		out[l] = Card{slices.Clip(c.Items), slices.Clip(c.Tags)}
	}
	return out, nil
}
