package auth

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// MaxDisplayNameLength is the longest username, in characters.
const MaxDisplayNameLength = 30

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
	name = truncate(name, MaxDisplayNameLength)
	if _, msg := NormalizeDisplayName(name); msg != "" {
		return fallbackName
	}
	return norm.NFKC.String(name)
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}

// UniqueName returns base, or base followed by 2, 3, ... : the first that is not
// in taken (lower-cased names). The result never exceeds MaxDisplayNameLength.
func UniqueName(base string, taken map[string]bool) string {
	base = cleanName(base)
	if !taken[strings.ToLower(base)] {
		return base
	}
	for i := 2; ; i++ {
		suffix := strconv.Itoa(i)
		name := truncate(base, MaxDisplayNameLength-len(suffix)) + suffix
		if !taken[strings.ToLower(name)] {
			return name
		}
	}
}

// NormalizeDisplayName trims a chosen username and checks it, returning the
// user-facing problem when there is one.
func NormalizeDisplayName(name string) (string, string) {
	name = strings.TrimSpace(norm.NFKC.String(name))
	switch {
	case name == "":
		return "", MsgUsernameEmpty
	case utf8.RuneCountInString(name) > MaxDisplayNameLength:
		return "", MsgUsernameTooLong
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return "", MsgUsernameInvalid
	case strings.IndexFunc(name, hidden) >= 0:
		return "", MsgUsernameHidden
	case mixesScripts(name):
		return "", MsgUsernameMixed
	case reservedNames[NameSkeleton(name)]:
		return "", MsgUsernameReserved
	}
	return name, ""
}
