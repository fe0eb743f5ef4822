package httpcache

import "testing"

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"GZIP", true},
		{"x-gzip", true},
		{"gzip, deflate, br", true},
		{"deflate, br", false},
		{"identity", false},
		{"gzip;q=0.5", true},
		{"gzip; q=0.001", true},
		{"gzip;q=1.0", true},
		{"gzip;q=0", false},
		{"gzip;q=0.0", false},
		{"gzip;q=0.000", false},
		{"gzip ; q = 0", false},
		{"br, gzip;q=0", false},
		{"*", true},
		{"*;q=0.1", true},
		{"*;q=0", false},
		{"*, gzip;q=0", false}, // an explicit entry wins over the wildcard
		{"*;q=0, gzip", true},
		{"*;q=0, br", false},
		{"gzip;q=abc", false}, // malformed q refuses the entry
		{"gzip;q=2", false},
		{"gzip;level=1", true},
		{"gzipped", false},
	} {
		if got := acceptsGzip(tc.header); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}
