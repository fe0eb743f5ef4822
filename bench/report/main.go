// Command report turns the raw output of bench/run.sh (wrk runs, load times, the
// machine) into docs/benchmarks.md: requests per second, p50 and p99 and the ratio to
// the minimal handler per endpoint and engine (each read shared and not shared), how the
// reads grow with the number of lists, and a met/missed mark against each target.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	dir := flag.String("dir", "", "folder of raw results written by bench/run.sh")
	out := flag.String("out", "docs/benchmarks.md", "report to write")
	streamsOnly := flag.Bool("streams-only", false, "replace only the live streams' section of the report in -out with -dir's soak figures")
	verifyOnly := flag.Bool("verify-only", false, "put -dir's verify timings into the recount section of the report in -out (other sizes keep their rows)")
	flag.Parse()
	if *streamsOnly || *verifyOnly {
		replace := replaceSoakSection
		if *verifyOnly {
			replace = replaceVerifySection
		}
		if err := replace(*dir, *out); err != nil {
			log.Fatal(err)
		}
		return
	}
	r, err := load(*dir)
	if err != nil {
		log.Fatal(err)
	}
	prev, _ := os.ReadFile(*out) // none yet: nothing to keep
	if err := os.WriteFile(*out, []byte(r.markdown(string(prev))), 0o644); err != nil {
		log.Fatal(err)
	}
}

// Result is one wrk run.
type Result struct {
	Engine   string
	Lists    int
	Endpoint string
	RPS      float64
	P50, P99 time.Duration
	Requests int
	Statuses map[int]int // from bench/status.lua
	Errors   string      // wrk's socket errors line, when any
}

// Non2xx counts responses that were not 2xx or 3xx.
func (r Result) Non2xx() int {
	n := 0
	for code, c := range r.Statuses {
		if code >= 400 {
			n += c
		}
	}
	return n
}

// ParseWrk reads the output of `wrk --latency` with bench/status.lua.
func ParseWrk(text string) (Result, error) {
	r := Result{Statuses: map[int]int{}}
	var sawRPS, sawP99 bool
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) == 2 && f[0] == "Requests/sec:":
			v, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				return r, fmt.Errorf("requests/sec %q: %w", f[1], err)
			}
			r.RPS, sawRPS = v, true
		case len(f) == 2 && (f[0] == "50%" || f[0] == "99%"):
			d, err := parseWrkDuration(f[1])
			if err != nil {
				return r, err
			}
			if f[0] == "50%" {
				r.P50 = d
			} else {
				r.P99, sawP99 = d, true
			}
		case len(f) >= 4 && f[1] == "requests" && f[2] == "in":
			r.Requests, _ = strconv.Atoi(f[0])
		case len(f) == 3 && f[0] == "status":
			code, err1 := strconv.Atoi(f[1])
			n, err2 := strconv.Atoi(f[2])
			if err1 == nil && err2 == nil {
				r.Statuses[code] += n
			}
		case len(f) > 2 && f[0] == "Socket" && f[1] == "errors:":
			r.Errors = strings.Join(f[2:], " ")
		}
	}
	if !sawRPS || !sawP99 {
		return r, fmt.Errorf("no Requests/sec or 99%% latency in wrk output")
	}
	return r, nil
}

// parseWrkDuration reads wrk's latencies: 635.91us, 1.20ms, 2.01s, 1.00m.
func parseWrkDuration(s string) (time.Duration, error) {
	units := []struct {
		suffix string
		unit   time.Duration
	}{{"us", time.Microsecond}, {"ms", time.Millisecond}, {"s", time.Second}, {"m", time.Minute}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			v, err := strconv.ParseFloat(num, 64)
			if err != nil {
				return 0, fmt.Errorf("latency %q: %w", s, err)
			}
			return time.Duration(v * float64(u.unit)), nil
		}
	}
	return 0, fmt.Errorf("latency %q: unknown unit", s)
}

// Load is one demo-data load.
type Load struct {
	Engine   string
	Lists    int
	Users    int
	Took     time.Duration
	Summary  string
	DeepPage string
}

// Import is one timed import of the generated Firestore export.
type Import struct {
	Engine       string
	Users, Lists int
	Took         time.Duration
}

// Run is everything one bench run measured.
type Run struct {
	Env      map[string]string
	Results  []Result
	Loads    []Load
	Imports  []Import
	Verifies []Verify
	// AfterWrites: whether castaway verify found every count in step after the writes, by engine.
	AfterWrites map[string]bool
	Soaks       []Soak
	Bursts      []Burst
}

// Burst is one burst of sign-ups sent at once from as many addresses (bench/run.sh's signup_burst).
type Burst struct {
	Engine    string
	Lists     int
	N, OK     int
	Took      time.Duration
	Responses string        // "29× 201, 1× 503"
	CPU       time.Duration // the server's CPU time (user and system) over the burst
	Load      string        // the machine's 1-minute load average as the burst began
}

func load(dir string) (*Run, error) {
	r := &Run{Env: map[string]string{}}
	env, err := readKV(filepath.Join(dir, "run.env"))
	if err != nil {
		return nil, err
	}
	r.Env = env
	files, _ := filepath.Glob(filepath.Join(dir, "wrk__*.txt"))
	for _, f := range files {
		parts := strings.Split(strings.TrimSuffix(filepath.Base(f), ".txt"), "__")
		if len(parts) != 4 {
			continue
		}
		body, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		res, err := ParseWrk(string(body))
		if err != nil {
			log.Printf("%s: %v (skipped)", f, err)
			continue
		}
		res.Engine, res.Endpoint = parts[1], parts[3]
		res.Lists, _ = strconv.Atoi(parts[2])
		r.Results = append(r.Results, res)
	}
	err = readKVFiles(dir, "load", 2, func(name []string, kv map[string]string) {
		l := Load{Engine: name[0], Summary: kv["summary"], DeepPage: kv["deep_page"], Took: millis(kv, "ms")}
		l.Lists, _ = strconv.Atoi(name[1])
		l.Users, _ = strconv.Atoi(kv["users"])
		r.Loads = append(r.Loads, l)
	})
	if err != nil {
		return nil, err
	}
	err = readKVFiles(dir, "verify_after_writes", 2, func(name []string, kv map[string]string) {
		if r.AfterWrites == nil {
			r.AfterWrites = map[string]bool{}
		}
		r.AfterWrites[name[0]] = kv["clean"] == "1"
	})
	if err != nil {
		return nil, err
	}
	err = readKVFiles(dir, "import", 0, func(name []string, kv map[string]string) {
		im := Import{Engine: strings.Join(name, "__"), Took: millis(kv, "ms")}
		im.Users, _ = strconv.Atoi(kv["users"])
		im.Lists, _ = strconv.Atoi(kv["lists"])
		r.Imports = append(r.Imports, im)
	})
	if err != nil {
		return nil, err
	}
	err = readKVFiles(dir, "burst", 2, func(name []string, kv map[string]string) {
		b := Burst{Engine: name[0], Took: millis(kv, "ms"), Responses: kv["codes"], CPU: millis(kv, "cpu_ms"), Load: kv["load"]}
		b.Lists, _ = strconv.Atoi(name[1])
		b.N, _ = strconv.Atoi(kv["n"])
		b.OK, _ = strconv.Atoi(kv["ok"])
		r.Bursts = append(r.Bursts, b)
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(r.Bursts, func(i, j int) bool { return engineOrder(r.Bursts[i].Engine) < engineOrder(r.Bursts[j].Engine) })
	if r.Verifies, err = loadVerifies(dir); err != nil {
		return nil, err
	}
	if r.Soaks, err = loadSoaks(dir); err != nil {
		return nil, err
	}
	sort.Slice(r.Imports, func(i, j int) bool { return engineOrder(r.Imports[i].Engine) < engineOrder(r.Imports[j].Engine) })
	sort.Slice(r.Loads, func(i, j int) bool {
		if r.Loads[i].Engine != r.Loads[j].Engine {
			return engineOrder(r.Loads[i].Engine) < engineOrder(r.Loads[j].Engine)
		}
		return r.Loads[i].Lists < r.Loads[j].Lists
	})
	return r, nil
}

// grows tells whether an endpoint is measured at every size: home, browse, the consensus
// pages, castaway and season pages, and a list page and its comments from the server
// sharing no reads.
func grows(key string) bool {
	for _, prefix := range []string{"home", "feed", "browse", "consensus", "castaway", "season", "list_uncached", "comments_uncached", "list_page", "user_page"} {
		if strings.HasPrefix(key, prefix) {
			return true
		}
	}
	return false
}

func engineOrder(e string) int {
	if e == "sqlite" {
		return 0
	}
	return 1
}

// readKVFiles reads dir's kind__<field>[__<field>...].txt files of key=value lines (those
// with n fields in their name, or any number when n is 0), handing each file's name
// fields and values to read.
func readKVFiles(dir, kind string, n int, read func(name []string, kv map[string]string)) error {
	files, _ := filepath.Glob(filepath.Join(dir, kind+"__*.txt"))
	for _, f := range files {
		name := strings.Split(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), kind+"__"), ".txt"), "__")
		if n != 0 && len(name) != n {
			continue
		}
		kv, err := readKV(f)
		if err != nil {
			return err
		}
		read(name, kv)
	}
	return nil
}

// millis is the whole milliseconds kv holds under key as a duration (0 when missing).
func millis(kv map[string]string, key string) time.Duration {
	ms, _ := strconv.Atoi(kv[key])
	return time.Duration(ms) * time.Millisecond
}

func readKV(path string) (map[string]string, error) {
	body, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	kv := map[string]string{}
	for _, line := range strings.Split(string(body), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			kv[k] = v
		}
	}
	return kv, nil
}

// Endpoint describes one measured request and its target.
type Endpoint struct {
	Key, Label string
	MinRPS     float64       // 0: no throughput target
	MaxP99     time.Duration // 0: no latency target
	MinRatio   float64       // 0: no target against the minimal handler of the same run
}

// unshared is the label suffix of a read measured from the server sharing no reads.
const unshared = ", not shared (the server sharing no reads)"

// Each read is followed by the same read from the server sharing none (key suffix
// "_uncached"): what a long tail of different pages, or a second node, costs the database.
var endpoints = []Endpoint{
	{"minimal", "minimal Go net/http handler (yardstick)", 0, 0, 0},
	{"home_out", "home, signed out", 5000, 20 * time.Millisecond, 0},
	{"home_out_uncached", "home, signed out" + unshared, 0, 0, 0.05},
	{"home_in", "home, signed in", 5000, 20 * time.Millisecond, 0},
	{"feed_follows_5", "feed page: a fan following 5", 2000, 50 * time.Millisecond, 0},
	{"feed_follows_2000", "feed page: a fan following 2,000", 2000, 50 * time.Millisecond, 0},
	{"browse_newest", "browse: newest, first page", 2000, 50 * time.Millisecond, 0},
	{"browse_newest_uncached", "browse: newest, first page" + unshared, 0, 0, 0.05},
	{"browse_votes_tag", "browse: most votes, tag strategic", 2000, 50 * time.Millisecond, 0},
	{"browse_votes_tag_uncached", "browse: most votes, tag strategic" + unshared, 0, 0, 0.05},
	{"browse_search", "browse: text search \"parvati\"", 2000, 50 * time.Millisecond, 0},
	{"browse_search_uncached", "browse: text search \"parvati\"" + unshared, 0, 0, 0},
	{"browse_deep", "browse: a deep page", 0, 0, 0},
	{"browse_tiers", "browse: tier lists only (format=tiers)", 2000, 50 * time.Millisecond, 0},
	{"consensus_season", "community ranking of a season's cast (s20)", 5000, 20 * time.Millisecond, 0},
	{"consensus_season_uncached", "community ranking of a season's cast (s20)" + unshared, 0, 0, 0.05},
	{"consensus_seasons", "community ranking of the seasons", 5000, 20 * time.Millisecond, 0},
	{"consensus_seasons_uncached", "community ranking of the seasons" + unshared, 0, 0, 0},
	{"prediction_board", "leaderboard of a season on air's predictions (s51, every fan's)", 0, 0, 0.25},
	{"prediction_board_uncached", "leaderboard of a season on air's predictions (s51, every fan's)" + unshared, 0, 0, 0.1},
	{"castaway", "a castaway's page (Parvati Shallow: 4 seasons, first page of lists)", 5000, 20 * time.Millisecond, 0},
	{"castaway_uncached", "a castaway's page" + unshared, 0, 0, 0.05},
	{"season_game", "a season's game (s20: every vote, boot, idol, the jury), gzip", 0, 0, 0.25},
	{"season_game_uncached", "a season's game (s20)" + unshared, 0, 0, 0.1},
	{"season_page", "a season's page, HTML (s20), gzip", 0, 0, 0.25},
	{"season_page_uncached", "a season's page, HTML (s20)" + unshared, 0, 0, 0.1},
	{"castaway_game", "a castaway's game (Parvati Shallow: 5 seasons), gzip", 0, 0, 0.25},
	{"castaway_game_uncached", "a castaway's game" + unshared, 0, 0, 0.1},
	{"castaway_page", "a castaway's page, HTML (Parvati Shallow), gzip", 0, 0, 0.25},
	{"castaway_page_uncached", "a castaway's page, HTML" + unshared, 0, 0, 0.1},
	{"home_page", "home, HTML (/), gzip", 0, 0, 0.25},
	{"home_page_uncached", "home, HTML" + unshared, 0, 0, 0.1},
	{"user_page", "a fan's page, HTML (the most upvoted list's author), gzip", 0, 0, 0.25},
	{"user_page_uncached", "a fan's page, HTML" + unshared, 0, 0, 0.1},
	{"list_page", "a list's page, HTML (the most upvoted list), gzip", 0, 0, 0.25},
	{"list_page_uncached", "a list's page, HTML" + unshared, 0, 0, 0.1},
	{"list_page_many", "lists' pages, HTML, a different list each request (the lists of browse pages 2–9), gzip", 0, 0, 0.25},
	{"list_page_many_uncached", "lists' pages, HTML, a different list each request" + unshared, 0, 0, 0.1},
	// Each request reads a list not read lately (its row and entries, from disk when cold):
	// the database's cost, as the same lists' JSON; the page's build is a sixth of it.
	{"list_page_oneoff_uncached", "lists' pages, HTML, each a page built anew (up to 20,000 lists of the sitemap in turn, more than the server keeps)" + unshared, 0, 0, 0},
	{"sitemap_lists", "a page of the lists' sitemap (up to 50,000 URLs, gzip)", 0, 0, 0},
	{"sitemap_lists_uncached", "a page of the lists' sitemap" + unshared, 0, 0, 0},
	{"list", "a list page (the most upvoted list)", 8000, 0, 0},
	{"list_uncached", "a list page (the most upvoted list)" + unshared, 0, 0, 0.1},
	{"list_ranked_twin", "a ranked list's page (20 entries)", 8000, 0, 0},
	{"list_tiers", "a tier list's page (the same 20 entries in 6 tiers)", 8000, 0, 0},
	{"list_many", "list pages, a different list each request (64 lists)", 0, 0, 0},
	{"list_many_uncached", "list pages, a different list each request (64 lists)" + unshared, 0, 0, 0.1},
	{"comments", "that list's comments", 0, 0, 0},
	{"comments_uncached", "that list's comments" + unshared, 0, 0, 0.1},
	{"catalog", "the catalog (all seasons), gzip as browsers ask", 20000, 0, 0},
	{"catalog_identity", "the catalog (all seasons), uncompressed (86 KB)", 0, 0, 0},
	{"comment_post", "post a comment (signed in)", 0, 0, 0.1},
	{"upvote", "upvote / withdraw (PUT, DELETE; signed in)", 0, 0, 0.1},
	{"favorite", "favorite / unfavorite a list (PUT, DELETE; signed in)", 0, 0, 0.1},
	{"follow", "follow / unfollow a fan (PUT, DELETE; signed in)", 0, 0, 0.1},
	{"comment_vote", "upvote a comment / take it back (PUT 1, PUT 0; signed in)", 0, 0, 0.1},
	{"ballot", "cast a global ballot / replace it (PUT; signed in)", 0, 0, 0.1},
	{"share_304", "share image, revalidated (304, nothing drawn)", 0, 0, 0},
	{"share_draw", "share image, drawn (4 connections, 2 drawing slots)", 0, 0, 0},
}

func (e Endpoint) target() string {
	var parts []string
	if e.MinRPS > 0 {
		parts = append(parts, fmt.Sprintf("≥ %s req/s", thousands(e.MinRPS)))
	}
	if e.MinRatio > 0 {
		parts = append(parts, fmt.Sprintf("≥ %g× minimal", e.MinRatio))
	}
	if e.MaxP99 > 0 {
		parts = append(parts, fmt.Sprintf("p99 < %d ms", e.MaxP99.Milliseconds()))
	}
	return strings.Join(parts, ", ")
}

// mark tells whether r meets e's target, given the minimal handler's req/s of the same
// run (0: not measured): "", "met" or "missed".
func (e Endpoint) mark(r Result, minimal float64) string {
	if e.MinRPS == 0 && e.MaxP99 == 0 && e.MinRatio == 0 {
		return ""
	}
	ok := (e.MinRPS == 0 || r.RPS >= e.MinRPS) && (e.MaxP99 == 0 || r.P99 < e.MaxP99) && r.Non2xx() == 0 &&
		(e.MinRatio == 0 || (minimal > 0 && r.RPS >= e.MinRatio*minimal))
	return metMark(ok)
}

func metMark(ok bool) string {
	if ok {
		return "✅ met"
	}
	return "❌ missed"
}

func thousands(v float64) string {
	s := strconv.FormatInt(int64(math.Round(v)), 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

func ms(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.0f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	}
}

// summaryRows keeps what demo-data wrote from its closing line
// "demo data in sqlite (1.4s): 200 users, ...".
func summaryRows(line string) string {
	if _, rows, ok := strings.Cut(line, "): "); ok {
		return rows
	}
	return line
}

func (r *Run) find(engine string, lists int, endpoint string) (Result, bool) {
	for _, x := range r.Results {
		if x.Engine == engine && x.Lists == lists && x.Endpoint == endpoint {
			return x, true
		}
	}
	return Result{}, false
}

func (r *Run) engines() []string {
	var out []string
	for _, e := range strings.Fields(r.Env["engines"]) {
		out = append(out, e)
	}
	return out
}

func (r *Run) sizes() []int {
	seen := map[int]bool{}
	var out []int
	for _, x := range r.Results {
		if !seen[x.Lists] {
			seen[x.Lists] = true
			out = append(out, x.Lists)
		}
	}
	sort.Ints(out)
	return out
}

func statusNote(x Result) string {
	var parts []string
	codes := make([]int, 0, len(x.Statuses))
	for c := range x.Statuses {
		if c >= 400 {
			codes = append(codes, c)
		}
	}
	sort.Ints(codes)
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%d× %d", x.Statuses[c], c))
	}
	if x.Errors != "" {
		parts = append(parts, "socket errors: "+x.Errors)
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// Sections a run may skip (BENCH_VERIFY=0, BENCH_IMPORT_LISTS=0, BENCH_STREAMS=0): the report keeps
// them from the one it replaces, marked as an earlier run's, rather than losing them.
const (
	verifyHeading = "## Recounting the aggregates\n"
	importHeading = "## Importing the earlier product's data\n"
	soakHeading   = "## Live streams under churn and stalled readers\n"
	burstHeading  = "## Sign-ups at once\n"
)

// burstTarget is how long a burst of sign-ups may take, every one of them succeeding.
const burstTarget = 5 * time.Second

// burstSection is the sign-up bursts' table.
func (r *Run) burstSection() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", burstHeading)
	b.WriteString("After an episode airs, fans sign up together. bench/run.sh sends that many sign-ups at once (`curl` under `xargs -P`), ")
	b.WriteString("each from its own client address (X-Forwarded-For, which the server trusts from its loopback proxy), ")
	b.WriteString("at the end of the main size's run; each waits at most 60 s. Password hashing stays bounded (SECURITY.md): ")
	b.WriteString("the sign-ups wait their turn for it. Target: every one succeeds within 5 s.\n\n")
	b.WriteString("Nearly all of a sign-up's cost is its one argon2id hash, so the time for all is about the server's CPU time ")
	b.WriteString("over the burst divided by the cores it got: on a machine busy with other work (its load average as the burst began), ")
	b.WriteString("the same CPU time takes longer.\n\n")
	b.WriteString("| engine | lists | sign-ups at once | succeeded | time for all | server CPU | load average | answers | target | |\n|---|---:|---:|---:|---:|---:|---:|---|---|---|\n")
	for _, x := range r.Bursts {
		cpu, load := "–", x.Load
		if x.CPU > 0 {
			cpu = ms(x.CPU)
		}
		if load == "" {
			load = "–"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %s | %s | %s | %s | all within %d s | %s |\n", x.Engine, thousands(float64(x.Lists)), x.N, x.OK, ms(x.Took),
			cpu, load, x.Responses, int(burstTarget.Seconds()), metMark(x.N > 0 && x.OK == x.N && x.Took <= burstTarget))
	}
	b.WriteString("\n")
	return b.String()
}

// keptSection is the section of prev under heading, up to the next section, marked as
// not measured by this run; empty when prev has none.
func keptSection(prev, heading string) string {
	i := strings.Index(prev, heading)
	if i < 0 {
		return ""
	}
	body := prev[i+len(heading):]
	if end := strings.Index(body, "\n## "); end >= 0 {
		body = body[:end+1]
	}
	const mark = "_Not measured by this run: kept from the report it replaced._\n"
	body = strings.TrimPrefix(strings.TrimPrefix(body, "\n"), mark)
	return heading + "\n" + mark + "\n" + strings.TrimPrefix(body, "\n")
}

// markdown is the report of r; prev is the report it replaces.
func (r *Run) markdown(prev string) string {
	var b strings.Builder
	env := r.Env
	main, _ := strconv.Atoi(env["main_lists"])
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }

	p("# Benchmarks\n\n")
	p("Written by `make bench` (bench/run.sh, then bench/report) on %s. Do not edit by hand: run it again.\n\n", env["date"])
	if env["note"] != "" {
		p("%s\n\n", env["note"])
	}
	p("**Machine:** %s CPUs (`nproc`), %s, %s memory; Linux %s. **Software:** castaway %s, %s, PostgreSQL %s, wrk %s.\n\n",
		env["nproc"], env["cpu"], env["memory"], env["kernel"], env["version"], env["go"], env["postgres"], env["wrk"])
	p("**Method:** each engine gets the demo community (`castaway demo-data --users N/10 --lists N`, about 10 upvotes and 3 comments per list), ")
	p("then `castaway serve` on loopback and wrk with %s threads and %s connections for %s per endpoint, with `--latency` for p50 and p99 ",
		env["threads"], env["connections"], env["duration"])
	p("(a response slower than wrk's timeout of %s is counted under socket errors, not in the percentiles). ", env["timeout"])
	if w := env["warmup"]; w != "" && w != "0" {
		p("Each read, and the upvote toggle (each PUT followed by its DELETE, leaving the data as it was), is first run unrecorded for %s, ", w)
		p("so its numbers are the steady state's rather than a cold server's; the writes that add rows (comment posts, first share-image draws) are measured from their first request. ")
	}
	p("The minimal handler (bench/minimal: a small fixed JSON from Go's net/http) runs in the same run on the same machine; ")
	p("\"× minimal\" is an endpoint's requests per second divided by the minimal handler's. The load generator and the server share the machine's cores. ")
	p("Failed responses are counted by status (bench/status.lua) and any 4xx/5xx marks a target missed.\n\n")

	p("## Loading the demo data\n\n")
	p("| engine | lists | users | load time | rows |\n|---|---:|---:|---:|---|\n")
	for _, l := range r.Loads {
		p("| %s | %s | %s | %s | %s |\n", l.Engine, thousands(float64(l.Lists)), thousands(float64(l.Users)), ms(l.Took),
			summaryRows(l.Summary))
	}
	p("\n")

	if len(r.Verifies) == 0 {
		p("%s", keptSection(prev, verifyHeading))
	} else {
		p("%s", r.verifySection())
	}

	if len(r.Imports) == 0 {
		p("%s", keptSection(prev, importHeading))
	} else {
		p("%s\n", importHeading)
		p("`castaway demo-data --firestore-export FILE` writes a Firestore export in the earlier product's shape (with its awkward cases: ")
		p("earlier ids, repeats, mixed lists, missing users, the malformed ballot); `castaway import-firestore FILE` brings it into an empty database, ")
		p("recounts every aggregate and verifies them. Wall time of the whole command:\n\n")
		p("| engine | users | lists | import time |\n|---|---:|---:|---:|\n")
		for _, im := range r.Imports {
			p("| %s | %s | %s | %s |\n", im.Engine, thousands(float64(im.Users)), thousands(float64(im.Lists)), ms(im.Took))
		}
		p("\n")
	}

	p("## Every endpoint at %s lists\n\n", thousands(float64(main)))
	p("| endpoint | engine | req/s | p50 | p99 | × minimal | failed responses | target | |\n|---|---|---:|---:|---:|---:|---|---|---|\n")
	for _, e := range endpoints {
		for _, eng := range r.engines() {
			x, ok := r.find(eng, main, e.Key)
			if !ok {
				continue
			}
			ratio, minimal := "", 0.0
			if m, ok := r.find(eng, main, "minimal"); ok && m.RPS > 0 {
				ratio, minimal = fmt.Sprintf("%.3f", x.RPS/m.RPS), m.RPS
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", e.Label, eng, thousands(x.RPS), ms(x.P50), ms(x.P99), ratio,
				statusNote(x), e.target(), e.mark(x, minimal))
		}
	}
	p("\n")
	if len(r.AfterWrites) > 0 {
		p("After the writes, `castaway verify` (every kept-in-step count against its rows): ")
		var parts []string
		for _, eng := range r.engines() {
			if clean, ok := r.AfterWrites[eng]; ok {
				parts = append(parts, fmt.Sprintf("%s %s", eng, map[bool]string{true: "clean ✅", false: "differences ❌"}[clean]))
			}
		}
		p("%s.\n\n", strings.Join(parts, ", "))
	}

	if engs := r.engines(); len(engs) == 2 {
		p("## PostgreSQL against SQLite at %s lists\n\n", thousands(float64(main)))
		p("Cost is time per request (1 / req/s). Target: PostgreSQL within 2× SQLite.\n\n")
		p("| endpoint | SQLite req/s | PostgreSQL req/s | PostgreSQL cost / SQLite cost | |\n|---|---:|---:|---:|---|\n")
		for _, e := range endpoints {
			if e.Key == "minimal" {
				continue
			}
			s, ok1 := r.find("sqlite", main, e.Key)
			g, ok2 := r.find("postgres", main, e.Key)
			if !ok1 || !ok2 || g.RPS == 0 {
				continue
			}
			ratio := s.RPS / g.RPS
			p("| %s | %s | %s | %.2f | %s |\n", e.Label, thousands(s.RPS), thousands(g.RPS), ratio, metMark(ratio <= 2))
		}
		p("\n")
	}

	sizes := r.sizes()
	if len(sizes) > 1 {
		lo, hi := sizes[0], sizes[len(sizes)-1]
		p("## How the reads grow with the number of lists\n\n")
		p("Target: at 1,000,000 lists within 1.5× their cost at 10,000. This run measured %s to %s lists; ", thousands(float64(lo)), thousands(float64(hi)))
		p("the last column compares the largest size with the smallest (cost = 1 / req/s).\n\n")
		p("| endpoint | engine |")
		for _, s := range sizes {
			p(" %s lists: req/s (p50 / p99) |", thousands(float64(s)))
		}
		p(" cost %s / cost %s | |\n|---|---|", thousands(float64(hi)), thousands(float64(lo)))
		for range sizes {
			p("---:|")
		}
		p("---:|---|\n")
		for _, e := range endpoints {
			if !grows(e.Key) {
				continue
			}
			for _, eng := range r.engines() {
				p("| %s | %s |", e.Label, eng)
				for _, s := range sizes {
					if x, ok := r.find(eng, s, e.Key); ok {
						p(" %s (%s / %s) |", thousands(x.RPS), ms(x.P50), ms(x.P99))
					} else {
						p(" — |")
					}
				}
				a, ok1 := r.find(eng, lo, e.Key)
				z, ok2 := r.find(eng, hi, e.Key)
				if ok1 && ok2 && z.RPS > 0 {
					ratio := a.RPS / z.RPS
					p(" %.2f | %s |\n", ratio, metMark(ratio <= 1.5))
				} else {
					p(" — | |\n")
				}
			}
		}
		p("\n")
	}

	if len(r.Bursts) > 0 {
		p("%s", r.burstSection())
	} else {
		p("%s", keptSection(prev, burstHeading))
	}

	if len(r.Soaks) > 0 {
		p("%s", r.soakSection())
	} else {
		p("%s", keptSection(prev, soakHeading))
	}

	p("## Running it\n\n")
	p("```sh\nmake bench                      # 100,000 lists; home, browse, consensus at 10,000, 100,000 and 1,000,000\n")
	p("BENCH_QUICK=1 make bench        # try the harness: 2,000 lists, 3 s a run\n")
	p("BENCH_LISTS=10000 BENCH_SCALE=\"2000 10000\" BENCH_ENGINES=sqlite make bench\n")
	p("BENCH_DATA=/var/tmp/castaway-bench BENCH_LOAD_ONLY=1 make bench   # load once (each engine may load in its own run at once)\n")
	p("BENCH_DATA=/var/tmp/castaway-bench make bench                     # then measure on it, run after run\n")
	p("BENCH_ROWS=\"minimal list_page list_page_uncached\" make bench      # only these rows (the minimal handler's too, for the ratios)\n```\n\n")
	p("Needs `wrk` and `jq` (Debian packages) and a PostgreSQL server for the PostgreSQL rows ")
	p("(`BENCH_PG_URL`, default a database `castaway_bench` on 127.0.0.1, created when missing and emptied by each load; with `BENCH_DATA`, one database per size, kept). ")
	p("The rows \"not shared\" are measured with the server restarted with `--shared-reads 0`, so every request reaches the database, ")
	p("from many client addresses (X-Forwarded-For), as a crowd reads: one address alone meets the search limit. ")
	p("Raw wrk output stays in `bench/results/`. Demo users sign in as `demo<N>@example.com` with the password `demo-password`.\n")
	return b.String()
}
