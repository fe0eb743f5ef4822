package server

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"castaway/internal/config"
	"castaway/internal/store/storetest"
)

// The entry's stylesheet is in every page's HTML, and the policy allows that one element by
// its hash, nothing else inline.
func TestEntryStylesInlinedAndAllowedByHash(t *testing.T) {
	css := ".boot-header { color: #fff; }\n"
	sum := sha256.Sum256([]byte(css))
	source := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	dist := fstest.MapFS{
		"index.html": {Data: []byte("<html>\n  <head>\n    <title>Survivor Rankings</title>\n" +
			"    <link rel=\"stylesheet\" crossorigin href=\"/assets/index-1.css\">\n" +
			"    <link rel=\"stylesheet\" crossorigin href=\"/assets/missing-1.css\">\n  </head>\n  <body></body>\n</html>\n")},
		"assets/index-1.css": {Data: []byte(css)},
		".vite/manifest.json": {Data: []byte(`{
			"index.html": {"file": "assets/index-1.js", "isEntry": true, "css": ["assets/index-1.css"]},
			"src/features/lists/BrowseRankingsPage.tsx": {"file": "assets/Browse-1.js", "css": ["assets/Browse-1.css"]}
		}`)},
	}
	cfg, err := config.Load([]string{"-data-dir", t.TempDir()}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	d := testDeps(t, cfg, storetest.OpenSQLite(t))
	d.Web = dist
	srv, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/", "/rankings", "/mylists"} {
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		body, _ := io.ReadAll(rec.Body)
		page := string(body)
		if !strings.Contains(page, "<style>"+css+"</style>") || strings.Contains(page, `href="/assets/index-1.css"`) {
			t.Errorf("%s: the entry's styles are not inlined:\n%s", path, page)
		}
		// A stylesheet the build does not hold stays a link rather than vanishing.
		if !strings.Contains(page, `<link rel="stylesheet" crossorigin href="/assets/missing-1.css">`) {
			t.Errorf("%s: lost the link it could not inline:\n%s", path, page)
		}
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "style-src 'self' "+source+";") || strings.Count(csp, "'sha256-") != 1 || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: policy %q, want style-src 'self' %s alone", path, csp, source)
		}
	}
	// The stylesheet itself is still served, for anything that links it.
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/assets/index-1.css", nil))
	if rec.Code != http.StatusOK {
		t.Errorf("/assets/index-1.css: %d", rec.Code)
	}
}
