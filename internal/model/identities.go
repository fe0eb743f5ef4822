package model

// Identity links an account at Google or Twitter/X to a user.
type Identity struct {
	Provider string
	Subject  string // the provider's stable user id
	UserID   string
	Email    string
}
