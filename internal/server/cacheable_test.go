package server

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func TestPublicReadsRevalidateAndCompress(t *testing.T) {
	ts := newEnv(t)
	client, owner := ts.signedIn(t, "Parvati")
	for i := range 6 {
		ts.makeCommunityList(t, owner.ID, "list_"+string(rune('1'+i)), "Heroes vs Villains all-time ranking", true)
	}

	first := get(t, ts.URL+"/api/lists", nil)
	etag := first.Header.Get("ETag")
	if first.StatusCode != http.StatusOK || etag == "" || first.Header.Get("Cache-Control") != "public, no-cache" {
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

// Break 7 of issue #59: only an answer that is the same for every visitor may be kept for
// reading offline. A visitor's reads say public; a signed-in fan's (their private list,
// their votes, favorites, follows and blocks) say private, so the service worker never
// keeps them (it keeps the visitor's copy instead).
func TestOnlyVisitorsReadsArePublic(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ts := newEnvOn(t, st)
		client, owner := ts.signedIn(t, "Parvati")
		pub, secret := "list_pub", "list_secret"
		ts.makeCommunityList(t, owner.ID, pub, "Heroes vs Villains all-time ranking", true)
		ts.makeCommunityList(t, owner.ID, secret, "Secret alliance", false)
		reads := []string{
			"/api/lists", "/api/lists/" + owner.ID + "/" + pub, "/api/lists/" + owner.ID + "/" + pub + "/remixes",
			"/api/lists/" + owner.ID + "/" + pub + "/comments", "/api/home", "/api/users/" + owner.ID,
			"/api/users/" + owner.ID + "/lists", "/api/seasons/consensus", "/api/seasons/s1/consensus",
			"/api/contestants/parvati-shallow", "/api/legacy-rankings",
		}
		hasCookieVary := func(res *http.Response) bool {
			return strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Cookie")
		}
		for _, path := range reads {
			res := get(t, ts.URL+path, nil)
			if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "public, no-cache" || !hasCookieVary(res) {
				t.Errorf("a visitor's %s: %d, Cache-Control %q, Vary %q; want 200, public, no-cache, Vary Cookie", path, res.StatusCode, res.Header.Get("Cache-Control"), res.Header.Values("Vary"))
			}
		}
		for _, path := range append(reads, "/api/lists/"+owner.ID+"/"+secret, "/api/lists/"+owner.ID+"/"+secret+"/comments") {
			res := call(t, client, "GET", ts.URL+path, nil, nil)
			if cc := res.Header.Get("Cache-Control"); res.StatusCode != http.StatusOK || cc != "private, no-cache" || !hasCookieVary(res) {
				t.Errorf("the owner's %s: %d, Cache-Control %q, Vary %q; want 200, private, no-cache, Vary Cookie", path, res.StatusCode, cc, res.Header.Values("Vary"))
			}
		}
		// The private list is nobody else's: a visitor gets a 404, which no cache keeps.
		if res := get(t, ts.URL+"/api/lists/"+owner.ID+"/"+secret, nil); res.StatusCode != http.StatusNotFound || strings.Contains(res.Header.Get("Cache-Control"), "public") {
			t.Errorf("a visitor's read of the private list: %d, Cache-Control %q", res.StatusCode, res.Header.Get("Cache-Control"))
		}
	})
}
