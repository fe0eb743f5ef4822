package placeholder

import (
	"strings"
	"sync"

	"castaway/internal/catalog"
)

// Picture paths, as the catalog gives them in image URLs.
const (
	contestantPrefix = "/media/contestants/"
	seasonPrefix     = "/media/seasons/"
)

// Index finds the placeholder for each picture of the catalog, by key or by an
// item's image URL. Only catalog entries have one, so callers caching the drawn
// art hold at most one per catalog picture.
// It follows the catalog: a season added later has its art too.
type Index struct {
	catalog *catalog.Catalog
	mu      sync.Mutex
	now     *pictures
}

type pictures struct {
	generation  uint64
	contestants map[string]string // "s13/parvati" -> "Parvati Shallow"
	seasons     map[string]Art    // "45", "au3" -> its logo's art
}

// NewIndex indexes the catalog's pictures.
func NewIndex(c *catalog.Catalog) *Index { return &Index{catalog: c} }

// pictures are the catalog's pictures as it is now, indexed again when it has changed.
func (ix *Index) pictures() *pictures {
	gen := ix.catalog.Generation()
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.now != nil && ix.now.generation == gen {
		return ix.now
	}
	p := &pictures{generation: gen, contestants: map[string]string{}, seasons: map[string]Art{}}
	for _, s := range ix.catalog.Seasons() {
		key := strings.TrimPrefix(s.LogoURL, seasonPrefix)
		if s.Franchise == "US" {
			p.seasons[key] = Season(s.Number)
		} else {
			p.seasons[key] = FranchiseSeason(s.Franchise, s.Number, s.Name)
		}
		for _, ct := range s.Contestants {
			p.contestants[strings.TrimPrefix(ct.ImageURL, contestantPrefix)] = ct.Name
		}
	}
	ix.now = p
	return p
}

// Contestant is the art for a headshot key ("s13/parvati"); false when the catalog has no such headshot.
func (ix *Index) Contestant(key string) (Art, bool) {
	name, ok := ix.pictures().contestants[key]
	if !ok {
		return Art{}, false
	}
	return Contestant(name), true
}

// Season is the art for a season logo's key ("45" in the US, "au3" elsewhere); false
// when the catalog has no such season.
func (ix *Index) Season(key string) (Art, bool) {
	a, ok := ix.pictures().seasons[key]
	return a, ok
}

// ForImageURL is the art for a ranked item's image URL (model.Item.ImageURL);
// false when the URL names no catalog picture.
func (ix *Index) ForImageURL(url string) (Art, bool) {
	if key, ok := strings.CutPrefix(url, contestantPrefix); ok {
		return ix.Contestant(key)
	}
	if key, ok := strings.CutPrefix(url, seasonPrefix); ok {
		return ix.Season(key)
	}
	return Art{}, false
}
