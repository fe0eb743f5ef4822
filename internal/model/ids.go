package model

import (
	"crypto/rand"
	"encoding/base64"
)

// NewID returns a random id for users, comments, notifications and the other rows the
// domain makes (16 characters, 96 random bits).
func NewID() string {
	b := make([]byte, 12)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
