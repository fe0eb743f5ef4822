// Package contractgen is the command line the generators from the contract share
// (internal/problem/gen, internal/shareimage/gen): read api/openapi.yaml and render it into the
// Go file that -o names.
package contractgen

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"

	"github.com/getkin/kin-openapi/openapi3"

	contract "castaway/api"
)

// Main writes render's Go source of the contract to the file -o names (out by default),
// exiting with the error if either fails.
func Main(out string, render func(yaml []byte) ([]byte, error)) {
	path := flag.String("o", out, "the file to write")
	flag.Parse()
	src, err := render(contract.OpenAPI)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*path, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// Load reads the contract's YAML.
func Load(yaml []byte) (*openapi3.T, error) {
	doc, err := openapi3.NewLoader().LoadFromData(yaml)
	if err != nil {
		return nil, fmt.Errorf("read the contract: %w", err)
	}
	return doc, nil
}

// Source is a generated Go file of package pkg, formatted: the line that says it was
// generated from the contract (what of it) by the generator in dir, the package clause,
// then what body writes.
func Source(what, dir, pkg string, body func(b *bytes.Buffer)) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated from api/openapi.yaml (%s) by ./%s; DO NOT EDIT.\n\n", what, dir)
	fmt.Fprintf(&b, "package %s\n\n", pkg)
	body(&b)
	return format.Source(b.Bytes())
}
