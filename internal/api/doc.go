// Package api holds the request and response types generated from api/openapi.yaml
// (`make generate`); never edit api.gen.go by hand.
package api
