package model

import "time"

// Draft is a user's unsaved creator state.
type Draft struct {
	Name        string
	Description string
	Tags        []string
	Items       []Item
	IsPublic    bool
	UpdatedAt   time.Time
	// Format, Tiers and each item's Tier as a list's; Pool is a tier draft's entries
	// not yet placed in a tier.
	Format string
	Tiers  []Tier
	Pool   []Item
	// RemixOf is the list a remix being drafted started from (zero for none); Origin is
	// that list, read by Draft, nil when it no longer exists.
	RemixOf ListRef
	Origin  *Origin
	// Sorter is the sorting in progress, nil for none.
	Sorter *Sorter
}

// Sorter is a 'Rank by choosing' in progress, kept with the draft: the entries being
// sorted and the answers so far (the app replays them to ask the next question).
type Sorter struct {
	Entries []Item         `json:"entries"`
	Answers []SorterAnswer `json:"answers"`
}

// SorterAnswer is one answer to "Who do you rank higher?": A and B are entry ids, Winner
// one of them, or "" when the fan called it too close.
type SorterAnswer struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Winner string `json:"winner,omitempty"`
}
