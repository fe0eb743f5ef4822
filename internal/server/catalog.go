package server

import (
	"encoding/json"
	"net/http"
	"sync"

	"castaway/internal/catalog"
	"castaway/internal/httpcache"
)

// seasonsAnswer is the catalog as the API sends it, encoded once each time it changes (a
// season added while it airs, a newer copy of the game imported).
type seasonsAnswer struct {
	catalog *catalog.Catalog
	mu      sync.Mutex
	gen     uint64
	answer  *httpcache.Precompressed
}

func (a *seasonsAnswer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	answer, err := a.current()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "internal", msgSomethingWrong)
		return
	}
	answer.ServeHTTP(w, r)
}

func (a *seasonsAnswer) current() (*httpcache.Precompressed, error) {
	gen := a.catalog.Generation()
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.answer != nil && a.gen == gen {
		return a.answer, nil
	}
	body, err := json.Marshal(a.catalog)
	if err != nil {
		return nil, err
	}
	// Clients may reuse it for five minutes (a season may be added while one airs), then revalidate cheaply with the ETag.
	a.answer, a.gen = httpcache.NewPrecompressed(body, "application/json", "public, max-age=300, must-revalidate"), gen
	return a.answer, nil
}
