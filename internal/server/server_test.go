package server

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSeasonsCatalog(t *testing.T) {
	ts := newEnv(t)
	res := get(t, ts.URL+"/api/catalog/seasons", map[string]string{"Accept-Encoding": "gzip"})
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("status %d encoding %q", res.StatusCode, res.Header.Get("Content-Encoding"))
	}
	if !strings.Contains(res.Header.Get("Cache-Control"), "max-age") {
		t.Errorf("Cache-Control = %q", res.Header.Get("Cache-Control"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var body struct {
		Seasons []struct {
			ID          string `json:"id"`
			Franchise   string `json:"franchise"`
			LogoURL     string `json:"logoUrl"`
			Contestants []struct{ ID, Name, ImageURL string }
		}
	}
	if err := json.NewDecoder(zr).Decode(&body); err != nil {
		t.Fatal(err)
	}
	// The US's 50, then Australia's, South Africa's, New Zealand's and the UK's.
	if len(body.Seasons) != 76 || body.Seasons[0].ID != "s1" || body.Seasons[0].LogoURL != "/media/seasons/1" ||
		body.Seasons[0].Franchise != "US" || body.Seasons[50].ID != "au1" || body.Seasons[50].Franchise != "AU" ||
		body.Seasons[50].LogoURL != "/media/seasons/au1" {
		t.Fatalf("seasons: %d, first %+v, 51st %+v", len(body.Seasons), body.Seasons[0].ID, body.Seasons[50].ID)
	}

	etag := res.Header.Get("ETag")
	if !strings.HasPrefix(etag, `"`) {
		t.Fatalf("ETag %q is not strong", etag)
	}
	again := get(t, ts.URL+"/api/catalog/seasons", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag})
	if again.StatusCode != http.StatusNotModified {
		t.Fatalf("revalidation: %d", again.StatusCode)
	}
	plain := get(t, ts.URL+"/api/catalog/seasons", nil)
	if plain.Header.Get("Content-Encoding") != "" || plain.Header.Get("ETag") == etag {
		t.Fatalf("plain response: encoding %q etag %q", plain.Header.Get("Content-Encoding"), plain.Header.Get("ETag"))
	}
}

func TestPagesAssetsAndUnknownAPI(t *testing.T) {
	ts := newEnv(t)
	for _, path := range []string{"/", "/login", "/mylists", "/rankings", "/create", "/global-rankings", "/global-rankings/season-48", "/anything/else"} {
		res := get(t, ts.URL+path, nil)
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || !strings.Contains(string(b), "id=root") {
			t.Errorf("%s: %d %q", path, res.StatusCode, b)
		}
	}
	asset := get(t, ts.URL+"/assets/app-123.js", nil)
	if asset.StatusCode != 200 || !strings.Contains(asset.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %q", asset.StatusCode, asset.Header.Get("Cache-Control"))
	}
	if res := get(t, ts.URL+"/assets/gone-999.js", nil); res.StatusCode != 404 {
		t.Errorf("missing asset: %d", res.StatusCode)
	}
	res := get(t, ts.URL+"/api/no/such/thing", nil)
	var e struct {
		Error struct{ Code, Message string }
	}
	json.NewDecoder(res.Body).Decode(&e)
	if res.StatusCode != 404 || e.Error.Code != "not_found" || res.Header.Get("Content-Type") != "application/json" {
		t.Errorf("unknown api: %d %+v", res.StatusCode, e)
	}
}

func TestMediaPlaceholdersAndFiles(t *testing.T) {
	ts := newEnv(t)
	cfg := ts.cfg
	res := get(t, ts.URL+"/media/contestants/s13/parvati", nil)
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(string(b), ">PS<") {
		t.Fatalf("placeholder headshot: %d %s", res.StatusCode, b)
	}
	res = get(t, ts.URL+"/media/seasons/45", nil)
	b, _ = io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(b), ">45<") {
		t.Fatalf("placeholder logo: %d %s", res.StatusCode, b)
	}
	// Drawn once, then served compressed with the same tag, so revalidation is cheap.
	gz := get(t, ts.URL+"/media/seasons/45", map[string]string{"Accept-Encoding": "gzip;q=0.5"})
	etag := gz.Header.Get("ETag")
	if gz.Header.Get("Content-Encoding") != "gzip" || etag == "" {
		t.Fatalf("placeholder logo gzip: %q %q", gz.Header.Get("Content-Encoding"), etag)
	}
	again := get(t, ts.URL+"/media/seasons/45", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": etag})
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("placeholder logo revalidation: %d", again.StatusCode)
	}
	if res := get(t, ts.URL+"/media/seasons/99", nil); res.StatusCode != 404 {
		t.Errorf("unknown season logo: %d", res.StatusCode)
	}
	if res := get(t, ts.URL+"/images/placeholder.jpg", nil); res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Errorf("placeholder.jpg: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}

	// A real photo in the media folder wins over the drawing.
	dir := filepath.Join(cfg.MediaDir, "contestants", "s13")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "parvati.png"), []byte("\x89PNG\r\n\x1a\nfake"), 0o644)
	res = get(t, ts.URL+"/media/contestants/s13/parvati", nil)
	if res.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("photo: %s", res.Header.Get("Content-Type"))
	}
}

func TestHealthAndMetrics(t *testing.T) {
	ts := newEnv(t)
	for _, p := range []string{"/healthz", "/readyz"} {
		if res := get(t, ts.URL+p, nil); res.StatusCode != 200 {
			t.Errorf("%s: %d", p, res.StatusCode)
		}
	}
	get(t, ts.URL+"/api/catalog/seasons", nil)
	res := get(t, ts.URL+"/metrics", nil)
	b, _ := io.ReadAll(res.Body)
	if !strings.Contains(string(b), `castaway_http_requests_total{code="200",method="GET",route="GET /api/catalog/seasons"}`) {
		t.Fatalf("metrics lack the catalog route:\n%s", b)
	}
}

func TestCrossSiteWritesRefused(t *testing.T) {
	ts := newEnv(t)
	req, _ := http.NewRequest("POST", ts.URL+"/api/auth/logout", nil)
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site POST: %d", res.StatusCode)
	}
}
