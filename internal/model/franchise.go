package model

import "strings"

// Franchises are the franchises a list can rank, each with its code in lists.franchise:
// its index here. A season's id says its franchise (s1…s50 are the US's; the others
// carry their prefix: au1, sa9, nz2, uk3), so the code is derived from the items'
// season ids alone. Append only, never reorder.
var Franchises = []struct{ Name, Prefix string }{{"US", ""}, {"AU", "au"}, {"SA", "sa"}, {"NZ", "nz"}, {"UK", "uk"}}

// FranchiseMixed is the code of a list whose entries come from several franchises: such
// a list is found under every franchise only when browse filters by none.
var FranchiseMixed = len(Franchises)

// FranchiseCode is the code of the franchise named name ("AU"); false for an unknown name.
func FranchiseCode(name string) (int, bool) {
	for i, f := range Franchises {
		if f.Name == name {
			return i, true
		}
	}
	return 0, false
}

// franchiseOf is the code of the franchise season id seasonID belongs to (the US's for
// an empty id, as an imported entry may carry).
func franchiseOf(seasonID string) int {
	for i, f := range Franchises {
		if f.Prefix != "" && len(seasonID) > len(f.Prefix) && strings.HasPrefix(seasonID, f.Prefix) &&
			seasonID[len(f.Prefix)] >= '0' && seasonID[len(f.Prefix)] <= '9' {
			return i
		}
	}
	return 0
}

// ListFranchise is the code of the list of items: their one franchise, or FranchiseMixed;
// the US's for a list without items.
func ListFranchise(items []Item) int {
	code := -1
	for _, it := range items {
		switch f := franchiseOf(it.SeasonID); {
		case code < 0:
			code = f
		case f != code:
			return FranchiseMixed
		}
	}
	return max(code, 0)
}
