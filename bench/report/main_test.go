package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const sample = `Running 3s test @ http://127.0.0.1:18080/api/home
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.71ms    1.03ms  21.56ms   80.12%
    Req/Sec     5.97k   502.11     6.90k    73.33%
  Latency Distribution
     50%  635.91us
     75%    2.80ms
     90%    3.60ms
     99%    1.20s
  35653 requests in 3.00s, 41.26MB read
  Socket errors: connect 0, read 0, write 0, timeout 12
  Non-2xx or 3xx responses: 7
Requests/sec:  11873.74
Transfer/sec:     13.74MB
status 200 35646
status 429 7
`

func TestParseWrk(t *testing.T) {
	r, err := ParseWrk(sample)
	if err != nil {
		t.Fatal(err)
	}
	if r.RPS != 11873.74 || r.P50 != 635910*time.Nanosecond || r.P99 != 1200*time.Millisecond || r.Requests != 35653 {
		t.Errorf("parsed %+v", r)
	}
	if r.Non2xx() != 7 || r.Statuses[200] != 35646 || r.Errors != "connect 0, read 0, write 0, timeout 12" {
		t.Errorf("statuses %v errors %q", r.Statuses, r.Errors)
	}
	if _, err := ParseWrk("unable to connect to 127.0.0.1:1 Connection refused"); err == nil {
		t.Error("a failed run parsed")
	}
}

func TestMarks(t *testing.T) {
	home := endpoints[1]
	if home.mark(Result{RPS: 6000, P99: 10 * time.Millisecond}, 0) != metMark(true) ||
		home.mark(Result{RPS: 6000, P99: 30 * time.Millisecond}, 0) != metMark(false) ||
		home.mark(Result{RPS: 6000, P99: time.Millisecond, Statuses: map[int]int{500: 1}}, 0) != metMark(false) {
		t.Error("home marks")
	}
	unsharedList := Endpoint{Key: "list_uncached", MinRatio: 0.1}
	if unsharedList.mark(Result{RPS: 6000}, 60000) != metMark(true) || unsharedList.mark(Result{RPS: 5999}, 60000) != metMark(false) ||
		unsharedList.mark(Result{RPS: 6000}, 0) != metMark(false) || unsharedList.target() != "≥ 0.1× minimal" {
		t.Error("ratio marks")
	}
	if thousands(1234567.4) != "1,234,567" || thousands(999) != "999" {
		t.Error(thousands(1234567.4))
	}
}

func TestSoakSectionReplacesOnlyItself(t *testing.T) {
	dir := t.TempDir()
	figures := "rate=0\ncycles=100000\nms=51100\naccounts=1000\naddresses=200\nrefused=0\nstalled=500\nstalled_opened=4500\nsaves=170\n" +
		"notifications=2692\np50_us=11900\np99_us=98300\nmax_us=290000\nupvote_p50_us=5000\nupvote_p99_us=20000\npeak_heap_mb=35\npeak_rss_mb=87\npeak_held_kb=91136\n" +
		"end_places=0\nend_accounts=0\nend_clients=0\nend_streams=0\n"
	if err := os.WriteFile(filepath.Join(dir, "stream_soak__sqlite__0.txt"), []byte(figures), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "benchmarks.md")
	before := "# Benchmarks\n\n## Every endpoint\n\nrows\n\n## Running it\n\nhow\n"
	if err := os.WriteFile(out, []byte(before), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 2 { // inserted, then replaced in place
		if err := replaceSoakSection(dir, out); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := os.ReadFile(out)
	report := string(got)
	if strings.Count(report, "## Live streams under churn") != 1 {
		t.Fatalf("want the section once:\n%s", report)
	}
	for _, want := range []string{"## Every endpoint\n\nrows\n", "| sqlite | flat out | 100,000 | 51.1 s |", "| 98 ms |", "0 / 0 / 0 / 0 | ✅ met |", "## Running it\n\nhow\n"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if strings.Index(report, "## Live streams") > strings.Index(report, "## Running it") {
		t.Errorf("the section belongs before Running it:\n%s", report)
	}
}

// A run that skipped verify, the import and the soak keeps those sections of the report
// it replaces, marked once as an earlier run's, and the sections after them stay whole.
func TestSkippedSectionsAreKept(t *testing.T) {
	prev := "# Benchmarks\n\n" + verifyHeading + "\n| sqlite | 10,000 | 11 s | 32 s | 1.00 |\n\n" + importHeading + "\n| sqlite | 10,000 | 100,000 | 72 s |\n\n## Every endpoint\n\nrows\n\n" +
		soakHeading + "\n| sqlite | 1,000/s | p99 8 ms |\n\n## Running it\n\nmake bench\n"
	r := &Run{Env: map[string]string{"main_lists": "100000"}}
	once := r.markdown(prev)
	for _, want := range []string{"| sqlite | 10,000 | 11 s | 32 s | 1.00 |", "| sqlite | 10,000 | 100,000 | 72 s |", "| sqlite | 1,000/s | p99 8 ms |"} {
		if !strings.Contains(once, want) {
			t.Errorf("lost %q:\n%s", want, once)
		}
	}
	twice := r.markdown(once)
	if n := strings.Count(twice, "_Not measured by this run"); n != 3 {
		t.Errorf("%d marks after two runs:\n%s", n, twice)
	}
	if strings.Count(twice, "## Running it") != 1 || strings.Count(twice, importHeading) != 1 {
		t.Errorf("sections repeated:\n%s", twice)
	}
	if fresh := r.markdown(""); strings.Contains(fresh, verifyHeading) || strings.Contains(fresh, importHeading) || strings.Contains(fresh, soakHeading) {
		t.Errorf("a first report invents sections:\n%s", fresh)
	}
}
