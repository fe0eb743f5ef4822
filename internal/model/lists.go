package model

import "time"

// ListContent is what an owner writes: everything but identity, times and votes.
type ListContent struct {
	Name        string
	Description string
	Tags        []string // including the type tag
	Items       []Item
	IsPublic    bool
	IsSeason    bool
	SearchText  string
	// Format is FormatRanked or FormatTiers; a tier list's Tiers are its tiers, best
	// first (nil for a ranked list), and each item's Tier names one of them.
	Format string
	Tiers  []Tier
	// RemixOf is the list this one started from (zero for an original); set when the
	// list is created, kept through edits.
	RemixOf ListRef
}

// List is a saved ranked list. UserName is the owner's current display name.
type List struct {
	UserID      string
	ID          string
	UserName    string
	UpvoteCount int
	// VoteRank is the count the browse orders by votes hold (ListSummary.VoteRank).
	VoteRank int
	// CommentCount counts comments and replies, kept in step with them.
	CommentCount int
	ItemCount    int
	// RemixCount counts the list's public remixes, kept in step with them.
	RemixCount int
	// Origin is the list RemixOf names, read by List; nil when it no longer exists.
	Origin *Origin
	// Hidden is set when a moderator hid the list or suspended its owner; IsPublic stays
	// the owner's choice.
	Hidden    bool
	CreatedAt time.Time
	UpdatedAt time.Time
	ListContent
}

// Listed tells whether everyone may see l: its owner made it public and no moderator hid it
// (the column lists.is_public holds the same).
func (l *List) Listed() bool { return l.IsPublic && !l.Hidden }
