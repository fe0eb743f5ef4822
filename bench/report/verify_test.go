package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A verify-only run of one size adds its row to the table it finds: the other sizes keep
// their rows (their repair per list as printed), the new row's per list is worked out
// against the engine's smallest size, and a note names the build that measured it. A
// second run of the same size replaces the row and its note.
func TestVerifyOnlyRunAddsItsSizeToTheTable(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "benchmarks.md")
	write("benchmarks.md", "# Benchmarks\n\n"+verifyHeading+"\nwords\n\n| engine | lists | verify | verify --repair | repair per list |\n|---|---:|---:|---:|---:|\n"+
		"| sqlite | 10,000 | 3.60 s | 3.58 s | 1.00 |\n| sqlite | 100,000 | 40 s | 39 s | 1.10 |\n| postgres | 10,000 | 2.98 s | 2.91 s | 1.00 |\n\n"+
		importHeading+"\n| sqlite | 10,000 | 100,000 | 72 s |\n")
	write("run.env", "version=abc1234\ndate=2026-11-27T14:00Z\n")
	write("verify__sqlite__1000000.txt", "verify_ms=500000\nrepair_ms=537000\n")
	if err := replaceVerifySection(dir, out); err != nil {
		t.Fatal(err)
	}
	body, _ := os.ReadFile(out)
	report := string(body)
	for _, want := range []string{
		"| sqlite | 10,000 | 3.60 s | 3.58 s | 1.00 |\n| sqlite | 100,000 | 40 s | 39 s | 1.10 |\n| sqlite | 1,000,000 | 500 s | 537 s | 1.50 |\n| postgres | 10,000 | 2.98 s | 2.91 s | 1.00 |\n",
		verifyLaterMark + " sqlite at 1,000,000 lists measured alone (`BENCH_VERIFY_ONLY=1`), with castaway abc1234 on 2026-11-27T14:00Z.",
		importHeading + "\n| sqlite | 10,000 | 100,000 | 72 s |\n",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("want %q in:\n%s", want, report)
		}
	}

	write("run.env", "version=def5678\ndate=2026-11-28T09:00Z\n")
	write("verify__sqlite__1000000.txt", "verify_ms=400000\nrepair_ms=358000\n")
	if err := replaceVerifySection(dir, out); err != nil {
		t.Fatal(err)
	}
	body, _ = os.ReadFile(out)
	report = string(body)
	if !strings.Contains(report, "| sqlite | 1,000,000 | 400 s | 358 s | 1.00 |\n") || strings.Count(report, "| sqlite | 1,000,000 |") != 1 {
		t.Errorf("the second run's row is not the only 1,000,000 row:\n%s", report)
	}
	if strings.Count(report, verifyLaterMark) != 1 || !strings.Contains(report, "castaway def5678") {
		t.Errorf("want the second run's note alone:\n%s", report)
	}
}
