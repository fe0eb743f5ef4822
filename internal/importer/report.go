package importer

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Kinds of record the report counts, in the order it prints them.
var kinds = []string{"users", "lists", "drafts", "favorites", "upvotes", "comments", "comment votes", "notifications", "ballots", "legacy record"}

// Count is what became of one kind of record.
type Count struct {
	Imported int // new rows written
	Already  int // brought in by an earlier run, left as they are
	Skipped  int // could not come across (each has a line in Skipped)
}

// Report is what an import did, for an operator to read.
type Report struct {
	Counts   map[string]*Count
	Repaired []string // changed on the way in
	Skipped  []string // left out, and why
	Notes    []string // worth knowing: accounts without email, ...
	Results  []string // each stored global result compared with the recount of its ballots
	Failed   []string // units the database refused (written one by one after a failed batch)
}

func newReport() *Report {
	r := &Report{Counts: map[string]*Count{}}
	for _, k := range kinds {
		r.Counts[k] = &Count{}
	}
	return r
}

func (r *Report) imported(kind string, n int) { r.Counts[kind].Imported += n }
func (r *Report) already(kind string)         { r.Counts[kind].Already++ }

func (r *Report) repair(format string, args ...any) {
	r.Repaired = append(r.Repaired, fmt.Sprintf(format, args...))
}

func (r *Report) skip(kind string, n int, format string, args ...any) {
	r.Counts[kind].Skipped += n
	r.Skipped = append(r.Skipped, fmt.Sprintf(format, args...))
}

func (r *Report) note(format string, args ...any) {
	r.Notes = append(r.Notes, fmt.Sprintf(format, args...))
}

// printable escapes, as %q would, what a terminal acts on rather than shows (control,
// format and bidirectional characters, bytes that are not UTF-8) and leaves the rest as
// it is. Every value from the export is already quoted where a line is made; this keeps
// a line that carries one some other way (a database's or a decoder's error) as harmless.
func printable(s string) string {
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case r == ' ' || strconv.IsPrint(r):
			b.WriteString(s[:size])
		default:
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
		s = s[size:]
	}
	return b.String()
}

// Write prints the report: a table of counts, then each section's lines, at most
// limit of each (0: all).
func (r *Report) Write(w io.Writer, limit int) {
	fmt.Fprintf(w, "%-15s %9s %9s %9s\n", "", "imported", "already", "skipped")
	for _, k := range kinds {
		c := r.Counts[k]
		fmt.Fprintf(w, "%-15s %9d %9d %9d\n", k, c.Imported, c.Already, c.Skipped)
	}
	for _, sec := range []struct {
		title string
		lines []string
	}{
		{"Repaired on the way in", r.Repaired},
		{"Left out", r.Skipped},
		{"Global results", r.Results},
		{"Could not be written", r.Failed},
		{"Notes", r.Notes},
	} {
		if len(sec.lines) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s (%d):\n", sec.title, len(sec.lines))
		for i, l := range sec.lines {
			if limit > 0 && i == limit {
				fmt.Fprintf(w, "  ... and %d more (--report FILE keeps every line)\n", len(sec.lines)-limit)
				break
			}
			fmt.Fprintf(w, "  - %s\n", printable(l))
		}
	}
}

func (r *Report) String() string {
	var b strings.Builder
	r.Write(&b, 0)
	return b.String()
}
