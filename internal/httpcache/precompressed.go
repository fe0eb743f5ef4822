package httpcache

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Precompressed is an unchanging response body kept both plain and gzipped, with a
// strong ETag, so hot static responses (the app's files, the catalog, pictures) cost no
// work per request. The gzipped body is made when a reader first accepts it, not before:
// a body built for one request (a sitemap page when reads are not shared: megabytes, and
// gzip at its best compression cost more than building it) costs no gzip unless its
// reader asks for it.
type Precompressed struct {
	contentType  string
	cacheControl string
	raw          []byte
	etag         string
	gzipOnce     sync.Once
	gz           []byte // nil until gzipOnce ran, or when gzip is not worth it
	gzMade       int    // len(gz) when it was made with the body (Stitch), else -1
}

// NewPrecompressed keeps body, answered with contentType and cacheControl; gzipped too
// when that is worth it.
func NewPrecompressed(body []byte, contentType, cacheControl string) *Precompressed {
	sum := sha256.Sum256(body)
	p := &Precompressed{
		contentType:  contentType,
		cacheControl: cacheControl,
		raw:          body,
		etag:         `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`,
		gzMade:       -1,
	}
	return p
}

// newPrecompressedWith keeps raw with its gzipped form gz, made already, under etag.
func newPrecompressedWith(raw, gz []byte, etag, contentType, cacheControl string) *Precompressed {
	p := &Precompressed{contentType: contentType, cacheControl: cacheControl, raw: raw, etag: etag, gzMade: len(gz)}
	p.gzipOnce.Do(func() { p.gz = gz })
	return p
}

// Size is about what p holds in memory: its bodies (a gzipped one made when first asked
// for counted as the plain one's size, the most it is kept at).
func (p *Precompressed) Size() int {
	gz := p.gzMade
	if gz < 0 {
		gz = len(p.raw)
	}
	return len(p.raw) + gz + len(p.etag) + len(p.contentType) + len(p.cacheControl)
}

// gzipped is the gzipped body, made once; nil when gzip is not worth it.
func (p *Precompressed) gzipped() []byte {
	p.gzipOnce.Do(func() {
		if len(p.raw) <= 512 || !compressible(p.contentType) {
			return
		}
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(p.raw)
		zw.Close()
		if buf.Len() < len(p.raw) {
			p.gz = buf.Bytes()
		}
	})
	return p.gz
}

func compressible(contentType string) bool {
	for _, t := range []string{"text/", "application/json", "application/xml", "javascript", "image/svg+xml", "application/manifest+json"} {
		if strings.Contains(contentType, t) {
			return true
		}
	}
	return false
}

// Body is the plain body, for a page built on it; it is shared, not to be changed.
func (p *Precompressed) Body() []byte { return p.raw }

// ContentType is the body's Content-Type.
func (p *Precompressed) ContentType() string { return p.contentType }

// CacheControl is the Cache-Control it is answered with.
func (p *Precompressed) CacheControl() string { return p.cacheControl }

// ServeHTTP answers with the gzipped body when the browser accepts it, else the plain one.
func (p *Precompressed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, etag := p.pick(w, r)
	w.Header().Set("ETag", etag)
	// ServeContent answers If-None-Match with 304 and handles HEAD and ranges.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// ServeStatus answers with status (a page's 404) and the body as ServeHTTP picks it, with
// no ETag: an answer that is not a 200 is not revalidated.
func (p *Precompressed) ServeStatus(w http.ResponseWriter, r *http.Request, status int) {
	if status == http.StatusOK {
		p.ServeHTTP(w, r)
		return
	}
	p.serveUntagged(w, r, status)
}

// ServeUntagged answers 200 with the body as ServeHTTP picks it (gzipped once, not for
// each request) and no ETag: for a route that tags its answers itself (Cacheable).
func (p *Precompressed) ServeUntagged(w http.ResponseWriter, r *http.Request) {
	p.serveUntagged(w, r, http.StatusOK)
}

func (p *Precompressed) serveUntagged(w http.ResponseWriter, r *http.Request, status int) {
	body, _ := p.pick(w, r)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// pick sets the headers of the body r accepts and returns it with its ETag.
func (p *Precompressed) pick(w http.ResponseWriter, r *http.Request) ([]byte, string) {
	h := w.Header()
	h.Set("Content-Type", p.contentType)
	h.Set("Cache-Control", p.cacheControl)
	h.Set("Vary", "Accept-Encoding")
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		if gz := p.gzipped(); gz != nil {
			// A strong ETag names one representation, so the gzipped body gets its own.
			h.Set("Content-Encoding", "gzip")
			if r.Header.Get("Range") == "" {
				// ServeContent leaves the length of an encoded body out (a range of it would
				// not be this length); the whole body's is known, and saves chunking it.
				h.Set("Content-Length", strconv.Itoa(len(gz)))
			}
			return gz, strings.TrimSuffix(p.etag, `"`) + `-gz"`
		}
	}
	return p.raw, p.etag
}
