package server

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"testing"
)

func TestPublicReadsRevalidateAndCompress(t *testing.T) {
	ts := newEnv(t)
	client, owner := ts.signedIn(t, "Parvati")
	for i := range 6 {
		ts.makeCommunityList(t, owner.ID, "list_"+string(rune('1'+i)), "Heroes vs Villains all-time ranking", true)
	}

	first := get(t, ts.URL+"/api/lists", nil)
	etag := first.Header.Get("ETag")
	if first.StatusCode != http.StatusOK || etag == "" || first.Header.Get("Cache-Control") != "private, no-cache" {
		t.Fatalf("first read: %d, ETag %q, Cache-Control %q", first.StatusCode, etag, first.Header.Get("Cache-Control"))
	}
	again := get(t, ts.URL+"/api/lists", map[string]string{"If-None-Match": etag})
	if body, _ := io.ReadAll(again.Body); again.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Fatalf("revalidation: %d with %d bytes", again.StatusCode, len(body))
	}
	if other := get(t, ts.URL+"/api/lists", map[string]string{"If-None-Match": `W/"stale"`}); other.StatusCode != http.StatusOK {
		t.Fatalf("a stale tag must get the body: %d", other.StatusCode)
	}

	// A change to what the page shows changes its tag.
	if res := call(t, client, "POST", ts.URL+"/api/lists", map[string]any{
		"name": "Newest of all", "contestants": []map[string]any{{"id": "s1", "isSeason": true}},
	}, nil); res.StatusCode != http.StatusCreated {
		t.Fatalf("create: %d", res.StatusCode)
	}
	if changed := get(t, ts.URL+"/api/lists", map[string]string{"If-None-Match": etag}); changed.StatusCode != http.StatusOK {
		t.Fatalf("after a new list: %d, want the new page", changed.StatusCode)
	}

	zipped := get(t, ts.URL+"/api/lists", map[string]string{"Accept-Encoding": "gzip"})
	if zipped.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", zipped.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	var page struct{ Lists []any }
	if err := json.NewDecoder(zr).Decode(&page); err != nil || len(page.Lists) != 7 {
		t.Fatalf("gzipped page: %v, %d lists", err, len(page.Lists))
	}
	if refused := get(t, ts.URL+"/api/lists", map[string]string{"Accept-Encoding": "gzip;q=0"}); refused.Header.Get("Content-Encoding") != "" {
		t.Fatalf("gzip;q=0 got %q", refused.Header.Get("Content-Encoding"))
	}
}
