package server

import (
	"bytes"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"castaway/internal/catalog"
)

// media serves headshots (/media/contestants/{seasonId}/{key}) and season logos
// (/media/seasons/{number}) from a folder, or from a CDN when one is configured.
// A picture that is missing is drawn instead, so the app never shows a broken image.
type media struct {
	dir         string
	cdn         string
	names       map[string]string // "s1/richard" -> "Richard Hatch"
	seasons     map[int]bool
	placeholder *precompressed
}

var mediaExts = []string{".jpg", ".jpeg", ".png", ".webp", ".svg"}

func newMedia(dir, cdn string, c *catalog.Catalog) *media {
	m := &media{dir: dir, cdn: strings.TrimRight(cdn, "/"), names: map[string]string{}, seasons: map[int]bool{}}
	for _, s := range c.Seasons {
		m.seasons[s.Number] = true
		for _, ct := range s.Contestants {
			m.names[strings.TrimPrefix(ct.ImageURL, "/media/contestants/")] = ct.Name
		}
	}
	m.placeholder = newPrecompressed(placeholderJPEG(), "image/jpeg", "public, max-age=86400")
	return m
}

func (s *Server) mediaRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /media/contestants/{season}/{key}", s.media.contestant)
	mux.HandleFunc("GET /media/seasons/{number}", s.media.season)
	mux.Handle("GET /images/placeholder.jpg", s.media.placeholder)
}

func (m *media) contestant(w http.ResponseWriter, r *http.Request) {
	rel := r.PathValue("season") + "/" + r.PathValue("key")
	name, ok := m.names[rel]
	if !ok {
		writeError(w, http.StatusNotFound, "not_found", "No such contestant image.")
		return
	}
	if m.serveFile(w, r, "contestants/"+rel) {
		return
	}
	serveSVG(w, r, contestantSVG(name))
}

func (m *media) season(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.PathValue("number"))
	if err != nil || !m.seasons[n] {
		writeError(w, http.StatusNotFound, "not_found", "No such season logo.")
		return
	}
	if m.serveFile(w, r, "seasons/"+strconv.Itoa(n)) {
		return
	}
	serveSVG(w, r, seasonSVG(n))
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

func serveSVG(w http.ResponseWriter, r *http.Request, svg string) {
	newPrecompressed([]byte(svg), "image/svg+xml", "public, max-age=86400").ServeHTTP(w, r)
}

// initials takes the first letter of the first and last words, skipping nicknames in quotes.
func initials(name string) string {
	var words []string
	for _, w := range strings.Fields(name) {
		if !strings.HasPrefix(w, "'") && !strings.HasPrefix(w, "\"") {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return "?"
	}
	first := []rune(words[0])[:1]
	if len(words) == 1 {
		return strings.ToUpper(string(first))
	}
	last := []rune(words[len(words)-1])[:1]
	return strings.ToUpper(string(first) + string(last))
}

// palette picks one of a few warm tribe colours from the name, so tiles differ.
var palette = [][2]string{{"#b4441c", "#5a1e0c"}, {"#1f6f5c", "#0b332a"}, {"#8a5a12", "#3f2806"}, {"#6b2f6e", "#2c1230"}, {"#235a8c", "#0e2740"}}

func pick(s string) [2]string {
	h := 0
	for _, c := range s {
		h = h*31 + int(c)
	}
	if h < 0 {
		h = -h
	}
	return palette[h%len(palette)]
}

func contestantSVG(name string) string {
	c := pick(name)
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="%s">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>
<rect width="200" height="200" fill="url(#g)"/>
<circle cx="100" cy="78" r="34" fill="#ffffff" fill-opacity="0.14"/>
<path d="M40 200c4-44 30-66 60-66s56 22 60 66z" fill="#ffffff" fill-opacity="0.14"/>
<text x="100" y="118" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-weight="700" fill="#fff4e0">%s</text>
</svg>`, html.EscapeString(name), c[0], c[1], html.EscapeString(initials(name)))
}

func seasonSVG(n int) string {
	c := pick(strconv.Itoa(n * 7))
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img" aria-label="Season %d">
<defs><radialGradient id="g" cx="50%%" cy="40%%" r="70%%"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></radialGradient></defs>
<rect width="200" height="200" rx="24" fill="url(#g)"/>
<circle cx="100" cy="100" r="78" fill="none" stroke="#f5c16c" stroke-width="6" stroke-opacity="0.85"/>
<path d="M100 38c10 14 16 22 16 34a16 16 0 0 1-32 0c0-12 6-20 16-34z" fill="#f5a623"/>
<text x="100" y="146" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="58" font-weight="700" fill="#fff4e0">%d</text>
</svg>`, n, c[0], c[1], n)
}

// placeholderJPEG draws a neutral head-and-shoulders silhouette, the earlier
// product's /images/placeholder.jpg.
func placeholderJPEG() []byte {
	const size = 256
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	bg := func(y int) color.RGBA {
		t := float64(y) / size
		return color.RGBA{uint8(58 - 30*t), uint8(74 - 40*t), uint8(62 - 34*t), 255}
	}
	fg := color.RGBA{214, 196, 160, 255}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			dx, dy := float64(x-128), float64(y-100)
			head := dx*dx+dy*dy < 48*48
			sx, sy := float64(x-128), float64(y-256)
			shoulders := sx*sx/(96*96)+sy*sy/(96*96) < 1 && y > 160
			if head || shoulders {
				img.Set(x, y, fg)
			} else {
				img.Set(x, y, bg(y))
			}
		}
	}
	var buf bytes.Buffer
	jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85})
	return buf.Bytes()
}
