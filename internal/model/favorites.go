package model

import "time"

// Favorite is a list a user starred.
type Favorite struct {
	UserID      string // the list's owner
	ListID      string
	Name        string
	FavoritedAt time.Time
}
