package model

import "time"

// BlockedUser is one user a reader blocked.
type BlockedUser struct {
	UserID, DisplayName string
	BlockedAt           time.Time
}

// Unseen is what a reader asked not to see among some candidates: users they blocked,
// lists (ListKey) and comments they reported.
type Unseen struct {
	Users, Lists, Comments map[string]bool
}

// Hides tells whether the reader left out a list of ownerID with key, or a comment
// (commentID) by ownerID; pass "" for what does not apply.
func (u Unseen) Hides(ownerID, listKey, commentID string) bool {
	return u.Users[ownerID] || u.Lists[listKey] || u.Comments[commentID]
}
