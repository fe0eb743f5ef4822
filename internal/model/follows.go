package model

import "time"

// Followed is one account a fan follows.
type Followed struct {
	UserID      string
	DisplayName string
	FollowedAt  time.Time
}

// Notification types the store writes itself (a fan-out to every follower in one
// statement); the others are notify's.
const (
	NoteNewFollower  = "new_follower"
	NoteFollowedList = "followed_list"
)
