package store

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecodeCursor: any text is a cursor the store made, whose parts are UTF-8 text without
// a NUL and read back the same once made again, or ErrBadCursor; nothing else reaches a query.
func FuzzDecodeCursor(f *testing.F) {
	for _, seed := range []string{"", "bmV3ZXN0CjEKMQoACgA", encodeCursor("newest", "1", "1", "u", "l"),
		encodeCursor("1", "\x00"), encodeCursor("1", "a\x00b", "c"), encodeCursor("1", "\xff"), "nonsense", "====", "bmV3"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, c string) {
		for n := 1; n <= 5; n++ {
			parts, err := decodeCursor(c, n)
			if err != nil {
				if err != ErrBadCursor {
					t.Fatalf("%q: %v", c, err)
				}
				continue
			}
			if len(parts) != n {
				t.Fatalf("%q: %d parts, asked %d", c, len(parts), n)
			}
			for _, p := range parts {
				if !utf8.ValidString(p) || strings.ContainsRune(p, 0) {
					t.Fatalf("%q: part %q", c, p)
				}
			}
			if again, err := decodeCursor(encodeCursor(parts...), n); err != nil || !slices.Equal(again, parts) {
				t.Fatalf("%q: made again %q %v", c, again, err)
			}
		}
		if _, _, err := timeCursor(c, 2); err != nil && err != ErrBadCursor {
			t.Fatalf("%q: %v", c, err)
		}
	})
}
