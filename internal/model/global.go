package model

import "time"

// Poll is a global top-10 vote on one season's cast.
type Poll struct {
	ID          string
	Title       string
	Description string
	SeasonID    string
	IsOpen      bool
	Submissions int // users with a ballot
	CreatedAt   time.Time
}

// Ballot is one user's ranking in a poll: contestant ids by slot, "" for empty.
type Ballot struct {
	PollID      string
	UserID      string
	Ranking     []string
	Names       []string // contestant names by slot, kept beside the totals
	SubmittedAt time.Time
}
