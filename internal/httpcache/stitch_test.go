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

// A stitched body reads back, gzipped, as its parts in order (its CRC and length
// checked by the reader), whatever the parts: shared ones compressed once, a body's
// own compressed for it, empty ones; the same bytes get the same ETag.
func TestStitchReadsBackAsItsParts(t *testing.T) {
	head := NewFixed([]byte("<!doctype html><html><head>" + strings.Repeat("<style>.a{color:red}</style>", 300)))
	tail := NewFixed([]byte("</head><body>" + strings.Repeat("<p>static</p>", 200) + "</body></html>"))
	empty := NewFixed(nil)
	for _, own := range []string{"", "<title>Best Winners</title>", strings.Repeat("é·<x>", 5000)} {
		p := Stitch("text/html; charset=utf-8", "no-cache", head.Part(), Own(own), empty.Part(), Own(""), tail.Part())
		want := string(head.raw) + own + string(tail.raw)
		if string(p.Body()) != want {
			t.Fatalf("plain body differs (own %d bytes)", len(own))
		}
		rec := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodGet, "/list/u/l", nil)
		r.Header.Set("Accept-Encoding", "gzip")
		p.ServeHTTP(rec, r)
		if rec.Header().Get("Content-Encoding") != "gzip" || rec.Body.Len() >= len(want)/2 {
			t.Fatalf("gzipped: %v, %d bytes of %d", rec.Header(), rec.Body.Len(), len(want))
		}
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		zr.Multistream(false)
		got, err := io.ReadAll(zr)
		if err != nil || string(got) != want {
			t.Fatalf("gzipped body reads back as %d bytes (%v), want %d", len(got), err, len(want))
		}
		if again := Stitch("text/html; charset=utf-8", "no-cache", head.Part(), Own(own), tail.Part()); again.etag != p.etag {
			t.Errorf("the same bytes, ETags %s and %s", p.etag, again.etag)
		}
	}
	a := Stitch("text/html", "no-cache", head.Part(), Own("a"), tail.Part())
	b := Stitch("text/html", "no-cache", head.Part(), Own("b"), tail.Part())
	if a.etag == b.etag {
		t.Error("different pages share an ETag")
	}
}

// A page's 404 is its body with that status, gzipped when accepted, without an ETag, and
// without a body for HEAD.
func TestServeStatus(t *testing.T) {
	p := Stitch("text/html", "no-cache", NewFixed(bytes.Repeat([]byte("<p>x</p>"), 200)).Part(), Own("<h1>missing</h1>"))
	for _, method := range []string{http.MethodGet, http.MethodHead} {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest(method, "/list/u/gone", nil)
		r.Header.Set("Accept-Encoding", "gzip")
		p.ServeStatus(rec, r, http.StatusNotFound)
		if rec.Code != http.StatusNotFound || rec.Header().Get("ETag") != "" || rec.Header().Get("Content-Encoding") != "gzip" ||
			(method == http.MethodHead) != (rec.Body.Len() == 0) {
			t.Errorf("%s: %d %v, %d bytes", method, rec.Code, rec.Header(), rec.Body.Len())
		}
	}
}

// BenchmarkStitch builds a list's page as the server does: a 37 KB app page around a
// head, preload tags and a first paint of its own.
func BenchmarkStitch(b *testing.B) {
	before := NewFixed([]byte("<!doctype html>\n<html lang=\"en\">\n  <head>\n" + strings.Repeat("    <meta name=\"x\" content=\"y\" />\n", 8)))
	middle := NewFixed([]byte(strings.Repeat("    <style>.boot-main{margin:0 auto;max-width:64rem;padding:1rem}</style>\n", 460)))
	body := NewFixed([]byte("</head>\n  <body>\n    <!-- What a phone paints first -->\n    <div id=\"root\"><div class=\"boot-header\"><span>Survivor Rankings</span></div>"))
	end := NewFixed([]byte("</div>\n  </body>\n</html>\n"))
	title := "My All-Stars favorites — a Survivor ranking by zack_loved57"
	desc := "Ranked by how much I'd want them on my tribe. — 1. Rupert Boneham · 2. Colby Donaldson · 3. Rob Mariano"
	head := strings.Repeat("<title>"+title+"</title>\n<meta name=\"description\" content=\""+desc+"\" />\n", 4)
	tags := "<link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/lists/CJm5aSczJ-BoL1wM/list_1796512972393\" />\n  "
	boot := "<main class=\"boot-main\"><h1>My All-Stars favorites</h1><p>a Survivor ranking by zack_loved57</p></main>"
	b.ReportAllocs()
	for b.Loop() {
		// As internal/server stitches a page: its own parts hold the small shared ones beside them.
		Stitch("text/html", "no-cache", Own(string(before.raw)+head), middle.Part(), Own(tags+string(body.raw)+boot+string(end.raw)))
	}
}
