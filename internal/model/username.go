package model

// When two usernames are the same name to a reader: the key the database keeps unique,
// and the numbered variant given when a name is taken. Here so the store computes the
// key it indexes.

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// MaxNameLength is the longest username, in characters.
const MaxNameLength = 30

// NameKey is what a name looks like, so that two names with one key are hard to tell
// apart. It is built on Unicode's confusable skeletons (UTS #39: NFD, each character
// mapped to the prototype it is confusable with, NFD again) after NFKC, made blind to
// letter case: the skeleton is taken of the case-folded name and of its capitals,
// alternating until nothing changes. Both are needed because confusables.txt maps some
// letters only in one case: "m" to "rn", but capital "I" to "l" — so "Admin" and
// "admin" share a key, and so do "biII", "bill" and "BILL" (i, I, l and 1 all meet).
// Accents and other non-spacing marks are left out, as castaway always has: "Sândra"
// would pass for "Sandra" at a glance. Two names may thus clash without looking quite
// alike; the one who came second picks another.
func NameKey(name string) string {
	s := norm.NFKC.String(name)
	for range 4 { // a fixpoint within two rounds for every name met so far; four bounds it
		next := unmarked(fold(confusables.Skeleton(strings.ToUpper(confusables.Skeleton(fold(s))))))
		if next == s {
			break
		}
		s = next
	}
	return s
}

func fold(s string) string { return cases.Fold().String(s) }

// unmarked drops the non-spacing marks of s, which is in NFD as skeletons are.
func unmarked(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, s)
}

// NameVariant returns name, or name followed by 2, 3, ... cut to fit MaxNameLength: the first
// whose NameKey is not in taken.
func NameVariant(name string, taken map[string]bool) string {
	if !taken[NameKey(name)] {
		return name
	}
	for i := 2; ; i++ {
		suffix := strconv.Itoa(i)
		v := TruncateName(name, MaxNameLength-len(suffix)) + suffix
		if !taken[NameKey(v)] {
			return v
		}
	}
}

// TruncateName cuts s to at most n characters, trimming the space the cut leaves.
func TruncateName(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}
