package server

import (
	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
)

// tierInputs are a body's tiers as the lists' use cases take them.
func tierInputs(in *[]api.TierInput) []lists.TierInput {
	if in == nil {
		return nil
	}
	out := make([]lists.TierInput, len(*in))
	for i, t := range *in {
		out[i] = lists.TierInput{Label: t.Label, Color: string(t.Color), Items: itemInputs(t.Contestants)}
	}
	return out
}

// apiTiers are a tier list's (or tier draft's) tiers with their entries: items, which
// the API sends only here. It fills them in one pass over one backing array, without
// model.TierEntries' per-tier copies of the items (a list read's hot path, issue 29).
func apiTiers(tiers []model.Tier, items []model.Item) *[]api.Tier {
	counts := make([]int, len(tiers))
	placed := 0
	for _, it := range items {
		if it.Tier >= 0 && it.Tier < len(tiers) {
			counts[it.Tier]++
			placed++
		}
	}
	all := make([]api.ListItem, placed)
	out := make([]api.Tier, len(tiers))
	at := 0
	for i, t := range tiers {
		out[i] = api.Tier{Label: t.Label, Color: api.TierColor(t.Color), Contestants: all[at : at : at+counts[i]]}
		at += counts[i]
	}
	for _, it := range items {
		if it.Tier >= 0 && it.Tier < len(tiers) {
			out[it.Tier].Contestants = append(out[it.Tier].Contestants, apiListItem(it))
		}
	}
	return &out
}

// apiFormat is a stored format as the API names it (a list from before formats is ranked).
func apiFormat(format string) api.ListFormat {
	if format == model.FormatTiers {
		return api.ListFormatTiers
	}
	return api.ListFormatRanked
}

// apiTierHead is a card's top tier, nil for a ranked list's card.
func apiTierHead(t *model.Tier) *api.TierHead {
	if t == nil {
		return nil
	}
	return &api.TierHead{Label: t.Label, Color: api.TierColor(t.Color)}
}
