package server

import (
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

// webApp serves the built single-page app: files by path, and index.html for
// every other page path so the app's router takes over.
type webApp struct {
	files map[string]*precompressed // "/assets/index-abc.js" -> body
	index *precompressed
	pages map[string]*precompressed // module (pageModules) -> its page's HTML
	mux   *http.ServeMux            // page path -> its HTML
	// styleSources are the Content-Security-Policy sources of the styles inlined in the pages.
	styleSources []string
}

func newWebApp(dist fs.FS) (*webApp, error) {
	w := &webApp{files: map[string]*precompressed{}}
	if dist == nil {
		w.index = newPrecompressed([]byte(notBuiltPage), "text/html; charset=utf-8", "no-cache")
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
		ctype := mime.TypeByExtension(path.Ext(p))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		// Vite puts content-hashed names under assets/: they never change.
		cache := "public, max-age=3600"
		if strings.HasPrefix(p, "assets/") {
			cache = "public, max-age=31536000, immutable"
		}
		if p == "index.html" {
			cache = "no-cache"
		}
		w.files["/"+p] = newPrecompressed(body, ctype, cache)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load front end: %w", err)
	}
	w.index = w.files["/index.html"]
	if w.index == nil {
		w.index = newPrecompressed([]byte(notBuiltPage), "text/html; charset=utf-8", "no-cache")
	} else {
		var page []byte
		page, w.styleSources = inlineStyles(w.index.raw, w.files)
		w.index = newPrecompressed(page, w.index.contentType, w.index.cacheControl)
	}
	m, err := readManifest(dist)
	if err != nil {
		return nil, err
	}
	w.mux = w.pagesMux(m)
	return w, nil
}

func (w *webApp) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		rw.Header().Set("Allow", "GET, HEAD")
		writeError(rw, http.StatusMethodNotAllowed, "method_not_allowed", "Method not allowed.")
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

// page is the HTML of the page whose route loads module (pageModules).
func (w *webApp) page(module string) *precompressed {
	if p := w.pages[module]; p != nil {
		return p
	}
	return w.index
}

const notBuiltPage = `<!doctype html><meta charset="utf-8"><title>Survivor Rankings</title>
<p>The web app is not built into this binary. Run <code>make build</code>.</p>`
