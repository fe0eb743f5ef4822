package auth

import (
	"errors"
	"time"
)

// Kind sorts a Problem the way a caller must react to it.
type Kind int

const (
	Invalid      Kind = iota + 1 // the input breaks a rule
	Unauthorized                 // the credentials are wrong
	NotFound                     // no such account
	Conflict                     // taken by someone else
	RateLimited                  // too many attempts; see RetryAfter
)

// Problem is an expected failure with the code and text a user should get.
type Problem struct {
	Kind       Kind
	Code       string
	Message    string
	RetryAfter time.Duration
}

func (p *Problem) Error() string { return p.Message }

// AsProblem finds a Problem in err.
func AsProblem(err error) (*Problem, bool) {
	var p *Problem
	ok := errors.As(err, &p)
	return p, ok
}

func invalid(code, message string) *Problem {
	return &Problem{Kind: Invalid, Code: code, Message: message}
}
