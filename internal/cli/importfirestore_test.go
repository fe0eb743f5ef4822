package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// rawControl finds the first rune in s a terminal would act on rather than show: a C0
// control other than newline and tab, DEL, a C1 control, a bidirectional control, or
// (as U+FFFD) a byte that is not UTF-8.
func rawControl(s string) (rune, int, bool) {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return r, i, true
			}
		}
		switch {
		case r == '\n' || r == '\t':
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f,
			r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
			return r, i, true
		}
	}
	return 0, 0, false
}

// import-firestore prints every value from the export escaped: a hostile export (see
// importer/testdata/hostile-export.json) can neither clear the operator's screen, set the
// window title, forge a line nor reorder one, in the report, in the --report file or in
// the error of an export it cannot read.
func TestImportFirestorePrintsNoRawControls(t *testing.T) {
	for name, url := range engines(t) {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			export := "../importer/testdata/hostile-export.json"
			reportFile := filepath.Join(dir, "report.txt")
			out, err := runCmd(t, "import-firestore", export, "--quiet", "--report", reportFile, "--database-url", url(t), "--data-dir", dir)
			if err != nil {
				t.Fatalf("import: %v\n%s", err, out)
			}
			report, err := os.ReadFile(reportFile)
			if err != nil {
				t.Fatal(err)
			}
			for what, text := range map[string]string{"output": out, "report file": string(report)} {
				if r, i, ok := rawControl(text); ok {
					t.Errorf("%s carries a raw %U at byte %d: %q", what, r, i, text[max(i-40, 0):min(i+40, len(text))])
				}
			}
			// The values are there, escaped: the operator still sees what was left out.
			for _, want := range []string{`\x1b[2J\x1b]0;pwned\a\rimport finished OK\u202e`, `u\u202eevil`, `\x1b[2J\x1b[H\r`, `x\x00\a`, `\u009b2J`} {
				if !strings.Contains(out, want) {
					t.Errorf("output lacks %s:\n%s", want, out)
				}
			}

			// An export that is not one: the error names the collection, escaped.
			broken := filepath.Join(dir, "broken.json")
			os.WriteFile(broken, []byte(`{"\u001b[2J\u001b]0;pwned\u0007": "\u001b[2Jnot a collection\u202e"}`), 0o600)
			out, err = runCmd(t, "import-firestore", broken, "--quiet", "--database-url", url(t), "--data-dir", dir)
			if err == nil {
				t.Fatalf("a broken export was imported:\n%s", out)
			}
			if r, i, ok := rawControl(out); ok {
				t.Errorf("the error carries a raw %U at byte %d: %q", r, i, out)
			}
		})
	}
}
