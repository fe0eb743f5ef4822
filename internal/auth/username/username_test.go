package username

import (
	"strings"
	"testing"
)

func TestKey(t *testing.T) {
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
		{"bill", "bob", false},
		{"Parvati", "Parvati2", false},
		{"Tony", "Tina", false},
		{"Парвати", "Parvati", false},
		{"パーバティ", "パーバテイ", false},
	} {
		if got := Key(tc.a) == Key(tc.b); got != tc.clash {
			t.Errorf("%q (%q) and %q (%q) clash: %v, want %v", tc.a, Key(tc.a), tc.b, Key(tc.b), got, tc.clash)
		}
		if k := Key(tc.a); Key(k) != k {
			t.Errorf("Key(%q) = %q, whose own key is %q", tc.a, k, Key(k))
		}
	}
}

func TestVariant(t *testing.T) {
	long := strings.Repeat("y", MaxLength)
	for _, tc := range []struct {
		name  string
		taken []string
		want  string
	}{
		{"ann", nil, "ann"},
		{"Ann", []string{"ann"}, "Ann2"},
		{"јоеууеуа", []string{"joeyyeya", "JOEYYEYA2"}, "јоеууеуа3"},
		{long, []string{long}, long[:MaxLength-1] + "2"},
	} {
		taken := map[string]bool{}
		for _, n := range tc.taken {
			taken[Key(n)] = true
		}
		if got := Variant(tc.name, taken); got != tc.want {
			t.Errorf("Variant(%q, %v) = %q, want %q", tc.name, tc.taken, got, tc.want)
		}
	}
}
