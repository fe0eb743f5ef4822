package httpcache

import (
	"compress/gzip"
	"net/http"

	"github.com/klauspost/compress/gzhttp"
)

// Compress gzips answers worth it (JSON, HTML) for browsers that accept it. Event
// streams stay plain and unbuffered so every event leaves at once: answers sent as
// text/event-stream, and requests plain names, which reach next with the writer
// untouched (the caller knows its stream routes, which take their connection over).
// Answers already encoded (Precompressed bodies) pass through.
func Compress(next http.Handler, plain func(*http.Request) bool) http.Handler {
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
		if plain(r) {
			next.ServeHTTP(w, r)
			return
		}
		zipped.ServeHTTP(w, r)
	})
}
