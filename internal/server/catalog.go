package server

import (
	"encoding/json"

	"castaway/internal/catalog"
	"castaway/internal/httpcache"
)

// newSeasonsResponse encodes the catalog once at start.
func newSeasonsResponse(c *catalog.Catalog) (*httpcache.Precompressed, error) {
	body, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	// Clients may reuse it for an hour, then revalidate cheaply with the ETag.
	return httpcache.NewPrecompressed(body, "application/json", "public, max-age=3600, must-revalidate"), nil
}
