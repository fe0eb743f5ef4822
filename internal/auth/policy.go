package auth

import (
	_ "embed"
	"strings"
	"unicode/utf8"

	"castaway/internal/problem"
)

// Password length limits. The upper one keeps hashing cheap for the server.
const (
	MinPasswordLength = 8
	MaxPasswordLength = 128
)

//go:embed common-passwords.txt
var commonPasswordsText string

// PasswordPolicy judges new passwords; the server is the only judge.
type PasswordPolicy struct {
	common map[string]struct{}
}

// NewPasswordPolicy loads the embedded list of common passwords.
func NewPasswordPolicy() *PasswordPolicy {
	p := &PasswordPolicy{common: map[string]struct{}{}}
	for _, line := range strings.Split(commonPasswordsText, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			p.common[line] = struct{}{}
		}
	}
	return p
}

// Requirements are the rules in words, for the sign-up form.
func (p *PasswordPolicy) Requirements() []string {
	return []string{
		problem.Format(problem.MsgPasswordAtLeast, map[string]string{"min": problem.Number(MinPasswordLength)}),
		problem.Format(problem.MsgPasswordAtMost, map[string]string{"max": problem.Number(MaxPasswordLength)}),
		problem.MsgPasswordNotCommon,
	}
}

// Acceptable tells whether password meets every requirement.
func (p *PasswordPolicy) Acceptable(password string) bool {
	n := utf8.RuneCountInString(password)
	if n < MinPasswordLength || n > MaxPasswordLength {
		return false
	}
	_, common := p.common[strings.ToLower(password)]
	return !common
}
