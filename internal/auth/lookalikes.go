package auth

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"castaway/internal/store"
)

// Username rules against impersonation: a name is NFKC-normalised; it may not hold
// invisible or direction-changing characters, mix letters of different alphabets, be a
// reserved name, or be a look-alike of another user's name.
const (
	MsgUsernameHidden   = "Username cannot contain invisible or direction-changing characters."
	MsgUsernameMixed    = "Username cannot mix letters from different alphabets."
	MsgUsernameReserved = "That username is reserved. Please choose another."
)

// reservedNames are names only the site speaks as, compared by their skeleton.
var reservedNames = map[string]bool{}

func init() {
	for _, n := range []string{"anonymous", "admin", "administrator", "moderator", "mod",
		"survivor rankings", "survivorrankings", "system", "support", "staff", "official", "root", "deleted", "[deleted]"} {
		reservedNames[NameSkeleton(n)] = true
	}
}

// hidden is a character that shows nothing or turns text around: format characters
// (zero-width spaces and joiners, bidirectional controls, BOM), variation selectors,
// spaces other than the plain one, private use, and the blank-looking letters.
func hidden(r rune) bool {
	switch r {
	case ' ':
		return false
	case '\u115f', '\u1160', '\u3164', '\uffa0', '\u2800', '\u034f':
		return true
	}
	return unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp, unicode.Variation_Selector) ||
		unicode.IsSpace(r)
}

// scripts a name's letters may come from; a letter of any other script counts as its own.
var scripts = map[string]*unicode.RangeTable{
	"Latin": unicode.Latin, "Cyrillic": unicode.Cyrillic, "Greek": unicode.Greek, "Armenian": unicode.Armenian,
	"Hebrew": unicode.Hebrew, "Arabic": unicode.Arabic, "Han": unicode.Han, "Hiragana": unicode.Hiragana,
	"Katakana": unicode.Katakana, "Hangul": unicode.Hangul, "Thai": unicode.Thai, "Devanagari": unicode.Devanagari,
	"Cherokee": unicode.Cherokee, "Georgian": unicode.Georgian,
}

// mixesScripts tells whether name's letters come from more than one alphabet, Japanese
// (Han with kana) and Korean (Han with Hangul) writing aside.
func mixesScripts(name string) bool {
	seen := map[string]bool{}
	for _, r := range name {
		if !unicode.IsLetter(r) || unicode.In(r, unicode.Common, unicode.Inherited) {
			continue
		}
		found := "other"
		for s, t := range scripts {
			if unicode.Is(t, r) {
				found = s
				break
			}
		}
		seen[found] = true
	}
	delete(seen, "Han")
	if len(seen) <= 1 {
		return false
	}
	return !(len(seen) == 2 && seen["Hiragana"] && seen["Katakana"])
}

// confusables are letters of other alphabets that look like a Latin one (after case
// folding), from Unicode's confusables list for the scripts fans are likeliest to meet.
var confusables = strings.NewReplacer(
	// Cyrillic
	"а", "a", "в", "b", "с", "c", "ԁ", "d", "е", "e", "һ", "h", "і", "i", "ј", "j", "к", "k", "ӏ", "l",
	"м", "m", "н", "h", "о", "o", "р", "p", "ԛ", "q", "ѕ", "s", "т", "t", "у", "y", "ѵ", "v", "ԝ", "w", "х", "x", "ү", "y",
	// Greek
	"α", "a", "β", "b", "ε", "e", "η", "n", "ι", "i", "κ", "k", "μ", "u", "ν", "v", "ο", "o", "ρ", "p",
	"τ", "t", "υ", "u", "χ", "x", "γ", "y", "ω", "w",
	// Latin look-alikes
	"ı", "i", "ɡ", "g", "ɑ", "a", "0", "o", "1", "l", "|", "l",
)

// NameSkeleton is what a name looks like: normalised, case-folded, look-alike letters
// replaced by the Latin ones they imitate, marks dropped. Two names with one skeleton
// are hard to tell apart.
func NameSkeleton(name string) string {
	folded := store.FoldKey(norm.NFKD.String(norm.NFKC.String(name)))
	var b strings.Builder
	for _, r := range folded {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return confusables.Replace(b.String())
}
