package server

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	contract "castaway/api"
	"castaway/internal/httpcache"
)

// The contract as served: the YAML itself, and a reference of it rendered once, on the
// server, so it needs no script and no style but a file of the site (the CSP holds).
var (
	//go:embed apidocs/docs.html
	docsTemplate string
	//go:embed apidocs/docs.css
	docsCSS []byte
)

// apiDocs are the contract's routes: the YAML, its reference and the reference's styles.
type apiDocs struct{ yaml, page, css http.Handler }

func newAPIDocs() (*apiDocs, error) {
	page, err := apiDocsPage(contract.OpenAPI)
	if err != nil {
		return nil, err
	}
	return &apiDocs{
		yaml: httpcache.NewPrecompressed(contract.OpenAPI, "application/yaml; charset=utf-8", "no-cache"),
		page: httpcache.NewPrecompressed(page, "text/html; charset=utf-8", "no-cache"),
		css:  httpcache.NewPrecompressed(docsCSS, "text/css; charset=utf-8", "no-cache"),
	}, nil
}

type docOperation struct {
	Method, Path, ID, Summary, Description string
	Params                                 []docField
	Body                                   string
	Responses                              []docField
}

type docField struct{ Name, In, Type, Description string }

type docSchema struct {
	Name, Description string
	Fields            []docField
}

type docSection struct {
	Name       string
	Operations []docOperation
}

// apiDocsPage renders the contract's reference: its operations by section (the path's
// first segment after /api), then its schemas.
func apiDocsPage(yaml []byte) ([]byte, error) {
	doc, err := openapi3.NewLoader().LoadFromData(yaml)
	if err != nil {
		return nil, fmt.Errorf("read the contract: %w", err)
	}
	var sections []docSection
	for _, path := range slices.Sorted(maps.Keys(doc.Paths.Map())) {
		name := section(path)
		if len(sections) == 0 || sections[len(sections)-1].Name != name {
			sections = append(sections, docSection{Name: name})
		}
		item := doc.Paths.Value(path)
		for _, method := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"} {
			op := item.GetOperation(method)
			if op == nil {
				continue
			}
			o := docOperation{Method: method, Path: path, ID: op.OperationID, Summary: op.Summary, Description: op.Description}
			for _, p := range append(slices.Clone(item.Parameters), op.Parameters...) {
				if p.Value == nil {
					continue
				}
				in := p.Value.In
				if p.Value.Required {
					in += ", required"
				}
				o.Params = append(o.Params, docField{p.Value.Name, in, schemaName(p.Value.Schema), p.Value.Description})
			}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				for ct, mt := range op.RequestBody.Value.Content {
					o.Body = strings.TrimSpace(o.Body + " " + ct + ": " + schemaName(mt.Schema))
				}
			}
			resp := op.Responses.Map()
			for _, code := range slices.Sorted(maps.Keys(resp)) {
				r := resp[code]
				f := docField{Name: code}
				if r.Value != nil {
					if r.Value.Description != nil {
						f.Description = *r.Value.Description
					}
					for ct, mt := range r.Value.Content {
						f.Type = strings.TrimSpace(f.Type + " " + ct + ": " + schemaName(mt.Schema))
					}
				}
				o.Responses = append(o.Responses, f)
			}
			sections[len(sections)-1].Operations = append(sections[len(sections)-1].Operations, o)
		}
	}
	var schemas []docSchema
	for _, name := range slices.Sorted(maps.Keys(doc.Components.Schemas)) {
		s := doc.Components.Schemas[name].Value
		d := docSchema{Name: name, Description: s.Description}
		for _, p := range slices.Sorted(maps.Keys(s.Properties)) {
			req := ""
			if slices.Contains(s.Required, p) {
				req = "required"
			}
			d.Fields = append(d.Fields, docField{p, req, schemaName(s.Properties[p]), s.Properties[p].Value.Description})
		}
		schemas = append(schemas, d)
	}
	t, err := template.New("docs").Parse(docsTemplate)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = t.Execute(&b, map[string]any{"Title": doc.Info.Title, "Version": doc.Info.Version,
		"Description": doc.Info.Description, "Sections": sections, "Schemas": schemas})
	return b.Bytes(), err
}

// section is where a path is listed: /api/lists/{userId} under "lists".
func section(path string) string {
	rest, ok := strings.CutPrefix(path, "/api/")
	if !ok {
		return "operations"
	}
	name, _, _ := strings.Cut(rest, "/")
	return name
}

// schemaName is how a schema reads in the reference: its component's name, or its type.
func schemaName(s *openapi3.SchemaRef) string {
	if s == nil {
		return ""
	}
	if s.Ref != "" {
		return s.Ref[strings.LastIndex(s.Ref, "/")+1:]
	}
	v := s.Value
	if v == nil || v.Type == nil {
		return "any"
	}
	switch {
	case v.Type.Is("array"):
		return "array of " + schemaName(v.Items)
	case len(v.Enum) > 0:
		var e []string
		for _, x := range v.Enum {
			e = append(e, fmt.Sprint(x))
		}
		return strings.Join(e, " | ")
	}
	return strings.Join(v.Type.Slice(), " | ")
}
