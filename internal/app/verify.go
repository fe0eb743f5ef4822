package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/game"
	"castaway/internal/global"
	"castaway/internal/predictions"
	"castaway/internal/store"
)

// Check is one kind of kept-in-step aggregate: Verify recounts it from its rows and
// describes each difference; Repair rebuilds it from them.
type Check struct {
	Name   string
	Verify func(context.Context, *store.Store) ([]string, error)
	Repair func(context.Context, *store.Store) error
}

// Checks are every aggregate `castaway verify` recounts: the store's, one by one, so a
// repair rebuilds only those that differ, and the polls'.
func Checks(cat *catalog.Catalog) []Check {
	var out []Check
	for _, a := range store.Aggregates {
		out = append(out, Check{
			Name:   a.String(),
			Verify: func(ctx context.Context, st *store.Store) ([]string, error) { return st.VerifyAggregate(ctx, a) },
			Repair: func(ctx context.Context, st *store.Store) error { return st.RepairAggregate(ctx, a) },
		})
	}
	return append(out, Check{
		Name:   "global polls (ballot totals and counts)",
		Verify: func(ctx context.Context, st *store.Store) ([]string, error) { return st.VerifyPolls(ctx) },
		Repair: func(ctx context.Context, st *store.Store) error { return st.RecountPolls(ctx, global.NameOf(cat)) },
	})
}

// ErrAggregatesDiffer is verify's failure: some aggregate does not match its rows.
var ErrAggregatesDiffer = errors.New("some aggregates differ from their rows (castaway verify --repair rebuilds them)")

// took is the time since start as an operator reads it, so a slow check stands out.
func took(start time.Time) time.Duration { return time.Since(start).Round(time.Millisecond) }

// Verify runs every check, writing a readable report to out; with repair, it
// rebuilds what differs and checks again. It returns ErrAggregatesDiffer when a
// difference remains.
func Verify(ctx context.Context, st *store.Store, checks []Check, repair bool, out io.Writer) error {
	differ := false
	for _, c := range checks {
		start := time.Now()
		diffs, err := c.Verify(ctx, st)
		if err != nil {
			return fmt.Errorf("verify %s: %w", c.Name, err)
		}
		if len(diffs) == 0 {
			fmt.Fprintf(out, "ok    %s (%s)\n", c.Name, took(start))
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
		fmt.Fprintf(out, "fixed %s: rebuilt from its rows (%s)\n", c.Name, took(start))
	}
	if differ {
		return ErrAggregatesDiffer
	}
	fmt.Fprintln(out, "all aggregates match")
	return nil
}

// PredictionsCheck recounts every prediction's score from g's boots (internal/predictions).
func PredictionsCheck(g *game.Game) Check {
	return Check{
		Name:   "prediction scores",
		Verify: func(ctx context.Context, st *store.Store) ([]string, error) { return predictions.Verify(ctx, st, g) },
		Repair: func(ctx context.Context, st *store.Store) error { return predictions.Repair(ctx, st, g) },
	}
}
