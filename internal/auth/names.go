package auth

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"castaway/internal/model"
	"castaway/internal/problem"
)

// MaxDisplayNameLength is the longest username, in characters.
const MaxDisplayNameLength = model.MaxNameLength

// fallbackName is used when an email or provider gives nothing usable.
const fallbackName = "castaway"

// DisplayNameFromEmail is the part of the address before '@', the sign-up default.
func DisplayNameFromEmail(email string) string {
	local, _, _ := strings.Cut(email, "@")
	return cleanName(local)
}

// cleanName trims, squeezes inner spaces, drops control characters and cuts
// the name to fit, so a provider's or an address's name is a valid username.
func cleanName(name string) string {
	name = strings.Join(strings.FieldsFunc(name, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}), " ")
	name, msg := NormalizeDisplayName(model.TruncateName(name, MaxDisplayNameLength))
	if msg != "" {
		return fallbackName
	}
	return name
}

// UniqueName returns base, made a valid username, or that followed by 2, 3, ...: the
// first whose look-alike key (NameKey) is not in taken. It never exceeds
// MaxDisplayNameLength.
func UniqueName(base string, taken map[string]bool) string {
	return model.NameVariant(cleanName(base), taken)
}

// NormalizeDisplayName trims a chosen username, makes each run of spaces one (as it
// draws) and checks it, returning the user-facing problem when there is one.
func NormalizeDisplayName(name string) (string, string) {
	name = model.CollapseSpaces(strings.TrimSpace(norm.NFKC.String(name)))
	switch {
	case name == "":
		return "", problem.MsgUsernameEmpty
	case utf8.RuneCountInString(name) > MaxDisplayNameLength:
		return "", problem.MsgUsernameTooLong
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", problem.MsgUsernameInvalid
	case strings.IndexFunc(name, hidden) >= 0:
		return "", problem.MsgUsernameHidden
	case foreignLetters(name):
		return "", problem.MsgUsernameAlphabet
	case mixesScripts(name):
		return "", problem.MsgUsernameMixed
	case reservedNames[NameKey(name)]:
		return "", problem.MsgUsernameReserved
	}
	return name, ""
}
