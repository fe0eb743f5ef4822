package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"castaway/internal/catalog"
	"castaway/internal/global"
	"castaway/internal/store"
)

// Check is one kind of kept-in-step aggregate: Verify recounts it from its rows and
// describes each difference; Repair rebuilds it from them.
type Check struct {
	Name   string
	Verify func(context.Context, *store.Store) ([]string, error)
	Repair func(context.Context, *store.Store) error
}

// Checks are every aggregate `castaway verify` recounts. Add a row per aggregate.
func Checks(cat *catalog.Catalog) []Check {
	return []Check{
		{
			Name:   "lists (upvotes, comments, items, remixes, weekly counts, browse counts, search index, community rankings)",
			Verify: func(ctx context.Context, st *store.Store) ([]string, error) { return st.VerifyAggregates(ctx) },
			Repair: func(ctx context.Context, st *store.Store) error { return st.RebuildAggregates(ctx) },
		},
		{
			Name:   "global polls (ballot totals and counts)",
			Verify: func(ctx context.Context, st *store.Store) ([]string, error) { return st.VerifyPolls(ctx) },
			Repair: func(ctx context.Context, st *store.Store) error { return st.RecountPolls(ctx, global.NameOf(cat)) },
		},
	}
}

// ErrAggregatesDiffer is verify's failure: some aggregate does not match its rows.
var ErrAggregatesDiffer = errors.New("some aggregates differ from their rows (castaway verify --repair rebuilds them)")

// Verify runs every check, writing a readable report to out; with repair, it
// rebuilds what differs and checks again. It returns ErrAggregatesDiffer when a
// difference remains.
func Verify(ctx context.Context, st *store.Store, checks []Check, repair bool, out io.Writer) error {
	differ := false
	for _, c := range checks {
		diffs, err := c.Verify(ctx, st)
		if err != nil {
			return fmt.Errorf("verify %s: %w", c.Name, err)
		}
		if len(diffs) == 0 {
			fmt.Fprintf(out, "ok    %s\n", c.Name)
			continue
		}
		fmt.Fprintf(out, "DIFF  %s: %d difference(s)\n", c.Name, len(diffs))
		for _, d := range diffs {
			fmt.Fprintf(out, "      - %s\n", d)
		}
		if !repair {
			differ = true
			continue
		}
		if err := c.Repair(ctx, st); err != nil {
			return fmt.Errorf("repair %s: %w", c.Name, err)
		}
		if diffs, err = c.Verify(ctx, st); err != nil {
			return fmt.Errorf("verify %s: %w", c.Name, err)
		}
		if len(diffs) > 0 {
			fmt.Fprintf(out, "DIFF  %s: still %d difference(s) after the rebuild\n", c.Name, len(diffs))
			differ = true
			continue
		}
		fmt.Fprintf(out, "fixed %s: rebuilt from its rows\n", c.Name)
	}
	if differ {
		return ErrAggregatesDiffer
	}
	fmt.Fprintln(out, "all aggregates match")
	return nil
}

// VerifyMain runs `castaway verify [--repair]`; it fails (exit status 1) when an
// aggregate differs from its rows.
func VerifyMain(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("castaway verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var db dbFlags
	db.define(fs)
	repair := fs.Bool("repair", false, "rebuild every aggregate that differs from its rows")
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: castaway verify [--repair] [flags]\n\nRecounts every kept-in-step aggregate from its rows and reports differences.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("verify: unexpected argument %q", fs.Arg(0))
	}
	st, err := db.open(ctx, getenv)
	if err != nil {
		return err
	}
	defer st.Close()
	return Verify(ctx, st, Checks(catalog.MustLoad()), *repair, stdout)
}
