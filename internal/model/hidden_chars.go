package model

import (
	"strings"
	"unicode"
)

// HiddenChar tells whether r shows nothing or turns the text around it: the format characters
// (bidirectional controls such as U+202E, which draws what follows it backwards, zero-width
// spaces, the byte order mark), except the joiners emoji and some scripts are written with
// and the tags of flag emoji; line and paragraph separators; and the letters that draw as
// blanks. A list's name, its tiers' labels and its notes lose them (WithoutHidden); a
// username may hold none of them, nor a few more (auth).
func HiddenChar(r rune) bool {
	switch {
	case unicode.Is(unicode.Join_Control, r), r >= 0xE0020 && r <= 0xE007F:
		return false
	case r == '\u115f', r == '\u1160', r == '\u3164', r == '\uffa0', r == '\u2800', r == '\u034f':
		return true
	}
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// WithoutHidden is s without its hidden characters (HiddenChar).
func WithoutHidden(s string) string {
	return strings.Map(func(r rune) rune {
		if HiddenChar(r) {
			return -1
		}
		return r
	}, s)
}
