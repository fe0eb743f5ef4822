package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"
	"time"
)

// precompressed is an unchanging response body kept both plain and gzipped, with a
// strong ETag, so hot static responses cost no work per request.
type precompressed struct {
	contentType  string
	cacheControl string
	raw, gz      []byte
	etag         string
}

func newPrecompressed(body []byte, contentType, cacheControl string) *precompressed {
	sum := sha256.Sum256(body)
	p := &precompressed{
		contentType:  contentType,
		cacheControl: cacheControl,
		raw:          body,
		etag:         `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`,
	}
	if len(body) > 512 && compressible(contentType) {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(body)
		zw.Close()
		if buf.Len() < len(body) {
			p.gz = buf.Bytes()
		}
	}
	return p
}

func compressible(contentType string) bool {
	for _, t := range []string{"text/", "application/json", "javascript", "image/svg+xml", "application/manifest+json"} {
		if strings.Contains(contentType, t) {
			return true
		}
	}
	return false
}

func (p *precompressed) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", p.contentType)
	h.Set("Cache-Control", p.cacheControl)
	h.Set("Vary", "Accept-Encoding")
	body, etag := p.raw, p.etag
	if p.gz != nil && acceptsGzip(r.Header.Get("Accept-Encoding")) {
		// A strong ETag names one representation, so the gzipped body gets its own.
		h.Set("Content-Encoding", "gzip")
		body, etag = p.gz, strings.TrimSuffix(p.etag, `"`)+`-gz"`
	}
	h.Set("ETag", etag)
	// ServeContent answers If-None-Match with 304 and handles HEAD and ranges.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
