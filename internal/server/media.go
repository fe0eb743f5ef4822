package server

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"castaway/internal/catalog"
	"castaway/internal/placeholder"
	"castaway/internal/problem"
)

// media serves headshots (/media/contestants/{seasonId}/{key}) and season logos
// (/media/seasons/{number}) from a folder, or from a CDN when one is configured.
// A picture that is missing is drawn instead, so the app never shows a broken image.
type media struct {
	dir      string
	cdn      string
	names    map[string]string // "s1/richard" -> "Richard Hatch"
	seasons  map[int]bool
	headshot *precompressed // the generic /images/placeholder.jpg

	mu    sync.Mutex
	drawn map[string]*precompressed // "seasons/45" -> drawn placeholder
}

var mediaExts = []string{".jpg", ".jpeg", ".png", ".webp", ".svg"}

func newMedia(dir, cdn string, c *catalog.Catalog) (*media, error) {
	m := &media{dir: dir, cdn: strings.TrimRight(cdn, "/"), names: map[string]string{}, seasons: map[int]bool{},
		drawn: map[string]*precompressed{}}
	for _, s := range c.Seasons {
		m.seasons[s.Number] = true
		for _, ct := range s.Contestants {
			m.names[strings.TrimPrefix(ct.ImageURL, "/media/contestants/")] = ct.Name
		}
	}
	jpg, err := placeholder.HeadshotJPEG()
	if err != nil {
		return nil, err
	}
	m.headshot = newPrecompressed(jpg, "image/jpeg", "public, max-age=86400")
	return m, nil
}

func (m *media) contestant(w http.ResponseWriter, r *http.Request) {
	rel := r.PathValue("season") + "/" + r.PathValue("key")
	name, ok := m.names[rel]
	if !ok {
		writeProblem(w, problem.New(problem.NotFound, "not_found", "No such contestant image."))
		return
	}
	if m.serveFile(w, r, "contestants/"+rel) {
		return
	}
	m.drawnSVG("contestants/"+rel, func() placeholder.Art { return placeholder.Contestant(name) }).ServeHTTP(w, r)
}

func (m *media) season(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.PathValue("number"))
	if err != nil || !m.seasons[n] {
		writeProblem(w, problem.New(problem.NotFound, "not_found", "No such season logo."))
		return
	}
	if m.serveFile(w, r, "seasons/"+strconv.Itoa(n)) {
		return
	}
	m.drawnSVG("seasons/"+strconv.Itoa(n), func() placeholder.Art { return placeholder.Season(n) }).ServeHTTP(w, r)
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

// drawnSVG is the placeholder for key, drawn, compressed and tagged on first use
// and kept: keys come from the catalog only, so the cache is bounded by it.
func (m *media) drawnSVG(key string, draw func() placeholder.Art) *precompressed {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.drawn[key]
	if p == nil {
		p = newPrecompressed(draw().SVG(), "image/svg+xml", "public, max-age=86400")
		m.drawn[key] = p
	}
	return p
}
