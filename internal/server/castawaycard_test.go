package server

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/placeholder"
	"castaway/internal/shareimage"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A castaway's card: a 1200x630 PNG anyone may read, of their initials on the site's
// placeholder colours when the media folder has no headshot of them and of their
// headshot when it has; revalidated by an ETag that changes with their place, answered
// 304 without drawing; an id the catalog lacks is the API's 404, which nothing caches.
// Both engines.
func TestCastawayCard(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		_, ann := e.signedIn(t, "Ann")
		t0 := time.Now().Add(-time.Hour)
		castawayList(t, st, ann.ID, "Queens", true, t0, "s20", "parvati-shallow", "sandra-diaz-twine")
		cardURL := e.URL + "/api/contestants/parvati-shallow/share.png"

		res, body := getWith(t, nil, cardURL, nil)
		etag := res.Header.Get("ETag")
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("Cache-Control") != "public, no-cache" ||
			!strings.HasPrefix(etag, `"card-`+shareimage.Version+`-`) {
			t.Fatalf("card: %d %s, Cache-Control %q, ETag %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), etag)
		}
		img := decodePNG(t, body)
		if img.Bounds() != image.Rect(0, 0, shareimage.CardWidth, shareimage.CardHeight) {
			t.Fatalf("card is %v", img.Bounds())
		}
		c, err := e.srv.sharedCastaway(t.Context(), "parvati-shallow", "")
		if err != nil {
			t.Fatal(err)
		}
		card, picture := e.srv.share.card(apiCastaway(c), siteName(e.cfg.BaseURL))
		if picture != "" || card.Name != "Parvati Shallow" || card.Eyebrow != "Castaway · Seasons 13, 16, 20, 40, AU 11" ||
			card.About != "Cook Islands · Micronesia · Heroes vs. Villains · Winners at War · Australia vs. The World" || card.Highlight != "#1 of all time" ||
			card.Note != "in the community's ranking · 1 public list" {
			t.Errorf("the card shows %+v (picture %q)", card, picture)
		}
		// No headshot: her initials on the disc of the site's placeholder for her.
		m := e.srv.share.renderer.CardLayout(card).Mark
		top, _ := placeholder.Contestant("Parvati Shallow").Colors()
		r, g, b, _ := img.At(m.Disc.Min.X+m.Disc.Dx()/2, m.Disc.Min.Y+m.Disc.Dy()/10).RGBA()
		if m.Initials != "PS" || absDiff(r>>8, top.R) > 24 || absDiff(g>>8, top.G) > 24 || absDiff(b>>8, top.B) > 24 {
			t.Errorf("initials %q on a disc of (%d,%d,%d), want PS on about %v", m.Initials, r>>8, g>>8, b>>8, top)
		}

		// The browser's copy is still good: 304 and nothing drawn (every slot is taken).
		for range cap(e.srv.share.slots) {
			e.srv.share.slots <- struct{}{}
		}
		if res, body := getWith(t, nil, cardURL, map[string]string{"If-None-Match": etag}); res.StatusCode != http.StatusNotModified || len(body) != 0 {
			t.Errorf("revalidation: %d, %d bytes; want 304", res.StatusCode, len(body))
		}
		for range cap(e.srv.share.slots) {
			<-e.srv.share.slots
		}

		// A second list ranking her is a new card.
		castawayList(t, st, ann.ID, "Queens again", true, t0.Add(time.Minute), "s20", "parvati-shallow")
		e.srv.shared.Forget()
		if res, _ := getWith(t, nil, cardURL, map[string]string{"If-None-Match": etag}); res.StatusCode != 200 || res.Header.Get("ETag") == etag {
			t.Errorf("after a new list: %d, ETag %q (was %q); want 200 and a new ETag", res.StatusCode, res.Header.Get("ETag"), etag)
		}

		// A headshot in the media folder is drawn, at the card's size.
		c, err = e.srv.sharedCastaway(t.Context(), "sandra-diaz-twine", "")
		if err != nil {
			t.Fatal(err)
		}
		green := image.NewRGBA(image.Rect(0, 0, 400, 500))
		for i := range green.Pix {
			green.Pix[i] = []byte{20, 200, 60, 255}[i%4]
		}
		var buf bytes.Buffer
		png.Encode(&buf, green)
		path := filepath.Join(e.cfg.MediaDir, filepath.FromSlash(strings.TrimPrefix(c.ImageURL, "/media/"))+".png")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil || os.WriteFile(path, buf.Bytes(), 0o644) != nil {
			t.Fatal(err)
		}
		res, body = getWith(t, nil, e.URL+"/api/contestants/sandra-diaz-twine/share.png", nil)
		if res.StatusCode != 200 {
			t.Fatalf("Sandra's card: %d", res.StatusCode)
		}
		card, picture = e.srv.share.card(apiCastaway(c), siteName(e.cfg.BaseURL))
		lay := e.srv.share.renderer.CardLayout(card)
		r, g, b, _ = decodePNG(t, body).At(lay.Picture.Min.X+10, lay.Picture.Min.Y+10).RGBA()
		if picture != c.ImageURL || !lay.Mark.Disc.Empty() || r>>8 > 40 || g>>8 < 180 || b>>8 > 80 {
			t.Errorf("Sandra's headshot %q: the picture's corner is (%d,%d,%d), disc %v", picture, r>>8, g>>8, b>>8, lay.Mark.Disc)
		}

		// Nobody: the API's 404, before any drawing, kept by no cache.
		for _, id := range []string{"nobody-at-all", "s20", strings.Repeat("x", 300)} {
			res, body := getWith(t, nil, e.URL+"/api/contestants/"+id+"/share.png", nil)
			var p apiErr
			json.Unmarshal(body, &p)
			if res.StatusCode != 404 || p.Error.Message != "Castaway not found." || strings.Contains(res.Header.Get("Cache-Control"), "public") || res.Header.Get("ETag") != "" {
				t.Errorf("%s: %d %s, Cache-Control %q, ETag %q", id, res.StatusCode, body, res.Header.Get("Cache-Control"), res.Header.Get("ETag"))
			}
		}
	})
}

// A card is drawn in the share images' slots: none free within the wait is a 503 that
// no cache keeps.
func TestCastawayCardBusy(t *testing.T) {
	e := newEnv(t)
	e.srv.share.slots = make(chan struct{}, 1)
	e.srv.share.wait = 20 * time.Millisecond
	e.srv.share.slots <- struct{}{}
	res, body := getWith(t, nil, e.URL+"/api/contestants/parvati-shallow/share.png", nil)
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" || res.Header.Get("ETag") != "" ||
		res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("saturated: %d, Retry-After %q, ETag %q, Cache-Control %q: %s", res.StatusCode, res.Header.Get("Retry-After"),
			res.Header.Get("ETag"), res.Header.Get("Cache-Control"), body)
	}
}

// A card drawn counts against the share images' limit per client address, as a list's
// image does: past it, a 429 no cache keeps; a revalidation draws nothing and is answered.
func TestCastawayCardRateLimit(t *testing.T) {
	e := newEnv(t)
	cardURL := e.URL + "/api/contestants/parvati-shallow/share.png"
	res, _ := getWith(t, nil, cardURL, nil)
	etag := res.Header.Get("ETag")
	if res.StatusCode != 200 || etag == "" {
		t.Fatalf("card: %d, ETag %q", res.StatusCode, etag)
	}
	now := time.Now()
	e.setClock(now) // the limit is a rate (one a second): hold the time still
	for range lists.ShareDrawPerClient.Max {
		if _, err := e.store.HitRateLimit(t.Context(), lists.ShareDrawPerClient.Hit("127.0.0.1"), now); err != nil {
			t.Fatal(err)
		}
	}
	res, body := getWith(t, nil, cardURL, nil)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || res.Header.Get("ETag") != "" ||
		res.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("over the limit: %d %s, Retry-After %q, ETag %q, Cache-Control %q; want 429 kept by no cache", res.StatusCode, body,
			res.Header.Get("Retry-After"), res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
	}
	if res, _ := getWith(t, nil, cardURL, map[string]string{"If-None-Match": etag}); res.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation over the limit: %d, want 304", res.StatusCode)
	}
}

func TestPublicListsAndGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0 public lists", 1: "1 public list", 2: "2 public lists", 1234: "1,234 public lists"} {
		if got := publicLists(n); got != want {
			t.Errorf("publicLists(%d) = %q, want %q", n, got, want)
		}
	}
}
