package main

import (
	"fmt"
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
	sort.Slice(out, func(i, j int) bool {
		if out[i].Engine != out[j].Engine {
			return engineOrder(out[i].Engine) < engineOrder(out[j].Engine)
		}
		return out[i].Lists < out[j].Lists
	})
	return out, nil
}

// verifySection is the report's table of verify timings, with each size's time per
// list next to the smallest size's, so the growth reads at a glance.
func (r *Run) verifySection() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("%s\n", verifyHeading)
	p("`castaway verify` recounts every kept-in-step aggregate on the loaded data; `castaway verify --repair`, timed after the upvote ")
	p("counts of one user's lists were put wrong, recounts, rebuilds every aggregate and recounts again. Wall time of the whole command, ")
	p("and the repair's time per list against the smallest size of the same engine (1.0 is time in proportion to the data):\n\n")
	p("| engine | lists | verify | verify --repair | repair per list |\n|---|---:|---:|---:|---:|\n")
	base := map[string]float64{}
	for _, v := range r.Verifies {
		repair, per := "not timed", ""
		if v.Repair > 0 {
			repair = ms(v.Repair)
			perList := float64(v.Repair) / float64(v.Lists)
			if _, ok := base[v.Engine]; !ok {
				base[v.Engine] = perList
			}
			per = fmt.Sprintf("%.2f", perList/base[v.Engine])
		}
		p("| %s | %s | %s | %s | %s |\n", v.Engine, thousands(float64(v.Lists)), ms(v.Check), repair, per)
	}
	p("\n")
	return b.String()
}

// replaceVerifySection replaces only the recount section of out with dir's timings.
func replaceVerifySection(dir, out string) error {
	verifies, err := loadVerifies(dir)
	if err != nil {
		return err
	}
	if len(verifies) == 0 {
		return fmt.Errorf("no verify__*.txt in %s", dir)
	}
	return replaceSection(out, (&Run{Verifies: verifies}).verifySection(), "## Importing the earlier product's data\n")
}
