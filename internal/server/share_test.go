package server

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"castaway/internal/api"
	"castaway/internal/catalog"
	"castaway/internal/config"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/placeholder"
	"castaway/internal/shareimage"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// catalogItems is the first n contestants of the catalog as list items.
func catalogItems(n int) []model.Item {
	var items []model.Item
	for _, s := range catalog.MustLoad().Seasons() {
		for _, c := range s.Contestants {
			if len(items) == n {
				return items
			}
			items = append(items, model.Item{ID: c.ID, Name: c.Name, ImageURL: c.ImageURL, SeasonID: s.ID, SeasonName: s.Name})
		}
	}
	return items
}

func newShareList(t testing.TB, st *store.Store, ownerID, name string, public bool, at time.Time) *model.List {
	t.Helper()
	l, err := st.CreateList(context.Background(), ownerID, lists.IDs(at), model.ListContent{Name: name, IsPublic: public,
		Tags: []string{"survivor-ranking"}, Items: catalogItems(7)}, at)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func shareURL(e *testEnv, l *model.List) string {
	return e.URL + "/api/lists/" + l.UserID + "/" + l.ID + "/share.png"
}

// getWith fetches url with c (keeping its session), headers added; the body is read.
func getWith(t *testing.T, c *http.Client, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	if c == nil {
		c = &http.Client{Transport: rawTransport}
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, body
}

func TestShareImagePublicList(t *testing.T) {
	env := newEnv(t)
	_, owner := env.signedIn(t, "Maddy")
	l := newShareList(t, env.store, owner.ID, "Best Winners", true, time.Now())

	res, body := getWith(t, nil, shareURL(env, l), nil)
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("share.png: %d %s %s", res.StatusCode, res.Header.Get("Content-Type"), body)
	}
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 1024 || b.Dy() != 1536 {
		t.Errorf("image is %v, want 1024x1536", b)
	}
	etag := res.Header.Get("ETag")
	if etag == "" || res.Header.Get("Cache-Control") != "public, no-cache" {
		t.Errorf("caching headers: ETag %q, Cache-Control %q", etag, res.Header.Get("Cache-Control"))
	}

	// The browser's copy is still good: 304, no body, and nothing drawn (the slots are all taken).
	for range cap(env.srv.share.slots) {
		env.srv.share.slots <- struct{}{}
	}
	res, body = getWith(t, nil, shareURL(env, l), map[string]string{"If-None-Match": etag})
	if res.StatusCode != http.StatusNotModified || len(body) != 0 || res.Header.Get("ETag") != etag {
		t.Errorf("revalidation: %d, %d bytes, ETag %q; want 304 with %q", res.StatusCode, len(body), res.Header.Get("ETag"), etag)
	}
	for range cap(env.srv.share.slots) {
		<-env.srv.share.slots
	}

	// An edit is a new version.
	content := l.ListContent
	content.Name = "Best Winners Ever"
	if _, err := env.store.UpdateList(context.Background(), owner.ID, l.ID, content, time.Now().Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	res, _ = getWith(t, nil, shareURL(env, l), map[string]string{"If-None-Match": etag})
	if res.StatusCode != 200 || res.Header.Get("ETag") == etag || res.Header.Get("ETag") == "" {
		t.Errorf("after an edit: %d, ETag %q (was %q); want 200 and a new ETag", res.StatusCode, res.Header.Get("ETag"), etag)
	}
}

func TestShareImagePrivateAndMissing(t *testing.T) {
	env := newEnv(t)
	ownerClient, owner := env.signedIn(t, "Maddy")
	otherClient, _ := env.signedIn(t, "Andrew")
	l := newShareList(t, env.store, owner.ID, "Secret Picks", false, time.Now())

	for name, c := range map[string]*http.Client{"signed out": nil, "another user": otherClient} {
		res, body := getWith(t, c, shareURL(env, l), nil)
		var e struct {
			Error struct{ Code, Message string }
		}
		json.Unmarshal(body, &e)
		if res.StatusCode != 404 || e.Error.Code != "list_not_found" {
			t.Errorf("%s: %d %s; want 404 list_not_found", name, res.StatusCode, body)
		}
	}
	res, body := getWith(t, ownerClient, shareURL(env, l), nil)
	if res.StatusCode != 200 {
		t.Fatalf("owner: %d %s", res.StatusCode, body)
	}
	if _, err := png.Decode(bytes.NewReader(body)); err != nil {
		t.Errorf("owner's image: %v", err)
	}
	if cc := res.Header.Get("Cache-Control"); cc != "private, no-cache" || !strings.Contains(strings.Join(res.Header.Values("Vary"), ","), "Cookie") {
		t.Errorf("private image caching: Cache-Control %q, Vary %q", cc, res.Header.Values("Vary"))
	}
	for _, path := range []string{"/api/lists/" + owner.ID + "/list_404/share.png", "/api/lists/nobody/list_1/share.png"} {
		if res, body := getWith(t, nil, env.URL+path, nil); res.StatusCode != 404 {
			t.Errorf("%s: %d %s; want 404", path, res.StatusCode, body)
		}
	}
}

func TestShareImageBusy(t *testing.T) {
	env := newEnv(t)
	_, owner := env.signedIn(t, "Maddy")
	l := newShareList(t, env.store, owner.ID, "Best Winners", true, time.Now())
	env.srv.share.slots = make(chan struct{}, 1)
	env.srv.share.wait = 20 * time.Millisecond
	env.srv.share.slots <- struct{}{} // a draw in progress

	res, body := getWith(t, nil, shareURL(env, l), nil)
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" || res.Header.Get("ETag") != "" {
		t.Errorf("saturated: %d, Retry-After %q, ETag %q: %s; want 503 with Retry-After and no ETag",
			res.StatusCode, res.Header.Get("Retry-After"), res.Header.Get("ETag"), body)
	}
	<-env.srv.share.slots
	if res, _ := getWith(t, nil, shareURL(env, l), nil); res.StatusCode != 200 {
		t.Errorf("slot free again: %d, want 200", res.StatusCode)
	}
}

func TestShareImageRateLimit(t *testing.T) {
	env := newEnv(t)
	_, owner := env.signedIn(t, "Maddy")
	l := newShareList(t, env.store, owner.ID, "Best Winners", true, time.Now())
	now := time.Now()
	env.setClock(now) // the limit is a rate (one a second): hold the time still
	for range lists.ShareDrawPerClient.Max {
		if _, err := env.store.HitRateLimit(context.Background(), lists.ShareDrawPerClient.Hit("127.0.0.1"), now); err != nil {
			t.Fatal(err)
		}
	}
	res, body := getWith(t, nil, shareURL(env, l), nil)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Errorf("over the limit: %d %s, Retry-After %q; want 429", res.StatusCode, body, res.Header.Get("Retry-After"))
	}
}

// TestSharePictures: a media file is drawn from (shrunk), a missing one is placeholder
// art, a URL outside the catalog is the renderer's fallback, and the cache stays bounded.
// TestShareImageNamesTheSite: the image's footer names the host of the site's
// address, and the ETag names the renderer's version, so a new drawing is fetched anew.
func TestShareImageNamesTheSite(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) { testShareImageNamesTheSite(t, newEnvOn(t, st)) })
}

func testShareImageNamesTheSite(t *testing.T, env *testEnv) {
	_, owner := env.signedIn(t, "Maddy")
	l := newShareList(t, env.store, owner.ID, "日本語 ★ العربية ❤ 🔥", true, time.Now())
	res, body := getWith(t, nil, shareURL(env, l), nil)
	if res.StatusCode != 200 {
		t.Fatalf("share.png: %d %s", res.StatusCode, body)
	}
	if etag := res.Header.Get("ETag"); !strings.HasPrefix(etag, `"share-`+shareimage.Version+`-`) {
		t.Errorf("ETag %q does not name the renderer's version %q", etag, shareimage.Version)
	}
	got, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(env.cfg.BaseURL)
	si := env.srv.share
	same := func(want *image.RGBA) bool {
		for y := 0; y < shareimage.Height; y++ {
			for x := 0; x < shareimage.Width; x++ {
				r, g, b, _ := got.At(x, y).RGBA()
				if w := want.RGBAAt(x, y); uint32(w.R) != r>>8 || uint32(w.G) != g>>8 || uint32(w.B) != b>>8 {
					return false
				}
			}
		}
		return true
	}
	if !same(si.renderer.Draw(si.list(l, u.Host))) {
		t.Errorf("share.png is not the list drawn with the footer %q", u.Host)
	}
	if same(si.renderer.Draw(si.list(l, ""))) {
		t.Error("share.png has no footer")
	}
	if got := siteName("https://www.survivor-rankings.example/app"); got != "survivor-rankings.example" {
		t.Errorf("siteName = %q", got)
	}
}

func TestSharePictures(t *testing.T) {
	env := newEnv(t)
	items := catalogItems(2)
	rel := strings.TrimPrefix(items[0].ImageURL, "/media/")
	path := filepath.Join(env.cfg.MediaDir, filepath.FromSlash(rel)+".png")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	red := image.NewRGBA(image.Rect(0, 0, 400, 600))
	for i := range red.Pix {
		red.Pix[i] = []byte{200, 10, 10, 255}[i%4]
	}
	var buf bytes.Buffer
	png.Encode(&buf, red)
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	si := env.srv.share
	got := si.picture(items[0].ImageURL)
	if got == nil || got.Bounds().Dx() != 160 || got.Bounds().Dy() != 240 {
		t.Fatalf("media file picture: %v, want 160x240", got)
	}
	if r, g, _, _ := got.At(80, 120).RGBA(); r>>8 < 190 || g>>8 > 20 {
		t.Errorf("media file picture is not the file's: %v", got.At(80, 120))
	}
	// Without a file the renderer draws the entry as the site shows it: its initials.
	if got := si.picture(items[1].ImageURL); got != nil {
		t.Errorf("no media file, yet a picture: %v", got.Bounds())
	}
	if it := si.shareItem(items[1]); it.Image != nil || it.Art.Text() != placeholder.Initials(items[1].Name) {
		t.Errorf("no media file: drawn from %v with %q, want the initials %q", it.Image, it.Art.Text(), placeholder.Initials(items[1].Name))
	}
	if got := si.picture("/etc/passwd"); got != nil {
		t.Errorf("a URL outside the catalog gave a picture")
	}
	for _, it := range catalogItems(sharePictureCache + 20) {
		si.picture(it.ImageURL)
	}
	if n := len(si.pics); n > sharePictureCache {
		t.Errorf("cache holds %d pictures, bound is %d", n, sharePictureCache)
	}

	// With a CDN the folder is not read.
	cdn := newShareImages(si.renderer, si.art, env.cfg.MediaDir, "https://cdn.example.com")
	if it := cdn.shareItem(items[0]); it.Image != nil || it.Art.Text() != placeholder.Initials(items[0].Name) {
		t.Errorf("CDN media: drawn from %v with %q, want the initials", it.Image, it.Art.Text())
	}
}

func TestShareItemName(t *testing.T) {
	for _, c := range []struct {
		name   string
		season bool
		want   string
	}{
		{"Survivor: The Australian Outback", true, "The Australian Outback"},
		{"Survivor 45", true, "Survivor 45"},
		{"Survivor: ", true, "Survivor: "},
		{"Survivor: Parvati", false, "Survivor: Parvati"},
	} {
		if got := shareItemName(c.name, c.season); got != c.want {
			t.Errorf("shareItemName(%q, %v) = %q, want %q", c.name, c.season, got, c.want)
		}
	}
}

// metaTags reads an HTML page's meta tags (by property or name) and title as a
// link-preview bot does: tag by tag, attribute values unescaped.
func metaTags(t *testing.T, page string) (map[string]string, string) {
	t.Helper()
	tags := map[string]string{}
	for _, m := range metaRE.FindAllString(page, -1) {
		var key, content string
		for _, a := range attrRE.FindAllStringSubmatch(m, -1) {
			switch a[1] {
			case "property", "name":
				key = html.UnescapeString(a[2])
			case "content":
				content = html.UnescapeString(a[2])
			}
		}
		if key != "" {
			tags[key] = content
		}
	}
	var title string
	if m := titleRE.FindStringSubmatch(page); m != nil {
		title = html.UnescapeString(m[1])
	}
	return tags, title
}

var (
	metaRE  = regexp.MustCompile(`<meta\s[^>]*>`)
	attrRE  = regexp.MustCompile(`([a-zA-Z:-]+)="([^"]*)"`)
	titleRE = regexp.MustCompile(`<title>([^<]*)</title>`)
)

func TestListPageShareImageTags(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) { testListPageShareImageTags(t, newEnvOn(t, st)) })
}

func testListPageShareImageTags(t *testing.T, env *testEnv) {
	_, owner := env.signedIn(t, "Maddy")
	evil := `Maddy's "Top" <script>alert(1)</script>`
	pub := newShareList(t, env.store, owner.ID, evil, true, time.Now())
	priv := newShareList(t, env.store, owner.ID, "Secret Picks", false, time.Now().Add(time.Millisecond))

	// A bot: plain GET, no cookies.
	page := func(path string, status int) string {
		res, body := getWith(t, nil, env.URL+path, nil)
		if res.StatusCode != status {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		return string(body)
	}
	raw := page("/list/"+owner.ID+"/"+pub.ID, 200)
	if strings.Contains(raw, "<script>") {
		t.Errorf("the list name is not escaped:\n%s", raw)
	}
	tags, title := metaTags(t, raw)
	wantTitle := evil + " — a Survivor ranking by Maddy"
	img := env.cfg.BaseURL + "/api/lists/" + owner.ID + "/" + pub.ID + "/share.png?v=" + shareimage.Version + "-" + strconv.FormatInt(pub.UpdatedAt.UnixMilli(), 36)
	for k, want := range map[string]string{
		"og:title": wantTitle, "twitter:title": wantTitle, "og:image": img, "twitter:image": img,
		"og:image:width": "1024", "og:image:height": "1536", "twitter:card": "summary_large_image",
		"og:url": env.cfg.BaseURL + "/list/" + owner.ID + "/" + pub.ID,
	} {
		if tags[k] != want {
			t.Errorf("%s = %q, want %q", k, tags[k], want)
		}
	}
	if title != wantTitle {
		t.Errorf("title %q, want %q", title, wantTitle)
	}
	if !strings.HasPrefix(img, "http") {
		t.Errorf("og:image %q is not absolute", img)
	}
	// The image the tag names is there for the same bot.
	if res, _ := getWith(t, nil, strings.Replace(img, env.cfg.BaseURL, env.URL, 1), nil); res.StatusCode != 200 {
		t.Errorf("og:image answers %d", res.StatusCode)
	}

	for _, path := range []string{"/list/" + owner.ID + "/" + priv.ID, "/list/" + owner.ID + "/list_404", "/list/nobody/list_1"} {
		raw := page(path, 404)
		tags, title := metaTags(t, raw)
		if strings.Contains(raw, "Secret") || strings.Contains(raw, "Maddy") || tags["og:image"] != "" || tags["twitter:image"] != "" {
			t.Errorf("%s previews a list it must not:\n%s", path, raw)
		}
		if title != "Survivor Rankings" || tags["og:title"] != "Survivor Rankings" || tags["twitter:card"] != "summary" {
			t.Errorf("%s: generic tags expected, got title %q, %v", path, title, tags)
		}
	}
}

// BenchmarkShareImage measures GET share.png through the handler stack: a full draw
// (list read, rate-limit count, drawing and PNG encoding) and a revalidation (304).
func BenchmarkShareImage(b *testing.B) {
	st := storetest.OpenSQLite(b)
	cfg, err := config.Load([]string{"-data-dir", b.TempDir()}, func(string) string { return "" })
	if err != nil {
		b.Fatal(err)
	}
	srv, err := New(testDeps(b, cfg, st))
	if err != nil {
		b.Fatal(err)
	}
	h := srv.Handler()
	owner := &model.User{ID: "bench-owner", Email: "bench@example.com", DisplayName: "Bench", CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), owner); err != nil {
		b.Fatal(err)
	}
	l := newShareList(b, st, owner.ID, "The Greatest Survivor Winners Of All Time", true, time.Now())
	url := "/api/lists/" + l.UserID + "/" + l.ID + "/share.png"
	saved := lists.ShareDrawPerClient
	lists.ShareDrawPerClient.Max = 1 << 30
	b.Cleanup(func() { lists.ShareDrawPerClient = saved })

	run := func(b *testing.B, header map[string]string, want int) {
		var bytes int
		for b.Loop() {
			req := httptest.NewRequest("GET", url, nil)
			for k, v := range header {
				req.Header.Set(k, v)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != want {
				b.Fatalf("%d, want %d", rec.Code, want)
			}
			bytes = rec.Body.Len()
		}
		b.ReportMetric(float64(bytes), "bytes/answer")
	}
	b.Run("draw", func(b *testing.B) { run(b, nil, http.StatusOK) })
	b.Run("revalidate", func(b *testing.B) { run(b, map[string]string{"If-None-Match": shareETag(l)}, http.StatusNotModified) })
}

// A tier list's share image tells who is where: an entry whose headshot the media folder
// has is that photo; one without is the site's placeholder, its initials on a disc of its
// colours with its name under it; a long label stays inside its cell. Both engines.
func TestTierShareImageShowsWhoIsWhere(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		c, u := e.signedIn(t, "Tierer")
		var l api.RankedList
		body := tierBody("Borneo", "Goats:yellow=rudy-boesch,jenna-lewis", "Absolutely the worst:gray=sean-kenniff")
		if code := callStatus(t, c, "POST", e.URL+"/api/lists", body, &l); code != http.StatusCreated {
			t.Fatalf("create: %d", code)
		}
		stored, err := st.List(context.Background(), u.ID, l.Id)
		if err != nil {
			t.Fatal(err)
		}
		rudy := stored.Items[0]
		green := image.NewRGBA(image.Rect(0, 0, 200, 260))
		for i := range green.Pix {
			green.Pix[i] = []byte{20, 200, 60, 255}[i%4]
		}
		path := filepath.Join(e.cfg.MediaDir, filepath.FromSlash(strings.TrimPrefix(rudy.ImageURL, "/media/"))+".png")
		var buf bytes.Buffer
		png.Encode(&buf, green)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil || os.WriteFile(path, buf.Bytes(), 0o644) != nil {
			t.Fatal(err)
		}

		res, shot := getWith(t, nil, e.URL+"/api/lists/"+u.ID+"/"+l.Id+"/share.png", nil)
		if res.StatusCode != 200 {
			t.Fatalf("share.png: %d %s", res.StatusCode, shot)
		}
		img := decodePNG(t, shot)
		si := e.srv.share
		drawn := si.list(stored, siteName(e.cfg.BaseURL))
		lay := si.renderer.Layout(drawn)
		goats, worst := lay.Tiers[0], lay.Tiers[1]
		if r, g, b, _ := img.At(goats.Tiles[0].Min.X+5, goats.Tiles[0].Min.Y+5).RGBA(); r>>8 > 40 || g>>8 < 180 || b>>8 > 80 {
			t.Errorf("Rudy's tile is not his headshot: %d %d %d", r>>8, g>>8, b>>8)
		}
		for _, entry := range []struct {
			tier shareimage.TierLayout
			i    int
			name string
		}{{goats, 1, "Jenna Lewis"}, {worst, 0, "Sean Kenniff"}} {
			m := entry.tier.Marks[entry.i]
			top, _ := placeholder.Contestant(entry.name).Colors()
			r, g, b, _ := img.At(m.Disc.Min.X+m.Disc.Dx()/2, m.Disc.Min.Y+m.Disc.Dy()/10).RGBA()
			if m.Initials != placeholder.Initials(entry.name) || strings.Join(m.NameLines, " ") != entry.name ||
				absDiff(r>>8, top.R) > 24 || absDiff(g>>8, top.G) > 24 || absDiff(b>>8, top.B) > 24 {
				t.Errorf("%s: %q on a disc of (%d,%d,%d) named %q; want %q on %v", entry.name, m.Initials, r>>8, g>>8, b>>8, m.NameLines,
					placeholder.Initials(entry.name), top)
			}
		}
		for _, tl := range lay.Tiers {
			if !tl.LabelBound.In(tl.LabelRect.Inset(10)) {
				t.Errorf("label %q drawn at %v, against its cell %v", tl.Label, tl.LabelBound, tl.LabelRect)
			}
		}
	})
}

func decodePNG(t *testing.T, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func absDiff(a uint32, b uint8) uint32 {
	if a > uint32(b) {
		return a - uint32(b)
	}
	return uint32(b) - a
}
