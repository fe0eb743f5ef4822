package lists

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"castaway/internal/catalog"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// A tier list's bounds (issue 29).
const (
	MaxTiers           = 10
	MaxTierLabelLength = 20
)

// TierInput is one tier as a client sends it.
type TierInput struct {
	Label string
	Color string
	Items []ItemInput
}

// resolveTiers checks a tier list's (or tier draft's) tiers and fills in their entries
// and the pool's from the catalog, all checked together as one list's items are (one
// kind, none twice, at most MaxItems). draft allows empty labels, as the creator has
// while a label is retyped. It answers the tiers, the entries tier by tier (each with
// its Tier), and the pool.
func resolveTiers(cat *catalog.Catalog, in Input, draft bool) ([]model.Tier, []model.Item, []model.Item, error) {
	if len(in.Items) > 0 {
		return nil, nil, nil, problem.InvalidField("contestants", problem.MsgTierListContestants)
	}
	if len(in.Tiers) < 1 || len(in.Tiers) > MaxTiers {
		return nil, nil, nil, problem.InvalidField("tiers", problem.MsgTierCount)
	}
	tiers := make([]model.Tier, len(in.Tiers))
	var all []ItemInput
	var tierOf []int
	for i, t := range in.Tiers {
		label := strings.TrimSpace(model.WithoutHidden(t.Label))
		switch {
		case label == "" && !draft:
			return nil, nil, nil, problem.InvalidField("tiers", problem.MsgTierLabelRequired)
		case utf8.RuneCountInString(label) > MaxTierLabelLength:
			return nil, nil, nil, problem.InvalidField("tiers", problem.MsgTierLabelTooLong)
		case strings.IndexFunc(label, unicode.IsControl) >= 0:
			return nil, nil, nil, problem.InvalidField("tiers", problem.MsgTierLabelControl)
		case !slices.Contains(model.TierColors, t.Color):
			return nil, nil, nil, problem.InvalidField("tiers", problem.MsgTierColor)
		}
		tiers[i] = model.Tier{Label: label, Color: t.Color}
		for _, it := range t.Items {
			all = append(all, it)
			tierOf = append(tierOf, i)
		}
	}
	placed := len(all)
	items, err := Resolve(cat, append(all, in.Pool...))
	if err != nil {
		return nil, nil, nil, err
	}
	for i := range placed {
		items[i].Tier = tierOf[i]
	}
	return tiers, items[:placed:placed], items[placed:], nil
}
