package game

import (
	"sync"

	"castaway/internal/catalog"
	"castaway/internal/game/survivor"
)

// Shipped is the game as the binary ships it and the catalog grown by the seasons of
// every other franchise, built once a process (a broken embedded copy is a build bug).
var Shipped = sync.OnceValues(func() (*Game, *catalog.Catalog) {
	g, cat, err := Build(survivor.Files(), nil)
	if err != nil {
		panic("game: the embedded survivoR data: " + err.Error())
	}
	return g, cat
})

// CatalogSeasons are the seasons base lacks (other franchises, seasons on air), as
// catalog seasons: their casts by name, so that the order gives nothing away.
func (g *Game) CatalogSeasons(base *catalog.Catalog) []catalog.Season {
	var out []catalog.Season
	for _, s := range g.seasons {
		if _, ok := base.Season(s.ID); ok {
			continue
		}
		cs := catalog.Season{ID: s.ID, Franchise: s.Franchise, Number: s.Number, Name: s.Name}
		for _, c := range s.Cast {
			cs.Contestants = append(cs.Contestants, catalog.Contestant{ID: c.ID, Name: c.Name})
		}
		out = append(out, cs)
	}
	return out
}
