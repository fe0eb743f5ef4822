// Package api embeds the HTTP contract, openapi.yaml, so the server can serve it
// (GET /api/openapi.yaml) and render its reference (GET /api/docs).
package api

import _ "embed"

// OpenAPI is api/openapi.yaml as committed.
//
//go:embed openapi.yaml
var OpenAPI []byte
