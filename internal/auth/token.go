// Package auth holds who-is-who rules: password hashing and policy, session and
// reset tokens, and the OAuth/OIDC sign-in flows.
package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// NewToken returns a random secret for a cookie or a mailed link, and the hash
// that is stored in its place, so a leaked database holds no usable token.
func NewToken() (token, hash string) {
	b := make([]byte, 32)
	rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is the stored form of a token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
