package web

import (
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"castaway/internal/httpcache"
)

// App serves the built single-page app: files by path, and index.html for every other
// page path so the app's router takes over. The server mounts it under its own routes;
// pages that need the server's knowledge (a missing list's 404, a list's preview tags)
// are the server's handlers, built on Page.
type App struct {
	files map[string]*httpcache.Precompressed // "/assets/index-abc.js" -> body
	index *httpcache.Precompressed
	pages map[string]*httpcache.Precompressed // module (pageModules) -> its page's HTML
	mux   *http.ServeMux                      // page path -> its HTML
	// styleSources are the Content-Security-Policy sources of the styles inlined in the pages.
	styleSources []string
	// notAllowed answers a method other than GET and HEAD, in the server's error format.
	notAllowed http.Handler
}

// NewApp serves the app built in dist (Dist()); nil serves a notice that it is not built.
// notAllowed answers a method other than GET and HEAD once Allow is set (the server's own
// error body); nil answers plain text.
func NewApp(dist fs.FS, notAllowed http.Handler) (*App, error) {
	if notAllowed == nil {
		notAllowed = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "Method not allowed.", http.StatusMethodNotAllowed)
		})
	}
	w := &App{files: map[string]*httpcache.Precompressed{}, notAllowed: notAllowed}
	if dist == nil {
		w.index = httpcache.NewPrecompressed([]byte(notBuiltPage), "text/html; charset=utf-8", "no-cache")
		w.mux = w.pagesMux(nil)
		return w, nil
	}
	err := fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(p, ".vite/") { // the build manifest is read, not served
			return err
		}
		body, err := fs.ReadFile(dist, p)
		if err != nil {
			return err
		}
		ctype, cache := fileHeaders(p)
		w.files["/"+p] = httpcache.NewPrecompressed(body, ctype, cache)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load front end: %w", err)
	}
	w.index = w.files["/index.html"]
	if w.index == nil {
		w.index = httpcache.NewPrecompressed([]byte(notBuiltPage), "text/html; charset=utf-8", "no-cache")
	} else {
		var page []byte
		page, w.styleSources = inlineStyles(w.index.Body(), w.files)
		page = paintFirst(page)
		w.index = httpcache.NewPrecompressed(page, w.index.ContentType(), w.index.CacheControl())
	}
	m, err := readManifest(dist)
	if err != nil {
		return nil, err
	}
	w.mux = w.pagesMux(m)
	return w, nil
}

// ServeHTTP answers a file of the build, or the HTML of the page at the path.
func (w *App) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		rw.Header().Set("Allow", "GET, HEAD")
		w.notAllowed.ServeHTTP(rw, r)
		return
	}
	if f, ok := w.files[r.URL.Path]; ok && r.URL.Path != "/index.html" {
		f.ServeHTTP(rw, r)
		return
	}
	// A missing hashed asset is a real 404; serving HTML as JavaScript would only confuse.
	if strings.HasPrefix(r.URL.Path, "/assets/") {
		http.NotFound(rw, r)
		return
	}
	w.mux.ServeHTTP(rw, r)
}

// Page is the HTML of the page whose route loads module (ListPage, UserPage, ...): with
// its code named up front, or index.html.
func (w *App) Page(module string) *httpcache.Precompressed {
	if p := w.pages[module]; p != nil {
		return p
	}
	return w.index
}

// StyleSources are the Content-Security-Policy sources ('sha256-…') that allow the
// styles inlined in the pages, and nothing else inline.
func (w *App) StyleSources() []string { return w.styleSources }

// fileHeaders are the Content-Type and Cache-Control of the build's file p.
func fileHeaders(p string) (ctype, cache string) {
	// Types the operating system's table may lack or get wrong: the manifest's own type,
	// and JavaScript for the service worker, which browsers refuse under any other.
	switch path.Ext(p) {
	case ".webmanifest":
		ctype = "application/manifest+json"
	case ".js", ".mjs":
		ctype = "text/javascript; charset=utf-8"
	default:
		ctype = mime.TypeByExtension(path.Ext(p))
	}
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	switch {
	case strings.HasPrefix(p, "assets/"):
		// Vite puts content-hashed names under assets/: they never change.
		cache = "public, max-age=31536000, immutable"
	case p == "index.html", p == serviceWorker, p == "manifest.webmanifest":
		// Same names whose content changes with each release: the browser asks every time
		// (a 304 when unchanged), so a new service worker, and the reload it offers, is
		// found on the next visit rather than an hour later.
		cache = "no-cache"
	default:
		cache = "public, max-age=3600"
	}
	return ctype, cache
}

// serviceWorker is the app's service worker (src/sw.ts), served from the root so that its
// scope is the whole site.
const serviceWorker = "sw.js"

const notBuiltPage = `<!doctype html><meta charset="utf-8"><title>Survivor Rankings</title>
<p>The web app is not built into this binary. Run <code>make build</code>.</p>`
