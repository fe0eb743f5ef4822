package store

import (
	"encoding/json"
	"fmt"

	"castaway/internal/model"
)

// formatOf is c's format as the lists.format column holds it.
func formatOf(c model.ListContent) string {
	if c.Format == model.FormatTiers {
		return model.FormatTiers
	}
	return model.FormatRanked
}

// itemTier is the list_items.tier of it in c: its tier's index in a tier list, NULL
// in a ranked one (so each of its items is a span of its own when consensus scores them).
func itemTier(c model.ListContent, it model.Item) any {
	if c.Format == model.FormatTiers {
		return it.Tier
	}
	return nil
}

// writeTiers is the lists.tiers column for tiers: their labels and colors as JSON, ”
// for a ranked list.
func writeTiers(tiers []model.Tier) (string, error) {
	if len(tiers) == 0 {
		return "", nil
	}
	b, err := json.Marshal(tiers)
	if err != nil {
		return "", fmt.Errorf("tiers: %w", err)
	}
	return string(b), nil
}

// readTiers reads the lists.tiers column: nil for a ranked list.
func readTiers(s string) ([]model.Tier, error) {
	if s == "" {
		return nil, nil
	}
	var tiers []model.Tier
	if err := json.Unmarshal([]byte(s), &tiers); err != nil {
		return nil, fmt.Errorf("read tiers: %w", err)
	}
	return tiers, nil
}

// topOfTiers is what a tier list's card previews of items, its first entries in rank
// order: the top tier's (the first holding any) among them, and that tier. A ranked
// list's items are its first items as they are.
func topOfTiers(l *model.List, items []model.Item) ([]model.Item, *model.Tier) {
	if l.Format != model.FormatTiers || len(items) == 0 {
		return items, nil
	}
	top := items[0].Tier
	var out []model.Item
	for _, it := range items {
		if it.Tier == top {
			out = append(out, it)
		}
	}
	var tier *model.Tier
	if top >= 0 && top < len(l.Tiers) {
		tier = &l.Tiers[top]
	}
	return out, tier
}

// draftTier is one tier of a tier draft as its drafts.tiers column holds it.
type draftTier struct {
	model.Tier
	Items []model.Item `json:"items"`
}

// draftTiersJSON is the drafts.tiers column of d: its tiers with their entries and its
// pool, as JSON; ” for a ranked draft.
func draftTiersJSON(d *model.Draft) (string, error) {
	if d.Format != model.FormatTiers {
		return "", nil
	}
	v := struct {
		Tiers []draftTier  `json:"tiers"`
		Pool  []model.Item `json:"pool"`
	}{Tiers: make([]draftTier, len(d.Tiers)), Pool: d.Pool}
	if v.Pool == nil {
		v.Pool = []model.Item{}
	}
	entries := model.TierEntries(d.Items, len(d.Tiers))
	for i, t := range d.Tiers {
		v.Tiers[i] = draftTier{Tier: t, Items: entries[i]}
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// readDraftTiers fills a tier draft's format, tiers, entries and pool in from its
// drafts.tiers column (” leaves a ranked draft as it is).
func readDraftTiers(d *model.Draft, column string) error {
	if column == "" {
		return nil
	}
	var v struct {
		Tiers []draftTier  `json:"tiers"`
		Pool  []model.Item `json:"pool"`
	}
	if err := json.Unmarshal([]byte(column), &v); err != nil {
		return fmt.Errorf("read draft tiers: %w", err)
	}
	d.Format, d.Tiers, d.Items, d.Pool = model.FormatTiers, make([]model.Tier, len(v.Tiers)), []model.Item{}, v.Pool
	for i, t := range v.Tiers {
		d.Tiers[i] = t.Tier
		for _, it := range t.Items {
			it.Tier = i
			d.Items = append(d.Items, it)
		}
	}
	if d.Pool == nil {
		d.Pool = []model.Item{}
	}
	return nil
}

// exportTier is one tier of a tier list as the account export shows it.
type exportTier struct {
	model.Tier
	Items []model.Item `json:"items"`
}

// exportTiers turns an exported list row's tiers column into its tiers with their
// entries (a tier list's, whose items are then empty: its entries are written once, as
// the list reads), or drops it (a ranked list's).
func exportTiers(row map[string]any) error {
	column, _ := row["tiers"].(string)
	delete(row, "tiers")
	tiers, err := readTiers(column)
	if err != nil || row["format"] != model.FormatTiers {
		return err
	}
	items, _ := row["items"].([]model.Item)
	entries := model.TierEntries(items, len(tiers))
	out := make([]exportTier, len(tiers))
	for i, t := range tiers {
		out[i] = exportTier{Tier: t, Items: entries[i]}
	}
	row["tiers"], row["items"] = out, []model.Item{}
	return nil
}
