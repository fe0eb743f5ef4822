package model

import "time"

// ListSummary is a list as a card shows it: no full item list, only the first few.
type ListSummary struct {
	UserID      string
	ID          string
	UserName    string
	Name        string
	Description string
	Tags        []string
	IsPublic    bool
	IsSeason    bool
	ItemCount   int
	UpvoteCount int
	// VoteRank is the upvote count the browse orders by votes last caught up with: a
	// moment behind UpvoteCount while the tally has its votes to catch up.
	VoteRank  int
	CreatedAt time.Time
	UpdatedAt time.Time
	// TopItems are the first items; a tier list's, the first entries of TopTier, the
	// first tier holding any (nil for a ranked list).
	TopItems []Item
	Format   string
	TopTier  *Tier
	Hidden   bool // by a moderator; only its owner's own views still hold it
}

// BrowseSort orders browse results.
type BrowseSort string

const (
	SortNewest    BrowseSort = "newest"
	SortMostVotes BrowseSort = "mostVotes"
	SortOldest    BrowseSort = "oldest"
)

// BrowseType filters browse results by what the lists rank.
type BrowseType string

const (
	TypeAll      BrowseType = "all"
	TypeSeason   BrowseType = "season"
	TypeSurvivor BrowseType = "survivor"
)

// BrowseQuery asks for one page of public lists.
type BrowseQuery struct {
	Q      string // words matched, as prefixes, against name, description, item names and author
	Type   BrowseType
	Format string // FormatRanked or FormatTiers, "" for both
	// Franchise is a name of Franchises ("AU"): the lists whose every entry is of its
	// seasons; "" for every list.
	Franchise string
	Sort      BrowseSort
	Tags      []string // a list must carry all of them
	Page      int      // from 1; ignored when Cursor is set
	PageSize  int
	Cursor    string // from a previous BrowseResult.NextCursor: the page after it
	// FewMatches, on PostgreSQL, reads a search's matches through the GIN index first and
	// orders them after; BrowsePage sets it when the count found no more than
	// BrowseCountCap. Without it the planner may walk an ordered index filtering every
	// list, which is cheap only when many lists match.
	FewMatches bool
	// SearchFloor, on SQLite, is the lowest full-text rowid among a search's newest
	// SearchCandidates+1 matches: newest and oldest pages walk the index in rowid order
	// down (or up) to it and stop at the page. BrowsePage sets it from the match count.
	SearchFloor int64
}

// BrowseResult is one page of public lists.
type BrowseResult struct {
	Lists []ListSummary
	// Total is how many lists match, at most BrowseCountCap; TotalIsCapped says there are more.
	Total         int
	TotalIsCapped bool
	// NextCursor asks for the page after this one; "" when this is the last.
	NextCursor string
}

// Home is the front page's three sections.
type Home struct {
	TopThisWeek []ListSummary
	Recent      []ListSummary
	Favorites   []ListSummary
}
