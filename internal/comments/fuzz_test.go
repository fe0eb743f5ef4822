package comments

import (
	"strings"
	"testing"
	"unicode/utf8"

	"castaway/internal/problem"
)

// Any comment text is refused with a problem or kept trimmed, non-empty, within the
// length limit and unchanged by a second cleaning; votes other than -1, 0 and 1 are refused.
func FuzzCleanText(f *testing.F) {
	for _, seed := range []string{"Parvati belongs at the top.", "   ", "", " padded\n", strings.Repeat("é", MaxLength), strings.Repeat("x", MaxLength+1),
		"<script>alert(1)</script>", "' OR 1=1 --", "\u200b", "\xff"} {
		f.Add(seed, 1)
	}
	f.Add("vote", 2)
	f.Add("vote", -2)
	f.Fuzz(func(t *testing.T, in string, vote int) {
		text, err := CleanText(in)
		if err != nil {
			if _, ok := problem.As(err); !ok || text != "" {
				t.Fatalf("%q: refused with %v, text %q", in, err, text)
			}
		} else {
			if text == "" || text != strings.TrimSpace(text) || utf8.RuneCountInString(text) > MaxLength || !strings.Contains(in, text) {
				t.Fatalf("%q kept as %q", in, text)
			}
			if again, err := CleanText(text); err != nil || again != text {
				t.Fatalf("%q: not stable: %q %v", text, again, err)
			}
		}
		if err := CheckVote(vote); (err == nil) != (vote >= -1 && vote <= 1) {
			t.Fatalf("vote %d: %v", vote, err)
		}
	})
}
