package httpcache

import (
	"strconv"
	"strings"
)

// acceptsGzip reads an Accept-Encoding header (RFC 9110 §12.5.3) and tells whether
// it accepts gzip: an explicit gzip entry decides by its q-value, otherwise a "*"
// entry does; q=0 means "not acceptable". A malformed q-value refuses its entry.
func acceptsGzip(header string) bool {
	gzipQ, starQ := -1.0, -1.0
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(part, ";")
		q := qValue(params)
		switch strings.ToLower(strings.TrimSpace(coding)) {
		case "gzip", "x-gzip":
			gzipQ = max(gzipQ, q)
		case "*":
			starQ = max(starQ, q)
		}
	}
	if gzipQ >= 0 {
		return gzipQ > 0
	}
	return starQ > 0
}

// qValue is the q parameter among an entry's parameters: 1 when absent, 0 when malformed.
func qValue(params string) float64 {
	for _, p := range strings.Split(params, ";") {
		name, value, _ := strings.Cut(p, "=")
		if !strings.EqualFold(strings.TrimSpace(name), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}
