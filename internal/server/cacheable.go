package server

import (
	"bytes"
	"compress/gzip"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"

	"github.com/klauspost/compress/gzhttp"
)

// cacheable answers a public read with an ETag over its body and 304 Not Modified when
// the browser already holds that body, so a revisit costs no transfer. The answer may
// differ per viewer (upvotedByMe, private lists), so it is private to the browser and
// revalidated on every use. Bodies are bounded (pages are), so buffering one is too.
func cacheable(next http.Handler) http.Handler {
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
		sum := fnv.New64a()
		sum.Write(buf.body.Bytes())
		etag := `W/"` + strconv.FormatUint(sum.Sum64(), 36) + `"`
		h.Set("ETag", etag)
		h.Set("Cache-Control", "private, no-cache")
		h.Add("Vary", "Cookie")
		if etagMatches(r.Header.Get("If-None-Match"), etag) {
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

// etagMatches applies If-None-Match's weak comparison: any listed tag, or *, matches.
func etagMatches(header, etag string) bool {
	weak := func(t string) string { return strings.TrimPrefix(strings.TrimSpace(t), "W/") }
	for _, t := range strings.Split(header, ",") {
		if strings.TrimSpace(t) == "*" || (strings.TrimSpace(t) != "" && weak(t) == weak(etag)) {
			return true
		}
	}
	return false
}

// compressResponses gzips answers worth it (JSON, HTML) for browsers that accept it.
// Event streams stay plain and unbuffered so every event leaves at once; answers
// already encoded (the precompressed catalog and assets) pass through.
func compressResponses(next http.Handler) http.Handler {
	wrap, err := gzhttp.NewWrapper(
		gzhttp.MinSize(1024),
		gzhttp.CompressionLevel(gzip.BestSpeed),
		gzhttp.ExceptContentTypes([]string{"text/event-stream"}),
	)
	if err != nil {
		panic(err) // the options above are constant
	}
	zipped := wrap(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/stream") {
			next.ServeHTTP(w, r)
			return
		}
		zipped.ServeHTTP(w, r)
	})
}
