package model

import (
	"strings"
	"testing"
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
		{"bill", "bob", false},
		{"Parvati", "Parvati2", false},
		{"Tony", "Tina", false},
		{"Парвати", "Parvati", false},
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
