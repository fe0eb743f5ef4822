package server

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"golang.org/x/sync/semaphore"

	"castaway/internal/store/storetest"
)

// Searches the database runs are counted per client address; one the shared reads answer
// (the same search however its URL is written) is not, and another address has its own count.
func TestSearchesLimitedPerClient(t *testing.T) {
	ts := newEnvWithSettings(t, storetest.OpenSQLite(t), nil, map[string]string{"CASTAWAY_TRUST_PROXY": "true"})
	ts.setClock(time.Now()) // the limit is a rate (one search per half second): hold the time still
	search := func(from, q string, junk int) *http.Response {
		return getFrom(t, from, ts.URL+"/api/lists?q="+url.QueryEscape(q)+"&_="+strconv.Itoa(junk))
	}
	for i := range 3 * SearchPerClient.Max {
		// Case, punctuation and unknown parameters do not make it another search.
		if res := search("203.0.113.1", []string{"parvati", "Parvati!", " PARVATI"}[i%3], i); res.StatusCode != 200 {
			t.Fatalf("repeat %d of one search: %d, want 200 (answered from the shared read)", i, res.StatusCode)
		}
	}
	for i := 1; i < SearchPerClient.Max; i++ {
		if res := search("203.0.113.1", "word"+strconv.Itoa(i), 0); res.StatusCode != 200 {
			t.Fatalf("search %d: %d", i+1, res.StatusCode)
		}
	}
	res := search("203.0.113.1", "onemore", 0)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("search %d from one address: %d (Retry-After %q), want 429 with Retry-After",
			SearchPerClient.Max+1, res.StatusCode, res.Header.Get("Retry-After"))
	}
	if res := search("203.0.113.2", "onemore", 0); res.StatusCode != 200 {
		t.Fatalf("another address: %d, want 200", res.StatusCode)
	}
	// Browsing without words is not a search and stays open.
	if res := getFrom(t, "203.0.113.1", ts.URL+"/api/lists?sort=newest&_=1"); res.StatusCode != 200 {
		t.Fatalf("browse without words after the limit: %d", res.StatusCode)
	}
}

// Searches past the slots queue for one, then answer busy; other reads never queue.
func TestSearchesTakeASlot(t *testing.T) {
	sr := &costly{slots: semaphore.NewWeighted(1), wait: 50 * time.Millisecond, busy: errSearchBusy}
	held, release, done := make(chan struct{}), make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		sr.runIf(context.Background(), true, func() error { close(held); <-release; return nil })
	}()
	<-held
	if err := sr.runIf(context.Background(), true, func() error { return nil }); !errors.Is(err, errSearchBusy) {
		t.Fatalf("a search while the only slot is held: %v, want errSearchBusy", err)
	}
	ran := false
	if err := sr.runIf(context.Background(), false, func() error { ran = true; return nil }); err != nil || !ran {
		t.Fatalf("a read that is no search: ran %v, %v", ran, err)
	}
	close(release)
	<-done
	if err := sr.runIf(context.Background(), true, func() error { return nil }); err != nil {
		t.Fatalf("a search once the slot is free: %v", err)
	}
}

// Sitemap pages of lists the shared reads cannot answer are counted per client address:
// past the limit, 429 with Retry-After; another address has its own count. The index,
// which costs one count, is not limited.
func TestSitemapBuildsLimitedPerClient(t *testing.T) {
	st := storetest.OpenSQLite(t)
	ts := newEnvWithSettings(t, st, nil, map[string]string{"CASTAWAY_TRUST_PROXY": "true", "CASTAWAY_SHARED_READS": "0"})
	_, ann := ts.signedIn(t, "Ann")
	castawayList(t, st, ann.ID, "One public list", true, time.Now().Add(-time.Hour), "s20", "parvati-shallow")
	ts.setClock(time.Now()) // the limit is a rate: hold the time still
	get := func(from, path string) *http.Response { return getFrom(t, from, ts.URL+path) }
	for i := range SitemapPerClient.Max {
		if res := get("203.0.113.1", "/sitemap-lists-1.xml"); res.StatusCode != 200 {
			t.Fatalf("sitemap page %d: %d", i+1, res.StatusCode)
		}
	}
	res := get("203.0.113.1", "/sitemap-lists-1.xml")
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("sitemap page %d from one address: %d (Retry-After %q), want 429 with Retry-After",
			SitemapPerClient.Max+1, res.StatusCode, res.Header.Get("Retry-After"))
	}
	if res := get("203.0.113.1", "/sitemap.xml"); res.StatusCode != 200 {
		t.Fatalf("the index after the limit: %d", res.StatusCode)
	}
	if res := get("203.0.113.2", "/sitemap-lists-1.xml"); res.StatusCode != 200 {
		t.Fatalf("another address: %d, want 200", res.StatusCode)
	}
}

// getFrom GETs url as a client at address from (behind a trusted proxy), body closed.
func getFrom(t *testing.T, from, url string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("X-Forwarded-For", from)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}
