package model

import "time"

// Comment is a comment or a one-level reply in a thread. A thread is a list
// (ListUserID, ListID) or a global poll (ListUserID "", ListID the poll id).
type Comment struct {
	ID         string
	ListUserID string
	ListID     string
	UserID     string // "" once the author's account is gone
	UserName   string // the author's current display name, "" once the account is gone
	ParentID   string // "" for a top-level comment
	Text       string
	Upvotes    int
	Downvotes  int
	MyVote     int  // the reading user's vote: 1, -1 or 0
	Hidden     bool // by a moderator: shown only to its author and admins
	CreatedAt  time.Time
}
