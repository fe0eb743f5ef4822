package model

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// FoldKey is the case-insensitive form emails are compared in, folded here rather
// than by SQL lower(), which on SQLite folds ASCII only.
func FoldKey(s string) string { return strings.ToLower(s) }

// maxSearchWords and maxSearchWordLen bound what one search asks of the index.
const (
	maxSearchWords   = 8
	maxSearchWordLen = 64
)

// SearchWords cuts the user's text into the words the full-text indexes hold: runs of
// letters, digits and combining marks, lower-cased. Everything else (quotes, *, -,
// parentheses, operators such as NEAR or OR) only separates words, so no text can
// form index syntax.
func SearchWords(text string) []string {
	words := strings.FieldsFunc(FoldKey(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r)
	})
	out := words[:0]
	seen := map[string]bool{}
	for _, w := range words {
		if len(w) > maxSearchWordLen {
			w = w[:maxSearchWordLen]
			for !utf8.ValidString(w) {
				w = w[:len(w)-1]
			}
		}
		if w != "" && !seen[w] && len(out) < maxSearchWords {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
