package main

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Soak is one engine's run of the live streams' soak (TestStreamSoak at full size):
// its figures as the test wrote them (key=value).
type Soak struct {
	Engine  string
	Figures map[string]string
}

func (s Soak) int(key string) int {
	v, _ := strconv.Atoi(s.Figures[key])
	return v
}

func (s Soak) micros(key string) string { return ms(time.Duration(s.int(key)) * time.Microsecond) }

// soakSection reports the streams' soak: churn with clients vanishing mid-write, and
// fans' notifications timed while stalled readers are present.
func (r *Run) soakSection() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("%s\n", soakHeading)
	p("`TestStreamSoak` at full size on a fresh database: stream open/close cycles (paced at the rate shown; \"flat out\" as fast as 32 clients go) from many accounts and client addresses ")
	p("(X-Forwarded-For), a third of them ended after the first event, a third vanishing (a reset) before reading anything, ")
	p("a third after the head, while readers that never read hold the legacy stream open and large legacy saves fill them; ")
	p("a fan's notification is timed from the upvote's answer to its arrival on the fan's stream. ")
	p("Target: every place given back (counters and `castaway_event_streams` at 0), none refused, notifications p99 under 100 ms, memory bounded.\n\n")
	p("| engine | rate | cycles | took | accounts / addresses | refused | stalled readers (opened) | large saves | notifications | p50 | p99 | max | upvote answered p50 / p99 | peak heap | peak RSS | held for streams (peak) | at the end: places / accounts / clients / streams | p99 < 100 ms |\n")
	p("|---|---|---:|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n")
	for _, s := range r.Soaks {
		p99 := time.Duration(s.int("p99_us")) * time.Microsecond
		rate := "flat out"
		if r := s.int("rate"); r > 0 {
			rate = thousands(float64(r)) + "/s"
		}
		p("| %s | %s | %s | %.1f s | %s / %s | %d | %s (%s) | %d | %s | %s | %s | %s | %s / %s | %d MB | %d MB | %s KB | %d / %d / %d / %d | %s |\n",
			s.Engine, rate, thousands(float64(s.int("cycles"))), float64(s.int("ms"))/1000,
			thousands(float64(s.int("accounts"))), thousands(float64(s.int("addresses"))), s.int("refused"),
			thousands(float64(s.int("stalled"))), thousands(float64(s.int("stalled_opened"))), s.int("saves"),
			thousands(float64(s.int("notifications"))), s.micros("p50_us"), s.micros("p99_us"), s.micros("max_us"),
			s.micros("upvote_p50_us"), s.micros("upvote_p99_us"), s.int("peak_heap_mb"), s.int("peak_rss_mb"), thousands(float64(s.int("peak_held_kb"))),
			s.int("end_places"), s.int("end_accounts"), s.int("end_clients"), s.int("end_streams"),
			metMark(p99 < 100*time.Millisecond && s.int("end_places") == 0 && s.int("end_streams") == 0 && s.int("refused") == 0))
	}
	p("\nPeak heap and RSS are the test process's, which holds the server, its clients and the load generator (RSS is its high-water mark over every run in that process). ")
	p("Notifications are timed one after another, so their count says how fast one fan's round trip (a list saved, an upvote, the event) went under that load; the upvote's own answer (its write, under the same load) is timed apart, beside the delivery.\n\n")
	return b.String()
}

func loadSoaks(dir string) ([]Soak, error) {
	var soaks []Soak
	err := readKVFiles(dir, "stream_soak", 0, func(name []string, kv map[string]string) {
		soaks = append(soaks, Soak{Engine: name[0], Figures: kv})
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(soaks, func(i, j int) bool {
		if soaks[i].Engine != soaks[j].Engine {
			return engineOrder(soaks[i].Engine) < engineOrder(soaks[j].Engine)
		}
		return soaks[i].int("rate") > soaks[j].int("rate") // paced first, flat out (0) last
	})
	return soaks, nil
}

// replaceSoakSection puts dir's soak figures into the report at out in place of its
// live streams' section (or before "## Running it"), leaving the rest as it was, so
// `make bench-streams` re-measures the streams alone.
func replaceSoakSection(dir, out string) error {
	soaks, err := loadSoaks(dir)
	if err != nil {
		return err
	}
	if len(soaks) == 0 {
		return fmt.Errorf("no stream_soak__*.txt in %s", dir)
	}
	return replaceSection(out, (&Run{Soaks: soaks}).soakSection(), "## Running it\n")
}

// replaceSection puts section (its first line the heading) in place of the report's
// section of that heading, or, when the report has none, before the heading before.
func replaceSection(out, section, before string) error {
	body, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	report := string(body)
	heading := section[:strings.Index(section, "\n")+1]
	if i := strings.Index(report, heading); i >= 0 {
		end := strings.Index(report[i+len(heading):], "\n## ")
		if end < 0 {
			report = report[:i] + section
		} else {
			report = report[:i] + section + report[i+len(heading)+end+1:]
		}
	} else if i := strings.Index(report, before); i >= 0 {
		report = report[:i] + section + report[i:]
	} else {
		report += "\n" + section
	}
	return os.WriteFile(out, []byte(report), 0o644)
}
