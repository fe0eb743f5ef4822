package model

import "time"

// EmailVerification is a mailed link that proves Email belongs to UserID: the account's
// own address, or the one it is changing to. Only the token's hash is stored.
type EmailVerification struct {
	TokenHash string
	UserID    string
	Email     string
	CreatedAt time.Time
	ExpiresAt time.Time
}
