package store

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// bareLimit finds a LIMIT or OFFSET taken straight from a bound parameter, in SQL text
// ($n) or built by the browse code (` + arg(...)).
var bareLimit = regexp.MustCompile("(LIMIT|OFFSET) (\\$[0-9]|` \\+ arg)")

// No statement takes its LIMIT or OFFSET from a bare bound parameter. SQLite (3.47 and
// later) reads such a parameter's value while it plans, and marks the statement to be
// compiled again whenever the parameter is bound, that is on every run: a prepared read
// (readPool) is then parsed and planned anew each time, which was most of the cost of the
// home page's week's top. CAST($n AS BIGINT) is not read so; PostgreSQL takes it alike.
func TestNoLimitFromABareParameter(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if bareLimit.MatchString(line) {
				t.Errorf("%s:%d: a LIMIT or OFFSET from a bare parameter (write CAST($n AS BIGINT)): %s", f, i+1, strings.TrimSpace(line))
			}
		}
	}
}
