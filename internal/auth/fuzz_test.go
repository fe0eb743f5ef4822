package auth

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// A name that passes is NFKC, trimmed, without runs of spaces, at most 30 characters, free
// of hidden characters and of one alphabet; passing it again changes nothing.
func FuzzNormalizeDisplayName(f *testing.F) {
	for _, seed := range []string{"Parvati", "  Sandra  ", "P\u0430rvati", "Par\u200bvati", "Ｐａｒｖａｔｉ", "Anonymous", "パーバティ", "\u202e", "Tom   West", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		name, msg := NormalizeDisplayName(in)
		if msg != "" {
			if name != "" {
				t.Fatalf("%q: refused (%s) yet named %q", in, msg, name)
			}
			return
		}
		if name == "" || name != strings.TrimSpace(name) || strings.Contains(name, "  ") || !norm.NFKC.IsNormalString(name) || utf8.RuneCountInString(name) > MaxDisplayNameLength ||
			strings.IndexFunc(name, hidden) >= 0 || mixesScripts(name) {
			t.Fatalf("%q passed as %q", in, name)
		}
		if again, msg := NormalizeDisplayName(name); again != name || msg != "" {
			t.Fatalf("%q: not stable: %q %q", name, again, msg)
		}
	})
}
