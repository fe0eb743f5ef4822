package store

import (
	"bytes"
	"encoding/json"

	"castaway/internal/model"
)

// A draft's items column holds its items as a JSON array, or, while a sorting is in
// progress, {"items": [...], "sorter": {...}}: the sorter rides in the same text, so
// it needs no column of its own and a draft without one reads as before.
type draftItemsWithSorter struct {
	Items  []model.Item  `json:"items"`
	Sorter *model.Sorter `json:"sorter"`
}

// draftItemsJSON is the items column's text for items and sorter (nil for none).
func draftItemsJSON(items []model.Item, sorter *model.Sorter) ([]byte, error) {
	if sorter == nil {
		return json.Marshal(items)
	}
	return json.Marshal(draftItemsWithSorter{Items: items, Sorter: sorter})
}

// readDraftItems reads the items column's text into d.Items and d.Sorter.
func readDraftItems(text []byte, d *model.Draft) error {
	if !bytes.HasPrefix(bytes.TrimSpace(text), []byte("{")) {
		return json.Unmarshal(text, &d.Items)
	}
	var v draftItemsWithSorter
	if err := json.Unmarshal(text, &v); err != nil {
		return err
	}
	d.Items, d.Sorter = v.Items, v.Sorter
	return nil
}
