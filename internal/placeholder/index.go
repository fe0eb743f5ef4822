package placeholder

import (
	"strconv"
	"strings"

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
type Index struct {
	contestants map[string]string // "s13/parvati" -> "Parvati Shallow"
	seasons     map[int]bool
}

// NewIndex indexes the catalog's pictures.
func NewIndex(c *catalog.Catalog) *Index {
	ix := &Index{contestants: map[string]string{}, seasons: map[int]bool{}}
	for _, s := range c.Seasons {
		ix.seasons[s.Number] = true
		for _, ct := range s.Contestants {
			ix.contestants[strings.TrimPrefix(ct.ImageURL, contestantPrefix)] = ct.Name
		}
	}
	return ix
}

// Contestant is the art for a headshot key ("s13/parvati"); false when the catalog has no such headshot.
func (ix *Index) Contestant(key string) (Art, bool) {
	name, ok := ix.contestants[key]
	if !ok {
		return Art{}, false
	}
	return Contestant(name), true
}

// Season is the art for season number n; false when the catalog has no such season.
func (ix *Index) Season(n int) (Art, bool) {
	if !ix.seasons[n] {
		return Art{}, false
	}
	return Season(n), true
}

// ForImageURL is the art for a ranked item's image URL (model.Item.ImageURL);
// false when the URL names no catalog picture.
func (ix *Index) ForImageURL(url string) (Art, bool) {
	if key, ok := strings.CutPrefix(url, contestantPrefix); ok {
		return ix.Contestant(key)
	}
	if num, ok := strings.CutPrefix(url, seasonPrefix); ok {
		if n, err := strconv.Atoi(num); err == nil {
			return ix.Season(n)
		}
	}
	return Art{}, false
}
