package httpcache

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// An unchanged body answers 304 to a browser holding its tag; another tag, or another
// status, gets the answer itself.
func TestCacheableRevalidates(t *testing.T) {
	status := http.StatusOK
	h := Cacheable(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write([]byte(`{"lists":[]}`))
	}), func(r *http.Request) bool { return r.Header.Get("Cookie") == "" })
	serve := func(ifNoneMatch string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodGet, "/api/lists", nil)
		if ifNoneMatch != "" {
			r.Header.Set("If-None-Match", ifNoneMatch)
		}
		h.ServeHTTP(rec, r)
		return rec
	}
	first := serve("")
	etag := first.Header().Get("ETag")
	if first.Code != http.StatusOK || etag == "" || first.Header().Get("Cache-Control") != "public, no-cache" || first.Header().Get("Vary") != "Cookie" {
		t.Fatalf("first: %d %v", first.Code, first.Header())
	}
	// An answer that is not everyone's is private to its reader's browser.
	personal := httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodGet, "/api/lists", nil)
	r.Header.Set("Cookie", "session=1")
	h.ServeHTTP(personal, r)
	if cc := personal.Header().Get("Cache-Control"); cc != "private, no-cache" {
		t.Errorf("a reader's own answer: Cache-Control %q, want private, no-cache", cc)
	}
	for _, tags := range []string{etag, `"other", ` + etag, "*"} {
		if rec := serve(tags); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
			t.Errorf("If-None-Match %s: %d with %d bytes, want 304 and none", tags, rec.Code, rec.Body.Len())
		}
	}
	if rec := serve(`W/"stale"`); rec.Code != http.StatusOK || rec.Body.String() != `{"lists":[]}` {
		t.Errorf("a stale tag: %d %q", rec.Code, rec.Body.String())
	}
	status = http.StatusNotFound
	if rec := serve(etag); rec.Code != http.StatusNotFound || rec.Header().Get("ETag") != "" {
		t.Errorf("a 404: %d, ETag %q", rec.Code, rec.Header().Get("ETag"))
	}
}

// Only a success forgets the shared reads.
func TestForgetOnSuccess(t *testing.T) {
	for _, tc := range []struct {
		status int
		forget bool
	}{{http.StatusOK, true}, {http.StatusCreated, true}, {http.StatusNoContent, true}, {http.StatusBadRequest, false}, {http.StatusTooManyRequests, false}, {http.StatusInternalServerError, false}} {
		c := NewShared(time.Hour, time.Second)
		c.Get("home", func(ctx context.Context) (any, error) { return 1, nil })
		h := c.ForgetOnSuccess(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(tc.status) }))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/api/lists", nil))
		if forgot := !c.Has("home"); forgot != tc.forget {
			t.Errorf("%d: forgot %v, want %v", tc.status, forgot, tc.forget)
		}
	}
}

// BenchmarkCacheable: a 4 KB answer (a list's) through the ETag middleware.
func BenchmarkCacheable(b *testing.B) {
	body := []byte(`{"id":"list_1","contestants":[` + strings.Repeat(`{"id":"parvati-shallow","name":"Parvati Shallow"},`, 80) + `{}]}`)
	h := Cacheable(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(body) }), func(*http.Request) bool { return true })
	r := httptest.NewRequest(http.MethodGet, "/api/lists/u/l", nil)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		h.ServeHTTP(httptest.NewRecorder(), r)
	}
}
