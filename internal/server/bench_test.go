package server

// Benchmarks of what users wait on, through the real handler stack over HTTP on SQLite:
// the catalog every page needs, the home page, a browse search and posting a comment.
// `make bench` runs them; each seeds its data through the store in well under a few seconds.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/config"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Seed sizes: a busy community, small enough to set up in a second or two.
const (
	benchUsers       = 200
	benchLists       = 2000
	benchUpvotes     = 5000
	benchListLength  = 10
	benchFavorites   = 20
	benchSearchTerm  = "parvati" // in many lists' items, so the search has real matches to page
	benchMissingTerm = "no such castaway"
)

type benchEnv struct {
	url    string
	store  *store.Store
	client *http.Client // keeps connections alive, as a browser would
	cat    *catalog.Catalog
}

// newBenchEnv starts a server on a fresh SQLite database.
func newBenchEnv(b *testing.B) *benchEnv {
	b.Helper()
	st := storetest.OpenSQLite(b)
	cfg, err := config.Load([]string{"-data-dir", b.TempDir()}, func(string) string { return "" })
	if err != nil {
		b.Fatal(err)
	}
	cat := catalog.MustLoad()
	srv, err := New(testDeps(b, cfg, st))
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	b.Cleanup(ts.Close)
	b.Cleanup(srv.CloseStreams)
	// No transparent gzip: the benchmark says what it accepts.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: 8}}
	b.Cleanup(client.CloseIdleConnections)
	return &benchEnv{url: ts.URL, store: st, client: client, cat: cat}
}

// user makes an account and returns it with a session cookie for it.
func (e *benchEnv) user(b *testing.B, name string) (*model.User, *http.Cookie) {
	b.Helper()
	ctx := context.Background()
	u := &model.User{ID: model.NewID(), Email: strings.ToLower(name) + "@example.com", DisplayName: name, CreatedAt: time.Now()}
	if err := e.store.CreateUser(ctx, u); err != nil {
		b.Fatal(err)
	}
	token, hash := auth.NewToken()
	if err := e.store.CreateSession(ctx, model.NewSession{TokenHash: hash, ID: model.NewID(), UserID: u.ID, Created: time.Now(), Expires: time.Now().Add(time.Hour)}); err != nil {
		b.Fatal(err)
	}
	return u, &http.Cookie{Name: SessionCookie, Value: token}
}

// seed makes benchUsers users with benchLists public lists of contestants, as the
// server would store them, and benchUpvotes upvotes cast over the past two weeks.
// It returns the users and the lists.
func (e *benchEnv) seed(b *testing.B) ([]*model.User, []*model.List) {
	b.Helper()
	ctx := context.Background()
	began := time.Now()
	defer func() {
		b.Logf("seeded %d lists and %d upvotes in %v", benchLists, benchUpvotes, time.Since(began).Round(time.Millisecond))
	}()
	users := make([]*model.User, benchUsers)
	for i := range users {
		users[i], _ = e.user(b, fmt.Sprintf("fan%03d", i))
	}
	// Every contestant of the catalog once, in catalog order, to cut lists from.
	var cast []lists.ItemInput
	seen := map[string]bool{}
	for _, s := range e.cat.Seasons() {
		for _, c := range s.Contestants {
			if !seen[c.ID] {
				seen[c.ID] = true
				cast = append(cast, lists.ItemInput{ID: c.ID, SeasonID: s.ID})
			}
		}
	}
	now := time.Now()
	all := make([]*model.List, benchLists)
	for i := range all {
		start := (i * 7) % (len(cast) - benchListLength)
		c, err := lists.ValidateList(e.cat, lists.Input{
			Name:        fmt.Sprintf("Ranking number %d", i),
			Description: "Who played the best game, in my opinion.",
			Tags:        []string{lists.UserTags[i%len(lists.UserTags)]},
			Items:       cast[start : start+benchListLength],
		})
		if err != nil {
			b.Fatal(err)
		}
		l, err := e.store.CreateList(ctx, users[i%benchUsers].ID, lists.IDs(now.Add(-time.Duration(benchLists-i)*time.Minute)), model.ListContent{Name: c.Name, Description: c.Description,
			Tags: c.Tags, Items: c.Items, IsPublic: i%10 != 0, IsSeason: c.IsSeason(), SearchText: c.SearchText()},
			now.Add(-time.Duration(benchLists-i)*time.Minute))
		if err != nil {
			b.Fatal(err)
		}
		all[i] = l
	}
	for i := range benchUpvotes {
		l := all[(i*31)%benchLists]
		voter := users[(i*17+1)%benchUsers]
		at := now.Add(-time.Duration(i%(14*24)) * time.Hour)
		if _, err := e.store.AddUpvote(ctx, l.UserID, l.ID, voter.ID, at, false); err != nil {
			b.Fatal(err)
		}
	}
	return users, all
}

// do sends one request and reads the whole answer, failing unless it has status want.
func (e *benchEnv) do(b *testing.B, req *http.Request, want int) int64 {
	res, err := e.client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	n, err := io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if err != nil {
		b.Fatal(err)
	}
	if res.StatusCode != want {
		b.Fatalf("%s %s: %d, want %d", req.Method, req.URL, res.StatusCode, want)
	}
	return n
}

// browseTotal is how many lists a browse query matches in all.
func (e *benchEnv) browseTotal(b *testing.B, query string) int {
	res, err := e.client.Do(e.get(b, "/api/lists"+query, nil, nil))
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	var page struct{ Total int }
	if err := json.NewDecoder(res.Body).Decode(&page); err != nil || res.StatusCode != http.StatusOK {
		b.Fatalf("browse %s: %d %v", query, res.StatusCode, err)
	}
	return page.Total
}

func (e *benchEnv) get(b *testing.B, path string, cookie *http.Cookie, header map[string]string) *http.Request {
	req, err := http.NewRequest("GET", e.url+path, nil)
	if err != nil {
		b.Fatal(err)
	}
	if cookie != nil {
		req.AddCookie(cookie)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return req
}

// BenchmarkCatalogSeasons is the catalog every page loads first, gzipped as browsers ask for it.
func BenchmarkCatalogSeasons(b *testing.B) {
	e := newBenchEnv(b)
	for _, enc := range []string{"gzip", "identity"} {
		b.Run(enc, func(b *testing.B) {
			var size int64
			for b.Loop() {
				size = e.do(b, e.get(b, "/api/catalog/seasons", nil, map[string]string{"Accept-Encoding": enc}), http.StatusOK)
			}
			b.ReportMetric(float64(size), "resp-bytes")
		})
	}
}

// BenchmarkCommunity measures the community pages over one seeded database (seeding
// once keeps setup to a few seconds): the home page, a browse search and posting a comment.
func BenchmarkCommunity(b *testing.B) {
	e := newBenchEnv(b)
	_, all := e.seed(b)
	viewer, viewerCookie := e.user(b, "viewer")
	for i := range benchFavorites {
		l := all[(i*97+1)%benchLists]
		if err := e.store.AddFavorite(context.Background(), viewer.ID, l.UserID, l.ID, time.Now()); err != nil {
			b.Fatal(err)
		}
	}

	// The front page: top lists this week (over every upvote of the week), the newest, and favorites.
	b.Run("Home/signed-out", func(b *testing.B) {
		for b.Loop() {
			e.do(b, e.get(b, "/api/home", nil, nil), http.StatusOK)
		}
	})
	b.Run("Home/signed-in", func(b *testing.B) {
		for b.Loop() {
			e.do(b, e.get(b, "/api/home", viewerCookie, nil), http.StatusOK)
		}
	})

	// One page of the rankings browser, with and without a search term.
	for _, c := range []struct{ name, query string }{
		{"matches", "?q=" + benchSearchTerm},
		{"matches-every-list", "?q=ranking"},
		{"matches-mostVotes-tag", "?q=" + benchSearchTerm + "&sort=mostVotes&tag=strategic"},
		{"no-match", "?q=" + strings.ReplaceAll(benchMissingTerm, " ", "+")},
		{"no-search", ""},
	} {
		b.Run("Browse/"+c.name, func(b *testing.B) {
			matched := e.browseTotal(b, c.query)
			for b.Loop() {
				e.do(b, e.get(b, "/api/lists"+c.query, nil, nil), http.StatusOK)
			}
			b.ReportMetric(float64(matched), "lists-matched")
		})
	}

	// Posting a comment on another fan's list: validation, the insert, the owner's
	// notification and waking their inbox. Last, since it adds rows.
	b.Run("PostComment", func(b *testing.B) {
		target := all[len(all)-1]
		path := fmt.Sprintf("%s/api/lists/%s/%s/comments", e.url, target.UserID, target.ID)
		body := []byte(`{"text":"Parvati played the best social game of all time."}`)
		for b.Loop() {
			req, err := http.NewRequest("POST", path, bytes.NewReader(body))
			if err != nil {
				b.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.AddCookie(viewerCookie)
			e.do(b, req, http.StatusCreated)
		}
	})
}
