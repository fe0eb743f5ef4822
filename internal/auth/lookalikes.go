package auth

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/runenames"

	"castaway/internal/model"
)

// Username rules against impersonation: a name is NFKC-normalised; it may not hold
// invisible or direction-changing characters, letters outside everyday alphabets, mix
// alphabets, be a reserved name, or share its look-alike key (model.NameKey) with another
// user's name — which the database's unique index on that key enforces.

// NameKey is the key two names clash by, the one the database keeps unique.
func NameKey(name string) string { return model.NameKey(name) }

// reservedNames are names only the site speaks as, by their key.
var reservedNames = map[string]bool{}

func init() {
	for _, n := range []string{"anonymous", "admin", "administrator", "moderator", "mod",
		"survivor rankings", "survivorrankings", "system", "support", "staff", "official", "root", "deleted", "[deleted]"} {
		reservedNames[NameKey(n)] = true
	}
}

// hidden is a character that shows nothing or turns text around (model.HiddenChar), and in
// a name also any other format character (the joiners, emoji tags), variation selectors,
// spaces other than the plain one, and private use.
func hidden(r rune) bool {
	return r != ' ' && (model.HiddenChar(r) ||
		unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs, unicode.Variation_Selector) || unicode.IsSpace(r))
}

// everyday are the scripts UAX #31 recommends for identifiers (its table 5); UTS #39
// restricts the others (Cherokee, Runic, ...), whose letters mostly exist to be
// mistaken for Latin ones in a name. Each is named with the writing systems it belongs
// to: Han is shared by Chinese, Japanese and Korean, which UTS #39 treats each as one.
var everyday = map[*unicode.RangeTable][]string{
	unicode.Han: {"Hanb", "Jpan", "Kore"}, unicode.Hiragana: {"Jpan"}, unicode.Katakana: {"Jpan"},
	unicode.Hangul: {"Kore"}, unicode.Bopomofo: {"Hanb"},
	unicode.Latin: {"Latn"}, unicode.Cyrillic: {"Cyrl"}, unicode.Greek: {"Grek"}, unicode.Armenian: {"Armn"},
	unicode.Georgian: {"Geor"}, unicode.Hebrew: {"Hebr"}, unicode.Arabic: {"Arab"}, unicode.Thaana: {"Thaa"},
	unicode.Ethiopic: {"Ethi"}, unicode.Devanagari: {"Deva"}, unicode.Bengali: {"Beng"}, unicode.Gurmukhi: {"Guru"},
	unicode.Gujarati: {"Gujr"}, unicode.Oriya: {"Orya"}, unicode.Tamil: {"Taml"}, unicode.Telugu: {"Telu"},
	unicode.Kannada: {"Knda"}, unicode.Malayalam: {"Mlym"}, unicode.Sinhala: {"Sinh"}, unicode.Thai: {"Thai"},
	unicode.Lao: {"Laoo"}, unicode.Tibetan: {"Tibt"}, unicode.Myanmar: {"Mymr"}, unicode.Khmer: {"Khmr"},
}

// writingSystems names what r may be written in: nil for digits, punctuation and marks
// every script shares, and ok false for a character no everyday script has.
func writingSystems(r rune) ([]string, bool) {
	if unicode.In(r, unicode.Common, unicode.Inherited) {
		return nil, true
	}
	for script, systems := range everyday {
		if unicode.Is(script, r) {
			return systems, true
		}
	}
	return nil, false
}

// foreignLetters tells whether name uses a character of a script UTS #39 restricts, or
// a small capital: Latin letters that UTS #39 also restricts (they are phonetic symbols),
// which confusables.txt therefore leaves unmapped, so "ᴀᴅᴍɪɴ" would pass for "admin".
func foreignLetters(name string) bool {
	for _, r := range name {
		if _, ok := writingSystems(r); !ok {
			return true
		}
		if r > unicode.MaxASCII && unicode.IsLetter(r) && strings.Contains(runenames.Name(r), "SMALL CAPITAL") {
			return true
		}
	}
	return false
}

// mixesScripts tells whether name's characters come from more than one writing system:
// UTS #39's "single script" level, where Japanese (Han and kana), Korean (Han and Hangul)
// and Chinese (Han and Bopomofo) each count as one. Its stricter "highly restrictive"
// level would let Latin join Han too; it is refused here, because a Han character such
// as 丶 after a Latin name reads as a mark ("admin丶").
func mixesScripts(name string) bool {
	var common map[string]bool // the writing systems every character so far belongs to
	for _, r := range name {
		systems, _ := writingSystems(r)
		if systems == nil {
			continue
		}
		next := map[string]bool{}
		for _, s := range systems {
			if common == nil || common[s] {
				next[s] = true
			}
		}
		if len(next) == 0 {
			return true
		}
		common = next
	}
	return false
}
