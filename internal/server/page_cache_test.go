package server

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
	"castaway/web"
)

// pageRead is one read of a page: its status, ETag and plain HTML.
type pageRead struct {
	status int
	etag   string
	html   string
}

// readPage reads url as a browser does (gzip), with If-None-Match etag when not "".
func readPage(t *testing.T, method, url, etag string) pageRead {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	res, err := rawTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	// The tests' index.html is too small to be worth gzip; the app's is not.
	if res.Header.Get("Content-Encoding") == "gzip" && method == http.MethodGet {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		if body, err = io.ReadAll(zr); err != nil {
			t.Fatalf("%s: the gzipped page does not read back: %v", url, err)
		}
	}
	if method == http.MethodHead && len(body) != 0 {
		t.Errorf("HEAD %s: a body of %d bytes", url, len(body))
	}
	return pageRead{res.StatusCode, res.Header.Get("ETag"), string(body)}
}

// A list's page is built once per change to what it shows and revalidated by its ETag:
// an unchanged page answers 304 (HEAD alike), and a change to the list shows at the next
// read with a new ETag, while the old ETag gets the new page. On both engines, from a
// process that shares reads for a while (the change made through it) and from one that
// shares none (the change made by another process, here straight in the database).
func TestListPageRevalidates(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		for _, c := range []struct{ name, sharedReads string }{{"shared", "1h"}, {"unshared", "0"}} {
			t.Run(c.name, func(t *testing.T) {
				e := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_SHARED_READS": c.sharedReads})
				owner, u := e.signedIn(t, "Maddy"+c.name)
				var l struct{ ID string }
				body := newListBody("Best Winners", "parvati-shallow", "sandra-diaz-twine")
				body["isPublic"] = true
				if status := callStatus(t, owner, "POST", e.URL+"/api/lists", body, &l); status != http.StatusCreated {
					t.Fatalf("create: %d", status)
				}
				url := e.URL + "/list/" + u.ID + "/" + l.ID

				first := readPage(t, http.MethodGet, url, "")
				if first.status != http.StatusOK || first.etag == "" || !strings.Contains(first.html, "<title>Best Winners — a Survivor ranking by Maddy") ||
					!strings.Contains(first.html, "1. Parvati Shallow") || !strings.Contains(first.html, "<main class=\"boot-main\"><h1>Best Winners</h1>") {
					t.Fatalf("first read: %d, ETag %q:\n%s", first.status, first.etag, first.html)
				}
				if again := readPage(t, http.MethodGet, url, first.etag); again.status != http.StatusNotModified {
					t.Errorf("unchanged page revalidated: %d, want 304", again.status)
				}
				if head := readPage(t, http.MethodHead, url, ""); head.status != http.StatusOK || head.etag != first.etag {
					t.Errorf("HEAD: %d, ETag %q, want 200 with %q", head.status, head.etag, first.etag)
				}
				if head := readPage(t, http.MethodHead, url, first.etag); head.status != http.StatusNotModified {
					t.Errorf("HEAD revalidated: %d, want 304", head.status)
				}

				// The list changes: through this process, or behind its back.
				if c.sharedReads == "0" {
					_, err := st.UpdateList(context.Background(), u.ID, l.ID, model.ListContent{Name: "Heroes Only", IsPublic: true,
						Items: []model.Item{{ID: "sandra-diaz-twine", Name: "Sandra Diaz-Twine", ImageURL: "/y"}}}, time.Now().Add(time.Second))
					if err != nil {
						t.Fatal(err)
					}
				} else {
					body := newListBody("Heroes Only", "sandra-diaz-twine")
					body["isPublic"] = true
					if status := callStatus(t, owner, "PUT", e.URL+"/api/lists/"+u.ID+"/"+l.ID, body, nil); status != http.StatusOK {
						t.Fatalf("update: %d", status)
					}
				}
				changed := readPage(t, http.MethodGet, url, first.etag)
				if changed.status != http.StatusOK || changed.etag == first.etag || !strings.Contains(changed.html, "<title>Heroes Only — a Survivor ranking by Maddy") ||
					strings.Contains(changed.html, "Best Winners") || !strings.Contains(changed.html, "1. Sandra Diaz-Twine") {
					t.Fatalf("after the change, with the old ETag: %d, ETag %q (was %q):\n%s", changed.status, changed.etag, first.etag, changed.html)
				}
				if again := readPage(t, http.MethodGet, url, changed.etag); again.status != http.StatusNotModified {
					t.Errorf("the changed page revalidated: %d, want 304", again.status)
				}

				// Its author's new name is on it at once too.
				if status := callStatus(t, owner, "PATCH", e.URL+"/api/me", map[string]any{"displayName": "Maddy2" + c.name}, nil); status != http.StatusOK {
					t.Fatalf("rename: %d", status)
				}
				if renamed := readPage(t, http.MethodGet, url, changed.etag); renamed.status != http.StatusOK || !strings.Contains(renamed.html, "a Survivor ranking by Maddy2"+c.name) {
					t.Errorf("after a rename: %d:\n%s", renamed.status, renamed.html)
				}

				// Made private, it is nobody's page to preview: 404 with the site's own head.
				if c.sharedReads == "0" {
					if _, err := st.DB().ExecContext(context.Background(), `UPDATE lists SET is_public = FALSE, chosen_public = FALSE WHERE user_id = $1 AND id = $2`, u.ID, l.ID); err != nil {
						t.Fatal(err)
					}
					if gone := readPage(t, http.MethodGet, url, changed.etag); gone.status != http.StatusNotFound || strings.Contains(gone.html, "Heroes Only") {
						t.Errorf("a list made private: %d:\n%s", gone.status, gone.html)
					}
				}
			})
		}
	})
}

// A fan's page and home are the same bytes for everyone, made once: a 200 with an ETag
// revalidates to 304, and a missing fan's page is a 404 with the app and no ETag.
func TestUserPageAndHomeRevalidate(t *testing.T) {
	e := newEnv(t)
	_, u := e.signedIn(t, "Maddy")
	for _, path := range []string{"/", "/rankings/user/" + u.ID} {
		first := readPage(t, http.MethodGet, e.URL+path, "")
		if first.status != http.StatusOK || first.etag == "" || !strings.Contains(first.html, "id=root") {
			t.Fatalf("%s: %d, ETag %q", path, first.status, first.etag)
		}
		if again := readPage(t, http.MethodGet, e.URL+path, first.etag); again.status != http.StatusNotModified {
			t.Errorf("%s revalidated: %d, want 304", path, again.status)
		}
	}
	if missing := readPage(t, http.MethodGet, e.URL+"/rankings/user/nobody", ""); missing.status != http.StatusNotFound || missing.etag != "" ||
		!strings.Contains(missing.html, "id=root") {
		t.Errorf("a missing fan's page: %d, ETag %q", missing.status, missing.etag)
	}
}

// A page stitched from its template is byte for byte the page the app's HTML makes with
// the preview put in place, on the app's real pages (when it is built), and its gzipped
// form reads back as it.
func TestPageTemplateMakesTheAppsPage(t *testing.T) {
	app, err := web.NewApp(web.Dist(), nil)
	if err != nil {
		t.Fatal(err)
	}
	p := preview{title: "Best <Winners> — a Survivor ranking by Maddy", description: "Only winners — 1. Parvati Shallow",
		image: "https://example.com/api/lists/u/l/share.png?v=1", width: 1024, height: 1536,
		boot: `<main class="boot-main"><h1>Best &lt;Winners&gt;</h1></main>`}
	tags := "\n    <link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/lists/u/l\" />"
	for _, module := range []string{web.ListPage, web.CastawayPage, web.SeasonPage} {
		page := app.Page(module).Body()
		tmpl := newPageTemplate(page)
		if tmpl == nil {
			t.Skip("the app is not built into this test binary")
		}
		url := "https://example.com/list/u/l"
		want := string(web.WithHeadTags([]byte(withPreview(string(web.WithBoot(page, p.boot)), p, url)), tags))
		got := tmpl.page(previewTags(p, url), tags, p.boot)
		if string(got.Body()) != want {
			t.Fatalf("%s: the stitched page differs:\n%s\n---- want ----\n%s", module, got.Body(), want)
		}
		rec := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodGet, "/list/u/l", nil)
		r.Header.Set("Accept-Encoding", "gzip")
		got.ServeHTTP(rec, r)
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		if plain, err := io.ReadAll(zr); err != nil || string(plain) != want {
			t.Fatalf("%s: the gzipped page reads back as %d bytes (%v)", module, len(plain), err)
		}
	}
}
