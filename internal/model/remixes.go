package model

// ListRef names a list by its owner and id.
type ListRef struct {
	UserID string
	ListID string
}

// Origin is the list a remix started from, as a reader may be shown it.
type Origin struct {
	ListRef
	Name     string
	UserName string // the original's owner's display name
	IsPublic bool
}
