package lists

import (
	"crypto/rand"
	"encoding/binary"
	"time"

	"castaway/internal/limits"
	"castaway/internal/problem"
)

// ErrUnknownSeason answers an idol search on a season the catalog does not have.
var ErrUnknownSeason = problem.New(problem.Invalid, "validation", problem.MsgIdolSeasonUnknown)

// IdolChance is the chance that clicking a season card in the creator's side panel
// finds a hidden immunity idol (spec: 5% per click).
const IdolChance = 0.05

// Idol searches are limited per account and per client: past the limit a search
// quietly finds nothing, so scripted clicking gains nothing over a fan browsing
// seasons. The message is never shown (the search answers found: false).
var (
	IdolSearchPerUser   = limits.Limit{Name: "idol-search-user", Max: 30, Window: 10 * time.Minute, Message: problem.MsgTooManyIdolSearches}
	IdolSearchPerClient = limits.Limit{Name: "idol-search-ip", Max: 120, Window: 10 * time.Minute, Message: problem.MsgTooManyIdolSearches}
)

// FindsIdol rolls for an idol at the given chance; draw returns a uniform number in
// [0, 1) and is passed in so the outcome can be tested.
func FindsIdol(chance float64, draw func() float64) bool { return draw() < chance }

// Draw is a uniform number in [0, 1) from crypto/rand, so no client can predict a roll.
func Draw() float64 {
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand aborts the program rather than return an error)
	return float64(binary.BigEndian.Uint64(b[:])>>11) / (1 << 53)
}
