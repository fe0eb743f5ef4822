package model

import "time"

// Notification is one inbox entry, made by the server when someone acts on a
// user's list or comment.
type Notification struct {
	ID            string
	UserID        string // recipient
	Type          string // list_like, comment, comment_reply, comment_like
	ActorID       string
	CreatedByName string // the actor's display name at the time
	Content       string
	IsNew         bool
	ListUserID    string
	ListID        string
	CommentID     string
	DedupeKey     string // one notification per key, ever
	CreatedAt     time.Time
}
