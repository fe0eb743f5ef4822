package web

import (
	"io"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

func TestPagesNameTheirChunks(t *testing.T) {
	dist := fstest.MapFS{
		"index.html": {Data: []byte("<html>\n  <head>\n    <title>Survivor Rankings</title>\n    <script type=\"module\" crossorigin src=\"/assets/index-1.js\"></script>\n  </head>\n  <body><div id=\"root\"><!--boot--></div></body>\n</html>\n")},
		".vite/manifest.json": {Data: []byte(`{
			"index.html": {"file": "assets/index-1.js", "isEntry": true, "imports": ["_react.js"], "css": ["assets/index-1.css"]},
			"_react.js": {"file": "assets/react-1.js"},
			"_card.js": {"file": "assets/card-1.js", "imports": ["_react.js"], "css": ["assets/card-1.css"]},
			"src/features/lists/BrowseRankingsPage.tsx": {"file": "assets/Browse-1.js", "imports": ["_card.js", "_react.js"], "css": ["assets/Browse-1.css"]}
		}`)},
	}
	app, err := NewApp(dist, nil)
	if err != nil {
		t.Fatal(err)
	}
	page := func(path string) string {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		body, _ := io.ReadAll(rec.Body)
		return string(body)
	}
	browse := page("/rankings")
	for _, want := range []string{
		`<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/Browse-1.js" />`,
		`<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/card-1.js" />`,
		`<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/Browse-1.css" />`,
		`<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/card-1.css" />`,
		// Nothing the page loads is needed for its first paint (paintFirst).
		`<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>`,
	} {
		if !strings.Contains(browse, want) {
			t.Errorf("/rankings lacks %s:\n%s", want, browse)
		}
	}
	if strings.Contains(browse, "react-1.js") || strings.Index(browse, "Browse-1.js") > strings.Index(browse, "</head>") {
		t.Errorf("/rankings names what the entry loads already, or names it outside <head>:\n%s", browse)
	}
	// A page with no module of its own, or one the build lacks, is the plain index.html.
	for _, path := range []string{"/mylists", "/"} {
		if got := page(path); strings.Contains(got, "modulepreload") {
			t.Errorf("%s: %s", path, got)
		}
	}
	if got := page("/.vite/manifest.json"); strings.Contains(got, "isEntry") {
		t.Error("the build manifest is served")
	}
	// The server sets a page's first paint once; other pages keep theirs.
	app.SetBoot(BrowsePage, "<main>Browse</main>")
	if got := page("/rankings"); !strings.Contains(got, `<div id="root"><main>Browse</main></div>`) || !strings.Contains(got, "Browse-1.js") {
		t.Errorf("/rankings after SetBoot: %s", got)
	}
	if got := page("/mylists"); strings.Contains(got, "<main>Browse</main>") {
		t.Errorf("another page took /rankings' first paint: %s", got)
	}
}

// Every page named in pageModules is a module of the real build: a renamed page fails here
// rather than silently losing its preload.
func TestPageModulesAreInTheBuild(t *testing.T) {
	m, err := readManifest(Dist())
	if err != nil || m == nil {
		t.Fatalf("the build has no manifest (run make web): %v", err)
	}
	for _, p := range pageModules {
		if _, ok := m[p.module]; !ok {
			t.Errorf("%s: %s is not in the build", p.pattern, p.module)
		}
	}
}

// The app waits for a landing page's code before its first render only when the server
// preloads it, so both sides list the same pages (web/src/app/AppRoutes.tsx, landingPages).
func TestLandingPagesMatchTheApp(t *testing.T) {
	routes, err := os.ReadFile("src/app/AppRoutes.tsx")
	if err != nil {
		t.Fatal(err)
	}
	param := regexp.MustCompile(`\{(\w+)\}`)
	listed := regexp.MustCompile(`\['(/[^']*)', \w+\]`).FindAllStringSubmatch(string(routes), -1)
	var app []string
	for _, m := range listed {
		app = append(app, m[1])
	}
	var server []string
	for _, p := range pageModules {
		path := strings.TrimSuffix(strings.TrimPrefix(p.pattern, "GET "), "{$}")
		server = append(server, param.ReplaceAllString(path, ":$1"))
	}
	if !slices.Equal(app, server) {
		t.Fatalf("landing pages in AppRoutes.tsx %q, preloaded by the server %q: list the same pages", app, server)
	}
}
