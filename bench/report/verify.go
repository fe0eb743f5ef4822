package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Verify is castaway verify timed on one loaded size: the check alone on consistent
// data, and verify --repair (check, rebuild of every aggregate, check) after some counts
// were put wrong.
type Verify struct {
	Engine        string
	Lists         int
	Check, Repair time.Duration
	// Per is the repair per list as an earlier table printed it, kept as it was
	// rather than worked out again from its rounded times.
	Per string
}

// loadVerifies reads the verify__<engine>__<lists>.txt files of dir, engines in order.
func loadVerifies(dir string) ([]Verify, error) {
	var out []Verify
	err := readKVFiles(dir, "verify", 2, func(name []string, kv map[string]string) {
		v := Verify{Engine: name[0], Check: millis(kv, "verify_ms"), Repair: millis(kv, "repair_ms")}
		v.Lists, _ = strconv.Atoi(name[1])
		out = append(out, v)
	})
	if err != nil {
		return nil, err
	}
	sortVerifies(out)
	return out, nil
}

// sortVerifies orders timings as the table shows them: by engine, then size.
func sortVerifies(vs []Verify) {
	sort.Slice(vs, func(i, j int) bool {
		if vs[i].Engine != vs[j].Engine {
			return engineOrder(vs[i].Engine) < engineOrder(vs[j].Engine)
		}
		return vs[i].Lists < vs[j].Lists
	})
}

// verifySection is the report's table of verify timings, with each size's time per
// list next to the smallest size's, so the growth reads at a glance.
func (r *Run) verifySection() string { return verifyTable(r.Verifies, nil) }

// verifyTable is the recount section: the table, then notes (one a line) naming rows
// measured apart from the run the rest of the report comes from.
func verifyTable(verifies []Verify, notes []string) string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("%s\n", verifyHeading)
	p("`castaway verify` recounts every kept-in-step aggregate on the loaded data; `castaway verify --repair`, timed after the upvote ")
	p("counts of one user's lists were put wrong, recounts, rebuilds every aggregate and recounts again. Wall time of the whole command, ")
	p("and the repair's time per list against the smallest size of the same engine (1.0 is time in proportion to the data):\n\n")
	p("| engine | lists | verify | verify --repair | repair per list |\n|---|---:|---:|---:|---:|\n")
	base := map[string]float64{}
	for _, v := range verifies {
		repair, per := "not timed", ""
		if v.Repair > 0 {
			repair = ms(v.Repair)
			perList := float64(v.Repair) / float64(v.Lists)
			if _, ok := base[v.Engine]; !ok {
				base[v.Engine] = perList
			}
			per = fmt.Sprintf("%.2f", perList/base[v.Engine])
		}
		if v.Per != "" {
			per = v.Per
		}
		p("| %s | %s | %s | %s | %s |\n", v.Engine, thousands(float64(v.Lists)), ms(v.Check), repair, per)
	}
	p("\n")
	for _, n := range notes {
		p("%s\n\n", n)
	}
	return b.String()
}

// replaceVerifySection puts dir's timings into the recount section of out. Sizes dir did
// not time keep their rows (a run of one size adds it to the table), and a note names the
// build and day of the rows this run measured.
func replaceVerifySection(dir, out string) error {
	verifies, err := loadVerifies(dir)
	if err != nil {
		return err
	}
	if len(verifies) == 0 {
		return fmt.Errorf("no verify__*.txt in %s", dir)
	}
	env, err := readKV(filepath.Join(dir, "run.env"))
	if err != nil {
		return err
	}
	report, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	kept, notes := readVerifySection(string(report))
	measured := make([]string, len(verifies))
	for i, v := range verifies {
		measured[i] = v.Engine + " at " + thousands(float64(v.Lists)) + " lists"
	}
	var keep []string
	for _, n := range notes {
		if !slices.ContainsFunc(measured, func(m string) bool { return strings.Contains(n, m) }) {
			keep = append(keep, n)
		}
	}
	merged := mergeVerifies(kept, verifies)
	if len(merged) > len(verifies) { // rows of an earlier run stay beside this one's
		keep = append(keep, fmt.Sprintf("%s %s measured alone (`BENCH_VERIFY_ONLY=1`), with castaway %s on %s.",
			verifyLaterMark, strings.Join(measured, ", "), env["version"], env["date"]))
	}
	return replaceSection(out, verifyTable(merged, keep), "## Importing the earlier product's data\n")
}

// verifyLaterMark opens the note on rows a verify-only run added to an earlier table.
const verifyLaterMark = "_Later:_"

// readVerifySection reads back the recount section of a report: its rows and its notes.
func readVerifySection(report string) (rows []Verify, notes []string) {
	i := strings.Index(report, verifyHeading)
	if i < 0 {
		return nil, nil
	}
	section := report[i+len(verifyHeading):]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, verifyLaterMark) {
			notes = append(notes, line)
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 5 {
			continue
		}
		lists, err := strconv.Atoi(strings.ReplaceAll(cells[1], ",", ""))
		check, okCheck := parseMs(cells[2])
		if err != nil || !okCheck {
			continue // the header and its rule
		}
		repair, _ := parseMs(cells[3]) // "not timed" reads as 0, as it was written
		rows = append(rows, Verify{Engine: cells[0], Lists: lists, Check: check, Repair: repair, Per: cells[4]})
	}
	return rows, notes
}

// parseMs reads back what ms wrote ("3.60 s", "40 s", "850 ms").
func parseMs(s string) (time.Duration, bool) {
	num, unit, ok := strings.Cut(s, " ")
	v, err := strconv.ParseFloat(num, 64)
	if !ok || err != nil {
		return 0, false
	}
	switch unit {
	case "s":
		return time.Duration(v * float64(time.Second)), true
	case "ms":
		return time.Duration(v * float64(time.Millisecond)), true
	}
	return 0, false
}

// mergeVerifies is kept with fresh's rows in place of its own for the same engine and size,
// in the table's order.
func mergeVerifies(kept, fresh []Verify) []Verify {
	out := slices.Clone(fresh)
	for _, k := range kept {
		if !slices.ContainsFunc(fresh, func(f Verify) bool { return f.Engine == k.Engine && f.Lists == k.Lists }) {
			out = append(out, k)
		}
	}
	sortVerifies(out)
	return out
}
