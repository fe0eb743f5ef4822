// Package problem is the one shape of an expected failure that every domain
// package returns: a code a program can read, the words a user reads and,
// optionally, the input field at fault. internal/server turns it into an HTTP
// status and the API's error body in one place; anything else is a failure of
// the system, logged and answered with a generic message.
package problem

import (
	"errors"
	"time"
)

// Kind sorts a problem the way a caller must react to it.
type Kind int

const (
	Invalid      Kind = iota + 1 // the input breaks a rule
	Unauthorized                 // nobody is signed in, or the credentials are wrong
	Forbidden                    // signed in, but not allowed to do this
	NotFound                     // no such thing, or not one the asker may see
	Conflict                     // taken by someone else
	RateLimited                  // too many attempts; see RetryAfter
	Unavailable                  // the server cannot do it now; see RetryAfter
)

// Error is an expected failure with the code and text a user should get.
type Error struct {
	Kind    Kind
	Code    string // e.g. "validation", "list_not_found"
	Message string // the user-facing text, word for word from the spec where it has it
	Field   string // the input at fault, "" when none
	// RetryAfter is how long a rate-limited (or turned away) caller must wait.
	RetryAfter time.Duration
	// Limit names the rate limit that refused (limits.Limit.Name), for the metrics.
	Limit string
}

func (e *Error) Error() string { return e.Message }

// New is a problem of kind with code and message.
func New(kind Kind, code, message string) *Error {
	return &Error{Kind: kind, Code: code, Message: message}
}

// InvalidField is bad input in field, with the "validation" code.
func InvalidField(field, message string) *Error {
	return &Error{Kind: Invalid, Code: "validation", Message: message, Field: field}
}

// As finds a problem in err's chain.
func As(err error) (*Error, bool) {
	var p *Error
	ok := errors.As(err, &p)
	return p, ok
}
