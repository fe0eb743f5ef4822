// Package model holds the value types every layer shares (the rows the store reads and
// writes, what the domain works on) and the pure rules on them; it imports nothing of the project.
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
}
