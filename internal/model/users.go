package model

import "time"

// User is an account.
type User struct {
	ID           string
	Email        string // empty for accounts made through a provider that gave none
	DisplayName  string
	PasswordHash string // empty for provider-only accounts
	IdolsFound   int
	CreatedAt    time.Time
	IsAdmin      bool // may moderate (castaway users grant-admin)
	// Filters counts the users they blocked and the things they reported: zero means
	// nothing needs leaving out of what they read.
	Filters int
	// EmailVerified: a mailed link or a sign-in provider proved Email is theirs.
	EmailVerified bool
	// PasswordRemoved: a provider's proof of the address removed a password someone else
	// may have set, and the fan has not set their own since.
	PasswordRemoved bool
	// NotifyFollowedLists: they hear when a fan they follow publishes a list (the default).
	NotifyFollowedLists bool
	// Following counts the active accounts they follow.
	Following int
}
