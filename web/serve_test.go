package web

import (
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// The service worker and the manifest are served as browsers require: the worker as
// JavaScript from the root, asked for afresh on every visit so a new release is found, and
// the manifest with its own type.
func TestServiceWorkerAndManifestHeaders(t *testing.T) {
	dist := fstest.MapFS{
		"index.html":            {Data: []byte("<html><head></head><body></body></html>")},
		"sw.js":                 {Data: []byte("self.addEventListener('fetch', () => {});")},
		"manifest.webmanifest":  {Data: []byte(`{"name":"Survivor Rankings"}`)},
		"icons/icon-192.png":    {Data: []byte("\x89PNG")},
		"assets/index-abc12.js": {Data: []byte("export {};")},
	}
	app, err := NewApp(dist, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, ctype, cache string }{
		{"/sw.js", "text/javascript; charset=utf-8", "no-cache"},
		{"/manifest.webmanifest", "application/manifest+json", "no-cache"},
		{"/icons/icon-192.png", "image/png", "public, max-age=3600"},
		{"/assets/index-abc12.js", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable"},
	} {
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, httptest.NewRequest("GET", c.path, nil))
		if rec.Code != 200 {
			t.Errorf("%s: status %d", c.path, rec.Code)
		}
		if got := rec.Header().Get("Content-Type"); got != c.ctype {
			t.Errorf("%s: Content-Type %q, want %q", c.path, got, c.ctype)
		}
		if got := rec.Header().Get("Cache-Control"); got != c.cache {
			t.Errorf("%s: Cache-Control %q, want %q", c.path, got, c.cache)
		}
	}
}
