package model

// What one account may keep at most, so the pages that read all of it stay bounded however
// long the account is used. The store refuses the one past a cap in the write's
// transaction; the sentences that name a cap are formatted from it, and the contract
// states the same numbers (TestContractStatesTheCaps).
const (
	// MaxFavorites bounds the lists one account stars: home and the favorites page read
	// them all.
	MaxFavorites = 1000
	// MaxFollows bounds the fans one account follows, which bounds the feed rows a list's
	// fan-out writes for any one reader and how large one reader's follows grow.
	MaxFollows = 2000
	// MaxBlocks bounds the users one account blocks, so what a reader's pages are checked
	// against stays small.
	MaxBlocks = 1000
)
