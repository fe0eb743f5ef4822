package model

// A list's formats: an ordered list, or ordered tiers each holding ordered entries.
const (
	FormatRanked = "ranked"
	FormatTiers  = "tiers"
)

// Tier is one tier of a tier list: its label and its color from TierColors. Its entries
// are the list's items whose Item.Tier is its index.
type Tier struct {
	Label string `json:"label"`
	Color string `json:"color"`
}

// TierColors is the palette a tier's color comes from, in the order the creator offers it.
var TierColors = []string{"red", "orange", "yellow", "green", "teal", "blue", "purple", "pink", "gray"}

// TierEntries groups items, in order, by their Tier: the entries of each of n tiers.
func TierEntries(items []Item, n int) [][]Item {
	out := make([][]Item, n)
	for i := range out {
		out[i] = []Item{}
	}
	for _, it := range items {
		if it.Tier >= 0 && it.Tier < n {
			out[it.Tier] = append(out[it.Tier], it)
		}
	}
	return out
}
