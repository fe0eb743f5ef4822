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
// mapped to the prototype it is confusable with, NFD again) after NFKC, with runs of
// spaces drawn as one, made blind to letter case.
//
// A letter of another alphabet whose capital's skeleton is plain Latin is taken as that
// first, whichever case it is written in: Greek and Cyrillic small letters mostly map to
// no Latin one (κ, τ, ε), so "ΚΑΤΕ" and "КАТЕ" would pass beside "KATE" had the case been
// folded first, and "ΚΑΤΕ" beside "Κατε" had each letter kept its own case's skeleton. Its
// price: a Greek ν, η or υ, whose small form looks like another Latin letter (v, n, u)
// than its capital does (N, H, Y), keys as the capital.
//
// Then the skeleton is taken of the case-folded name and of its capitals, alternating
// until nothing changes, as confusables.txt maps some letters only in one case: "m" to
// "rn", but capital "I" to "l" — so "Admin" and "admin" share a key, and so do "biII",
// "bill" and "BILL" (i, I, l and 1 all meet), and a small Cyrillic "р" is a Latin "p".
// Accents and other non-spacing marks are left out, as castaway always has: "Sândra"
// would pass for "Sandra" at a glance. Two names may thus clash without looking quite
// alike; the one who came second picks another.
func NameKey(name string) string {
	s := capitalLooks(CollapseSpaces(norm.NFKC.String(name)))
	for range 4 { // a fixpoint within two rounds for every name met so far; four bounds it
		// NFKC again: a skeleton may hold compatibility characters ("%" is "º/₀").
		next := unmarked(fold(confusables.Skeleton(strings.ToUpper(confusables.Skeleton(fold(norm.NFKC.String(s)))))))
		if next == s {
			break
		}
		s = next
	}
	return s
}

// capitalLooks writes each non-Latin letter of s whose capital's skeleton is plain Latin
// as that skeleton, and leaves the non-spacing marks out; s comes back in NFD.
func capitalLooks(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r) {
			if up := confusables.Skeleton(strings.ToUpper(fold(string(r)))); isASCII(up) {
				b.WriteString(up)
				continue
			}
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isASCII(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r > unicode.MaxASCII }) < 0
}

// CollapseSpaces trims s and makes each run of plain spaces in it one, as it draws.
func CollapseSpaces(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' }), " ")
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
