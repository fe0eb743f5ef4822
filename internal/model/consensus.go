package model

// ConsensusTally is one item's totals in a scope: its points from every contributing
// list and how many of them name it.
type ConsensusTally struct {
	ItemID string
	Points int64
	Lists  int
}

// ConsensusSampleList is one of the newest lists contributing to a scope, with all its
// items in rank order.
type ConsensusSampleList struct {
	UserID   string
	ListID   string
	Name     string
	UserName string
	Items    []Item
}

// Consensus is what the community's ranking of a scope is made from.
type Consensus struct {
	ListCount int
	Tallies   []ConsensusTally
	// Sample is the newest contributing lists, at most the sample size asked for.
	Sample []ConsensusSampleList
}
