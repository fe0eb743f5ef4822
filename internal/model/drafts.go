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
}
