package server

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	contract "castaway/api"
)

// TestContractServed: GET /api/openapi.yaml is the committed contract, and /api/docs a
// readable reference of it rendered on the server, naming every operation, under the
// same strict headers as the app (no inline script, its styles a file of the site).
func TestContractServed(t *testing.T) {
	env := newEnv(t)
	res := get(t, env.URL+"/api/openapi.yaml", nil)
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/yaml") || !bytes.Equal(b, contract.OpenAPI) {
		t.Fatalf("openapi.yaml: %d %q, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(b))
	}
	doc, err := openapi3.NewLoader().LoadFromData(b)
	if err != nil {
		t.Fatal(err)
	}

	res = get(t, env.URL+"/api/docs", nil)
	page, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("docs: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("docs headers: %v", res.Header)
	}
	if strings.Contains(string(page), "<script") || strings.Contains(string(page), "<style") || strings.Contains(string(page), "style=") {
		t.Errorf("docs page carries inline script or style")
	}
	n := 0
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			n++
			for _, want := range []string{`id="` + op.OperationID + `"`, method + "</span> <code>" + path + "</code>"} {
				if !strings.Contains(string(page), want) {
					t.Errorf("docs lack %s %s: %q", method, path, want)
				}
			}
		}
	}
	if n < 50 || !strings.Contains(string(page), `id="schema-RankedList"`) {
		t.Errorf("docs name %d operations; schemas: %v", n, strings.Contains(string(page), `id="schema-RankedList"`))
	}
	css := get(t, env.URL+"/api/docs.css", nil)
	if css.StatusCode != 200 || !strings.HasPrefix(css.Header.Get("Content-Type"), "text/css") {
		t.Errorf("docs.css: %d %q", css.StatusCode, css.Header.Get("Content-Type"))
	}
}
