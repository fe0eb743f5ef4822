package web

import (
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"sort"
	"strings"

	"castaway/internal/httpcache"
)

// pageModules are the app's most visited pages and the module each one's route loads
// lazily (web/src/app/AppRoutes.tsx). Their HTML names that module's code and styles up
// front, so a phone fetches them beside the app's entry script instead of after it has run:
// one round trip less before the page paints. A page not listed loads as before.
var pageModules = []struct{ pattern, module string }{
	{"GET /{$}", HomePage},
	{"GET /rankings", BrowsePage},
	{"GET /rankings/user/{userId}", UserPage},
	{"GET /list/{userId}/{listId}", ListPage},
	{"GET /castaways/{contestantId}", CastawayPage},
	{"GET /seasons/{seasonId}", SeasonPage},
	{"GET /global-rankings", "src/features/global/GlobalRankingsPage.tsx"},
	{"GET /global-rankings/{listId}", "src/features/global/GlobalListPage.tsx"},
}

// The pages the server answers itself, with their status or preview, on Page's HTML.
const (
	ListPage = "src/features/lists/ListDetailPage.tsx"   // /list/{userId}/{listId}
	UserPage = "src/features/lists/UserRankingsPage.tsx" // /rankings/user/{userId}
	// /castaways/{contestantId}
	CastawayPage = "src/features/castaways/CastawayPage.tsx"
	// /seasons/{seasonId}
	SeasonPage = "src/features/seasons/SeasonPage.tsx"
)

// Pages served as they are, whose first paint the server sets once (SetBoot).
const (
	HomePage   = "src/features/home/HomePage.tsx"            // /
	BrowsePage = "src/features/lists/BrowseRankingsPage.tsx" // /rankings
)

// manifestChunk is one entry of Vite's build manifest (dist/.vite/manifest.json).
type manifestChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	CSS     []string `json:"css"`
	IsEntry bool     `json:"isEntry"`
}

// readManifest reads the build manifest; nil when the build has none.
func readManifest(dist fs.FS) (map[string]manifestChunk, error) {
	b, err := fs.ReadFile(dist, ".vite/manifest.json")
	if err != nil {
		return nil, nil
	}
	var m map[string]manifestChunk
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("read build manifest: %w", err)
	}
	return m, nil
}

// preloadTags are the <link> tags naming module's chunk, the chunks it imports and their
// styles, leaving out what the entry already loads; "" for a module the build lacks.
func preloadTags(m map[string]manifestChunk, module string) string {
	if _, ok := m[module]; !ok {
		return ""
	}
	loaded := map[string]bool{}
	var entry func(key string)
	entry = func(key string) { // everything the entry pulls in statically is there already
		if c, ok := m[key]; ok && !loaded[key] {
			loaded[key] = true
			for _, k := range c.Imports {
				entry(k)
			}
		}
	}
	for key, c := range m {
		if c.IsEntry {
			entry(key)
		}
	}
	var scripts, styles []string
	seen := map[string]bool{}
	var walk func(key string)
	walk = func(key string) {
		c, ok := m[key]
		if !ok || loaded[key] || seen[key] {
			return
		}
		seen[key] = true
		scripts = append(scripts, c.File)
		styles = append(styles, c.CSS...)
		for _, k := range c.Imports {
			walk(k)
		}
	}
	walk(module)
	sort.Strings(styles)
	var b strings.Builder
	for _, f := range scripts {
		fmt.Fprintf(&b, "\n    <link rel=\"modulepreload\" fetchpriority=\"low\" crossorigin href=\"/%s\" />", html.EscapeString(f))
	}
	for _, f := range styles {
		// Fetched early but not waited on before the first paint; crossorigin as Vite's
		// loader asks for it, so its stylesheet takes this answer.
		fmt.Fprintf(&b, "\n    <link rel=\"preload\" as=\"style\" fetchpriority=\"low\" crossorigin href=\"/%s\" />", html.EscapeString(f))
	}
	return b.String()
}

// WithHeadTags puts tags at the end of the page's <head>.
func WithHeadTags(page []byte, tags string) []byte {
	s := string(page)
	i := strings.Index(s, "</head>")
	if tags == "" || i < 0 {
		return page
	}
	return []byte(strings.TrimRight(s[:i], " ") + strings.TrimPrefix(tags, "\n") + "\n  " + s[i:])
}

// bootMark is where index.html's first paint takes a page's own content (WithBoot).
const bootMark = "<!--boot-->"

// WithBoot puts html (already escaped) into what the page paints before the app has run,
// under the header bar: a page's title, so a phone shows it from the HTML alone.
func WithBoot(page []byte, html string) []byte {
	return []byte(strings.Replace(string(page), bootMark, html, 1))
}

// pageHandler serves the page of module as it stands (SetBoot may replace it at start).
func (w *App) pageHandler(module string) http.Handler {
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) { w.pages[module].ServeHTTP(rw, r) })
}

// SetBoot puts boot (HTML, already escaped) into the first paint of module's page, for a
// page served as it is, the same for everyone (home, browse). Called before serving.
func (w *App) SetBoot(module, boot string) {
	if p := w.pages[module]; p != nil {
		w.pages[module] = httpcache.NewPrecompressed(WithBoot(p.Body(), boot), p.ContentType(), p.CacheControl())
	}
}

// SetHeadTags puts tags (HTML, already escaped) at the end of every page's <head>: what
// this server says to the app before it asks anything, the same for everyone. Called
// before serving, before SetBoot.
func (w *App) SetHeadTags(tags string) {
	with := func(p *httpcache.Precompressed) *httpcache.Precompressed {
		return httpcache.NewPrecompressed(WithHeadTags(p.Body(), tags), p.ContentType(), p.CacheControl())
	}
	w.index = with(w.index)
	for module, p := range w.pages {
		w.pages[module] = with(p)
	}
}

// pagesMux picks each listed page's HTML, or the plain index.html.
func (w *App) pagesMux(m map[string]manifestChunk) *http.ServeMux {
	mux := http.NewServeMux()
	w.pages = map[string]*httpcache.Precompressed{}
	for _, p := range pageModules {
		page := w.index
		if tags := preloadTags(m, p.module); tags != "" {
			page = httpcache.NewPrecompressed(WithHeadTags(w.index.Body(), tags), w.index.ContentType(), w.index.CacheControl())
		}
		w.pages[p.module] = page
		mux.Handle(p.pattern, w.pageHandler(p.module))
	}
	mux.Handle("/", http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) { w.index.ServeHTTP(rw, r) }))
	return mux
}

// paintFirst asks for the app's entry script at low priority. A page paints from its HTML
// alone (the header bar, and its title where the server knows it): nothing it loads is
// needed for that paint, and a script fetched at high priority that happens to arrive
// before it (as on a fast connection) is counted as holding it back (Lighthouse counts
// it so, and a browser may wait for it).
func paintFirst(page []byte) []byte {
	return []byte(strings.ReplaceAll(string(page), `<script type="module" crossorigin`, `<script type="module" fetchpriority="low" crossorigin`))
}
