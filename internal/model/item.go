// Package model holds the value types shared by every layer, and the pure rules the
// store must apply as the domain does (the vote's arithmetic, name keys, who may see a
// list or a comment), so the store depends on no domain package. Nothing here reads a
// database or imports another castaway package.
package model

// Item is one ranked entry, a contestant or a season, with the catalog details it
// had when it was saved. The JSON names are the API's and the draft column's.
type Item struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	ImageURL   string `json:"imageUrl"`
	IsSeason   bool   `json:"isSeason"`
	SeasonID   string `json:"seasonId"`
	SeasonName string `json:"seasonName"`
	// Note is the author's word on why the entry sits where it does; "" for none.
	Note string `json:"note,omitempty"`
	// Tier is, in a tier list, the index of the tier holding the entry (0 the top); 0 in
	// a ranked list. A list's items run tier by tier.
	Tier int `json:"-"`
}
