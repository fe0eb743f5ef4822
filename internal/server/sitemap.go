package server

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"castaway/internal/httpcache"
)

// The sitemap: /sitemap.xml is an index of the app's pages, the castaways (the catalog's
// few hundred fit one file) and the public lists, numbered in pages of sitemapSize
// (/sitemap-lists-N.xml), each one range of an index however many lists there are. Every
// file is the same for everyone: shared for a moment, and crawlers may keep it an hour.

const sitemapCache = "public, max-age=3600"

// sitemapListsPath is a page of the lists' sitemap; sitemaps sit at the root, as a
// sitemap may only name URLs under its own folder.
var sitemapListsPath = regexp.MustCompile(`^/sitemap-lists-([1-9][0-9]{0,8})\.xml$`)

// sitemapListsOr answers the lists' sitemap pages and hands every other path to next.
func (s *Server) sitemapListsOr(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m := sitemapListsPath.FindStringSubmatch(r.URL.Path)
		if m == nil || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			next.ServeHTTP(w, r)
			return
		}
		page, _ := strconv.Atoi(m[1])
		key := "sitemap-lists\x00" + m[1]
		if !s.shared.Has(key) {
			if err := s.admit(s.sitemaps, r); err != nil {
				s.fail(w, r, "sitemap rate limit", err, msgSomethingWrong)
				return
			}
		}
		s.answerSitemap(w, r, key, s.sitemaps, func(ctx context.Context) ([]byte, error) {
			ls, err := s.lists.SitemapLists(ctx, page, s.sitemapSize)
			if err != nil {
				return nil, err
			}
			var b urlset
			for _, l := range ls {
				b.add("/list/"+url.PathEscape(l.UserID)+"/"+url.PathEscape(l.ListID), l.UpdatedAt)
			}
			return b.xml(s.cfg.BaseURL)
		})
	})
}

func (s *Server) sitemapIndex(w http.ResponseWriter, r *http.Request) {
	s.answerSitemap(w, r, "sitemap", nil, func(ctx context.Context) ([]byte, error) {
		pages, err := s.lists.SitemapPages(ctx, s.sitemapSize)
		if err != nil {
			return nil, err
		}
		base := strings.TrimRight(s.cfg.BaseURL, "/")
		var b bytes.Buffer
		b.WriteString(xml.Header + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
		files := []string{"/sitemap-pages.xml", "/sitemap-castaways.xml"}
		for n := 1; n <= pages; n++ {
			files = append(files, fmt.Sprintf("/sitemap-lists-%d.xml", n))
		}
		for _, f := range files {
			b.WriteString("  <sitemap><loc>")
			xml.EscapeText(&b, []byte(base+f))
			b.WriteString("</loc></sitemap>\n")
		}
		b.WriteString("</sitemapindex>\n")
		return b.Bytes(), nil
	})
}

// sitemapPages names the app's public pages: home, browse, the seasons' rankings.
func (s *Server) sitemapPages(w http.ResponseWriter, r *http.Request) {
	s.answerSitemap(w, r, "sitemap-pages", nil, func(context.Context) ([]byte, error) {
		b := urlset{}
		for _, p := range []string{"/", "/rankings", "/global-rankings", "/seasons"} {
			b.add(p, time.Time{})
		}
		for _, season := range s.catalog.Seasons() {
			b.add("/seasons/"+url.PathEscape(season.ID), time.Time{})
		}
		return b.xml(s.cfg.BaseURL)
	})
}

func (s *Server) sitemapCastaways(w http.ResponseWriter, r *http.Request) {
	s.answerSitemap(w, r, "sitemap-castaways", nil, func(context.Context) ([]byte, error) {
		b := urlset{}
		for _, c := range s.catalog.Castaways() {
			b.add("/castaways/"+url.PathEscape(c.ID), time.Time{})
		}
		return b.xml(s.cfg.BaseURL)
	})
}

// answerSitemap answers the file make writes, shared under key for a moment and gzipped
// once for every reader (a page of 50,000 lists is megabytes), with an ETag; a costly
// one (not nil) is written and gzipped in one of its slots.
func (s *Server) answerSitemap(w http.ResponseWriter, r *http.Request, key string, costly *costly, make func(context.Context) ([]byte, error)) {
	v, err := s.shared.Get(key, func(ctx context.Context) (any, error) {
		var file *httpcache.Precompressed
		read := func() error {
			body, err := make(ctx)
			if err == nil {
				file = httpcache.NewPrecompressed(body, "application/xml; charset=utf-8", sitemapCache)
			}
			return err
		}
		var err error
		if costly == nil {
			err = read()
		} else {
			err = costly.runIf(ctx, true, read)
		}
		return file, err
	})
	if err != nil {
		s.fail(w, r, "sitemap", err, msgSomethingWrong)
		return
	}
	v.(*httpcache.Precompressed).ServeHTTP(w, r)
}

// urlset is a sitemap's URLs, paths under the site's base URL, each with the time it
// last changed (zero: not said).
type urlset []struct {
	path string
	at   time.Time
}

func (u *urlset) add(path string, at time.Time) {
	*u = append(*u, struct {
		path string
		at   time.Time
	}{path, at})
}

func (u urlset) xml(baseURL string) ([]byte, error) {
	base := strings.TrimRight(baseURL, "/")
	var b bytes.Buffer
	b.WriteString(xml.Header + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, e := range u {
		b.WriteString("  <url><loc>")
		if err := xml.EscapeText(&b, []byte(base+e.path)); err != nil {
			return nil, err
		}
		b.WriteString("</loc>")
		if !e.at.IsZero() {
			b.WriteString("<lastmod>" + e.at.UTC().Format(time.RFC3339) + "</lastmod>")
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes(), nil
}
