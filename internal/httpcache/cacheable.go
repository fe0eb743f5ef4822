package httpcache

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"

	"github.com/cespare/xxhash/v2"
)

// Cacheable answers a read with an ETag over its body and 304 Not Modified when the
// browser already holds that body, so a revisit costs no transfer; it is revalidated on
// every use. An answer the same for everyone who asks as r does (shared(r): a visitor's)
// is public, and only such an answer may be kept for reading offline; any other may hold
// what only its reader may see (a private list, their votes), so it is private to their
// browser. Bodies are bounded (pages are), so buffering one is too.
func Cacheable(next http.Handler, shared func(r *http.Request) bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		buf := &bufferedResponse{header: http.Header{}, status: http.StatusOK}
		next.ServeHTTP(buf, r)
		h := w.Header()
		for k, v := range buf.header {
			h[k] = v
		}
		if buf.status != http.StatusOK {
			w.WriteHeader(buf.status)
			w.Write(buf.body.Bytes())
			return
		}
		// xxHash, not FNV: hashing byte by byte cost a list read about a tenth of its CPU
		// (issue 29's profile); the tag only has to be the same for the same body on any node.
		etag := `W/"` + strconv.FormatUint(xxhash.Sum64(buf.body.Bytes()), 36) + `"`
		h.Set("ETag", etag)
		if shared(r) {
			h.Set("Cache-Control", "public, no-cache")
		} else {
			h.Set("Cache-Control", "private, no-cache")
		}
		h.Add("Vary", "Cookie")
		if ETagMatches(r.Header.Get("If-None-Match"), etag) {
			h.Del("Content-Length")
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.WriteHeader(http.StatusOK)
		w.Write(buf.body.Bytes())
	})
}

// bufferedResponse holds a handler's answer until its ETag is known.
type bufferedResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
	wrote  bool
}

func (b *bufferedResponse) Header() http.Header { return b.header }

func (b *bufferedResponse) WriteHeader(status int) {
	if !b.wrote {
		b.status, b.wrote = status, true
	}
}

func (b *bufferedResponse) Write(p []byte) (int, error) {
	b.wrote = true
	return b.body.Write(p)
}

// ETagMatches applies If-None-Match's weak comparison: any listed tag, or *, matches.
func ETagMatches(header, etag string) bool {
	weak := func(t string) string { return strings.TrimPrefix(strings.TrimSpace(t), "W/") }
	for _, t := range strings.Split(header, ",") {
		if strings.TrimSpace(t) == "*" || (strings.TrimSpace(t) != "" && weak(t) == weak(etag)) {
			return true
		}
	}
	return false
}
