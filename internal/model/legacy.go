package model

import "time"

// LegacyRecord is the earlier product's single shared record (rankings/current):
// three named lists and when they last changed.
type LegacyRecord struct {
	Lists       LegacyLists
	LastUpdated time.Time
}

// LegacyLists are the record's lists, under the earlier product's field names (the
// JSON kept in legacy_rankings.data).
type LegacyLists struct {
	Maddys   []Item `json:"maddysList"`
	Andrews  []Item `json:"andrewsList"`
	Kendalls []Item `json:"kendallsList"`
}
