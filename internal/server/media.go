package server

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"castaway/internal/catalog"
	"castaway/internal/httpcache"
	"castaway/internal/placeholder"
	"castaway/internal/problem"
)

// media serves headshots (/media/contestants/{seasonId}/{key}) and season logos
// (/media/seasons/{number}, or {id} for another franchise) from a folder, or from a CDN when one is configured.
// A picture that is missing is drawn instead, so the app never shows a broken image.
type media struct {
	dir      string
	cdn      string
	art      *placeholder.Index
	headshot *httpcache.Precompressed // the generic /images/placeholder.jpg

	mu    sync.Mutex
	drawn map[string]*httpcache.Precompressed // "seasons/45" -> drawn placeholder
}

var mediaExts = []string{".jpg", ".jpeg", ".png", ".webp", ".svg"}

func newMedia(dir, cdn string, c *catalog.Catalog) (*media, error) {
	jpg, err := placeholder.HeadshotJPEG()
	if err != nil {
		return nil, err
	}
	return &media{dir: dir, cdn: strings.TrimRight(cdn, "/"), art: placeholder.NewIndex(c),
		headshot: httpcache.NewPrecompressed(jpg, "image/jpeg", "public, max-age=86400"),
		drawn:    map[string]*httpcache.Precompressed{}}, nil
}

func (m *media) contestant(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("season") + "/" + r.PathValue("key")
	art, ok := m.art.Contestant(key)
	if !ok {
		writeProblem(w, problem.New(problem.NotFound, "not_found", problem.MsgNoContestantImage))
		return
	}
	rel := "contestants/" + key
	if !m.serveFile(w, r, rel) {
		m.drawnSVG(rel, art).ServeHTTP(w, r)
	}
}

func (m *media) season(w http.ResponseWriter, r *http.Request) {
	key := r.PathValue("season")
	art, ok := m.art.Season(key)
	if !ok {
		writeProblem(w, problem.New(problem.NotFound, "not_found", problem.MsgNoSeasonLogo))
		return
	}
	rel := "seasons/" + key
	if !m.serveFile(w, r, rel) {
		m.drawnSVG(rel, art).ServeHTTP(w, r)
	}
}

// serveFile answers from the CDN or the media folder when the picture exists there.
func (m *media) serveFile(w http.ResponseWriter, r *http.Request, rel string) bool {
	if m.cdn != "" {
		http.Redirect(w, r, m.cdn+"/"+rel, http.StatusFound)
		return true
	}
	for _, ext := range mediaExts {
		path := filepath.Join(m.dir, filepath.FromSlash(rel)+ext)
		if st, err := os.Stat(path); err == nil && !st.IsDir() {
			w.Header().Set("Cache-Control", "public, max-age=86400")
			http.ServeFile(w, r, path)
			return true
		}
	}
	return false
}

// drawnSVG is art for the picture rel, drawn, compressed and tagged on first use
// and kept: only catalog pictures have art, so the cache is bounded by the catalog.
func (m *media) drawnSVG(rel string, art placeholder.Art) *httpcache.Precompressed {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.drawn[rel]
	if p == nil {
		p = httpcache.NewPrecompressed(art.SVG(), "image/svg+xml", "public, max-age=86400")
		m.drawn[rel] = p
	}
	return p
}
