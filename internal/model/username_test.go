package model

import (
	"strings"
	"testing"
	"unicode"
)

func TestNameKey(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		clash bool
	}{
		{"joeyyeya", "јоеууеуа", true}, // Cyrillic
		{"joeyyeya", "ЈОЕУУЕУА", true},
		{"Admin", "admin", true},
		{"ADMIN", "admin", true},
		{"bill", "biII", true}, // capital I for l
		{"BILL", "biII", true},
		{"bill", "bi11", true},
		{"Pace", "Расе", true},
		{"modern", "rnodern", true},
		{"b0b", "bob", true},
		{"Ｐａｒｖａｔｉ", "parvati", true}, // full width
		{"Sândra", "Sandra", true},   // marks are left out
		{"Émile", "emile", true},
		{"Straße", "STRASSE", true},
		{"Παρβατι", "παρβατι", true},
		{"admin丶", "admin\\", true}, // UTS #39 maps the stroke to a backslash
		// Greek and Cyrillic capitals: the skeleton is taken before the case is folded,
		// as Greek and Cyrillic small letters do not map to Latin ones.
		{"ΚΑΤΕ", "KATE", true},
		{"КАТЕ", "Kate", true},
		{"ΚΑΤΕ", "kate", true},
		{"КАТЕ", "ΚΑΤΕ", true},
		{"Κατε", "kate", true},
		{"ΤΟΒΥ", "TOBY", true},
		{"ТОВУ", "toby", true},
		{"ΗΟΡΕ", "HOPE", true},
		{"ΒΕΤΗ", "Beth", true},
		{"МАХ", "MAX", true},
		{"ΤΑΜΜΥ", "tammy", true},
		{"ΠΑΡΒΑΤΙ", "Παρβατι", true}, // still blind to case within one alphabet
		{"МАКС", "Макс", true},
		{"Tom   West", "Tom West", true}, // runs of spaces draw as one
		{" Tom West ", "Tom West", true},
		{"bill", "bob", false},
		{"Parvati", "Parvati2", false},
		{"Tony", "Tina", false},
		{"Парвати", "Parvati", false},
		{"Tom West", "TomWest", false},
		{"パーバティ", "パーバテイ", false},
	} {
		if got := NameKey(tc.a) == NameKey(tc.b); got != tc.clash {
			t.Errorf("%q (%q) and %q (%q) clash: %v, want %v", tc.a, NameKey(tc.a), tc.b, NameKey(tc.b), got, tc.clash)
		}
		if k := NameKey(tc.a); NameKey(k) != k {
			t.Errorf("NameKey(%q) = %q, whose own key is %q", tc.a, k, NameKey(k))
		}
	}
}

// Every character of the everyday alphabets keys as its capital and small forms do, and a
// key is its own key (so a prefix search by key finds what a name's key starts with).
func TestNameKeyIsCaseBlindAndStable(t *testing.T) {
	for r := rune(' '); r <= unicode.MaxRune; r++ {
		if !unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Armenian, unicode.Georgian, unicode.Common) ||
			!unicode.IsPrint(r) {
			continue
		}
		s := string(r)
		k := NameKey(s)
		if NameKey(k) != k {
			t.Errorf("NameKey(%q) = %q, whose own key is %q", s, k, NameKey(k))
		}
		if up, low := NameKey(strings.ToUpper(s)), NameKey(strings.ToLower(s)); up != k || low != k {
			t.Errorf("%q keys as %q, its capital as %q, its small form as %q", s, k, up, low)
		}
	}
}

func TestNameVariant(t *testing.T) {
	long := strings.Repeat("y", MaxNameLength)
	for _, tc := range []struct {
		name  string
		taken []string
		want  string
	}{
		{"ann", nil, "ann"},
		{"Ann", []string{"ann"}, "Ann2"},
		{"јоеууеуа", []string{"joeyyeya", "JOEYYEYA2"}, "јоеууеуа3"},
		{long, []string{long}, long[:MaxNameLength-1] + "2"},
	} {
		taken := map[string]bool{}
		for _, n := range tc.taken {
			taken[NameKey(n)] = true
		}
		if got := NameVariant(tc.name, taken); got != tc.want {
			t.Errorf("NameVariant(%q, %v) = %q, want %q", tc.name, tc.taken, got, tc.want)
		}
	}
}
