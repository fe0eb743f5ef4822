package model

// ListVisibility is what the community features need to know about a list.
type ListVisibility struct {
	UserID   string // owner
	ID       string
	Name     string
	IsPublic bool // lists.is_public: everyone may see it (public and not hidden by a moderator)
	// ThreadVersion moves on with every change to what a visitor's page of its comments shows.
	ThreadVersion int64
}

// UpvoteResult is a list's vote state after a change; Changed is false when the vote
// was already as asked (cast twice, or taken back when never cast).
type UpvoteResult struct {
	UpvoteCount int
	Upvoted     bool
	Changed     bool
}

// VotedList is a list the tally catches up with its votes, with the newest voter its
// author has yet to hear of (VoterID "" for none).
type VotedList struct {
	List      ListVisibility
	VoterID   string
	VoterName string
}
