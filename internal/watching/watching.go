// Package watching is how far each fan has watched each season, and the spoiler shield it
// sets: whatever happened after a fan's episode is cut out of the game the server sends
// (season answers, castaway answers, pages) until the fan reveals it.
//
// A fan's progress is a map from season id to the last episode seen: 0 is "not started",
// N "up to episode N". A season with no entry is finished (or was never set), and shows
// everything, as it does for a fan who has set nothing.
package watching

import (
	"slices"
	"strconv"
	"strings"
)

// Progress is a fan's watch progress: season id → the last episode seen (0: not started).
// A season it lacks is not shielded.
type Progress map[string]int

// MaxEpisode bounds an episode number a fan may give (a season has a few dozen at most).
const MaxEpisode = 99

// Reveal is what a fan asked to see in a season despite their progress: everything, the
// winner (the finalists, the final vote, the jury's votes), or single boots (a departure
// and the council that decided it), by boot order.
type Reveal struct {
	All    bool
	Winner bool
	Boots  []int // sorted, each once
}

// maxRevealed bounds the boots one reveal names (a cast is at most a few dozen).
const maxRevealed = 40

// ParseReveal reads a reveal query value: comma-separated "all", "winner" and "boot:K"
// (1 ≤ K ≤ maxRevealed). Anything else is ignored, so a cache key made from the result is
// from a bounded set.
func ParseReveal(v string) Reveal {
	var r Reveal
	for _, tok := range strings.Split(v, ",") {
		switch tok = strings.TrimSpace(tok); {
		case tok == "all":
			r.All = true
		case tok == "winner":
			r.Winner = true
		case strings.HasPrefix(tok, "boot:"):
			k, err := strconv.Atoi(tok[len("boot:"):])
			if err == nil && k >= 1 && k <= maxRevealed && !slices.Contains(r.Boots, k) {
				r.Boots = append(r.Boots, k)
			}
		}
	}
	slices.Sort(r.Boots)
	if r.All {
		return Reveal{All: true}
	}
	return r
}

// Key is the reveal written canonically ("" when nothing is revealed): a cache key part.
func (r Reveal) Key() string {
	if r.All {
		return "all"
	}
	parts := make([]string, 0, len(r.Boots)+1)
	if r.Winner {
		parts = append(parts, "winner")
	}
	for _, k := range r.Boots {
		parts = append(parts, "boot:"+strconv.Itoa(k))
	}
	return strings.Join(parts, ",")
}

func (r Reveal) boot(order int) bool { return r.All || slices.Contains(r.Boots, order) }

// ParseUpTo reads an episode a visitor's app sends (?upTo=3): ok false for anything but
// 0…MaxEpisode.
func ParseUpTo(v string) (int, bool) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > MaxEpisode || strconv.Itoa(n) != v {
		return 0, false
	}
	return n, true
}

// ParseProgress reads the progress a visitor's app sends for a castaway's seasons
// (?watching=s20:3,s40:0): pairs with a bad episode are ignored; at most max entries.
func ParseProgress(v string, max int) Progress {
	p := Progress{}
	for _, pair := range strings.Split(v, ",") {
		id, ep, ok := strings.Cut(strings.TrimSpace(pair), ":")
		if !ok || id == "" || len(p) >= max {
			continue
		}
		if n, ok := ParseUpTo(ep); ok {
			p[id] = n
		}
	}
	return p
}

// Key is the progress written canonically (seasons sorted): a cache key part.
func (p Progress) Key() string {
	ids := make([]string, 0, len(p))
	for id := range p {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for i, id := range ids {
		ids[i] = id + ":" + strconv.Itoa(p[id])
	}
	return strings.Join(ids, ",")
}
