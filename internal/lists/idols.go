package lists

import "castaway/internal/problem"

// ErrUnknownSeason answers an idol search on a season the catalog does not have.
var ErrUnknownSeason = problem.New(problem.Invalid, "validation", "Unknown season.")

// IdolChance is the chance that clicking a season card in the creator's side panel
// finds a hidden immunity idol (spec: 5% per click).
const IdolChance = 0.05

// FindsIdol rolls for an idol; draw returns a uniform number in [0, 1) and is
// passed in so the outcome can be tested.
func FindsIdol(draw func() float64) bool { return draw() < IdolChance }
