package model

import "time"

// NewSession is a sign-in to keep: the hash of its token (the token itself is never
// stored), the public id its owner ends it by, and where it began.
type NewSession struct {
	TokenHash, ID, UserID string
	UserAgent             string // bounded by the caller (auth.MaxUserAgent)
	Network               string // the client's address prefix, never the whole address
	Created, Expires      time.Time
}

// Session is one of a user's sessions as its owner sees it.
type Session struct {
	ID                    string
	UserAgent, Network    string
	CreatedAt, LastSeenAt time.Time
	// Current: the session asking.
	Current bool
}
