package httpcache

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A browser that accepts gzip gets the kept gzipped body under its own strong tag; one
// that does not gets the plain body; either revalidates to 304.
func TestPrecompressedPicksItsBody(t *testing.T) {
	body := []byte(strings.Repeat(`{"season":45,"name":"Survivor"},`, 40))
	p := NewPrecompressed(body, "application/json", "public, max-age=3600")
	serve := func(header map[string]string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodGet, "/api/catalog/seasons", nil)
		for k, v := range header {
			r.Header.Set(k, v)
		}
		p.ServeHTTP(rec, r)
		return rec
	}
	plain := serve(nil)
	if plain.Code != http.StatusOK || !bytes.Equal(plain.Body.Bytes(), body) || plain.Header().Get("Content-Encoding") != "" ||
		plain.Header().Get("Cache-Control") != "public, max-age=3600" || plain.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("plain: %d %v", plain.Code, plain.Header())
	}
	zipped := serve(map[string]string{"Accept-Encoding": "gzip"})
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil || zipped.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzipped: %v %v", err, zipped.Header())
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, body) {
		t.Fatal("the gzipped body differs")
	}
	if a, b := plain.Header().Get("ETag"), zipped.Header().Get("ETag"); a == b || a == "" || b == "" {
		t.Fatalf("tags %q and %q: each body wants its own", a, b)
	}
	if rec := serve(map[string]string{"Accept-Encoding": "gzip", "If-None-Match": zipped.Header().Get("ETag")}); rec.Code != http.StatusNotModified {
		t.Errorf("revalidation: %d", rec.Code)
	}
	if small := NewPrecompressed([]byte("{}"), "application/json", ""); small.gzipped() != nil {
		t.Error("a tiny body was gzipped")
	}
}

// TestPrecompressedGzipsOnlyForAReaderWhoAsks: a body built for one plain reader (a
// sitemap page when reads are not shared) is never gzipped; the first reader who
// accepts gzip makes it, once.
func TestPrecompressedGzipsOnlyForAReaderWhoAsks(t *testing.T) {
	body := bytes.Repeat([]byte("<url><loc>https://example.com/list/u/l</loc></url>\n"), 100)
	p := NewPrecompressed(body, "application/xml; charset=utf-8", "")
	p.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil))
	if p.gz != nil {
		t.Fatal("gzipped for a reader who did not ask")
	}
	rec := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Header.Set("Accept-Encoding", "gzip")
	p.ServeHTTP(rec, r)
	if rec.Header().Get("Content-Encoding") != "gzip" || p.gz == nil {
		t.Fatalf("a gzip reader got %v", rec.Header())
	}
	first := &p.gz[0]
	p.ServeHTTP(httptest.NewRecorder(), r)
	if &p.gz[0] != first {
		t.Error("gzipped again")
	}
}
