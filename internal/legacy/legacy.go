// Package legacy holds the rules of the earlier product's shared rankings record
// (rankings/current): three named lists whose items follow the rules of list items,
// readable by anyone and writable by any signed-in fan.
package legacy

import (
	"time"

	"castaway/internal/catalog"
	"castaway/internal/limits"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// Messages a user reads.
const (
	MsgSignedOut   = problem.MsgSignInToChangeLegacy
	MsgSaveFailed  = problem.MsgLegacySaveFailed
	MsgLoadFailed  = problem.MsgLegacyLoadFailed
	MsgRateLimited = problem.MsgTooManyLegacyChanges
)

// ErrSignedOut answers a change by a visitor who is not signed in.
var ErrSignedOut = problem.New(problem.Unauthorized, "unauthorized", MsgSignedOut)

// Saves are limited per account and per client, shared by every node.
var (
	SavePerUser   = limits.Limit{Name: "legacy-save-user", Max: 30, Window: 10 * time.Minute, Message: MsgRateLimited}
	SavePerClient = limits.Limit{Name: "legacy-save-ip", Max: 120, Window: 10 * time.Minute, Message: MsgRateLimited}
)

// Input is the record as a client sends it, under the earlier product's field names.
type Input struct {
	Maddys   []lists.ItemInput
	Andrews  []lists.ItemInput
	Kendalls []lists.ItemInput
}

// Validate fills each list's items in from the catalog under the rules of list items
// (known ids, earlier ids translated, no repeats, no mix of seasons and contestants, at
// most lists.MaxItems); an empty list is allowed. A problem names the list at fault.
func Validate(cat *catalog.Catalog, in Input) (model.LegacyLists, error) {
	var out model.LegacyLists
	for _, l := range []struct {
		field string
		in    []lists.ItemInput
		out   *[]model.Item
	}{{"maddysList", in.Maddys, &out.Maddys}, {"andrewsList", in.Andrews, &out.Andrews}, {"kendallsList", in.Kendalls, &out.Kendalls}} {
		items, err := lists.Resolve(cat, l.in)
		if err != nil {
			if p, ok := problem.As(err); ok {
				named := *p
				named.Field = l.field
				return out, &named
			}
			return out, err
		}
		*l.out = items
	}
	return out, nil
}
