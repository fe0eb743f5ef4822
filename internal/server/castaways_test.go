package server

import (
	"context"
	"encoding/xml"
	"fmt"
	"html"
	"image"
	"io"
	"strings"
	"testing"
	"time"

	"castaway/internal/api"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/shareimage"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// castawayList saves a list of owner's ranking the contestants ids (each of season
// seasonID) in order, public or not, made at.
func castawayList(t *testing.T, st *store.Store, owner, name string, public bool, at time.Time, seasonID string, ids ...string) *model.List {
	t.Helper()
	c := model.ListContent{Name: name, IsPublic: public, Tags: []string{"survivor-ranking"}}
	for _, id := range ids {
		c.Items = append(c.Items, model.Item{ID: id, Name: id, SeasonID: seasonID, ImageURL: "/media/x"})
	}
	l, err := st.CreateList(context.Background(), owner, lists.IDs(at), c, at)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// A castaway's page: who they are, each season they played with their place in its
// community ranking, their all-time place, how many public lists rank them, and those
// lists best place first (newest first at one place), paged by cursor; a private list,
// a hidden one and the lists a reader blocked stay out; unknown ids are 404.
func TestCastawayOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		reader, _ := e.signedIn(t, "Reader")
		_, ann := e.signedIn(t, "Ann")
		_, ben := e.signedIn(t, "Ben")
		t0 := time.Now().Add(-time.Hour)
		// Sandra tops the all-time ranking; Parvati is second in it and first of s20.
		castawayList(t, st, ann.ID, "Queens", true, t0, "s20", "sandra-diaz-twine", "parvati-shallow")
		castawayList(t, st, ben.ID, "Also queens", true, t0.Add(time.Minute), "s20", "sandra-diaz-twine", "parvati-shallow", "russell-hantz")
		castawayList(t, st, ben.ID, "Secret", false, t0.Add(2*time.Minute), "s20", "parvati-shallow")
		// Fourteen more lists put Parvati first in s16 (13 at place 1, one at place 2).
		for i := range 14 {
			ids := []string{"parvati-shallow", "amanda-kimmel"}
			if i == 13 {
				ids = []string{"amanda-kimmel", "parvati-shallow"}
			}
			castawayList(t, st, ann.ID, fmt.Sprintf("Micronesia %d", i), true, t0.Add(time.Duration(10+i)*time.Minute), "s16", ids...)
		}

		var c api.Castaway
		if code := callStatus(t, nil, "GET", e.URL+"/api/contestants/parvati-shallow", nil, &c); code != 200 {
			t.Fatalf("castaway: %d", code)
		}
		if c.Id != "parvati-shallow" || c.Name != "Parvati Shallow" || !strings.HasPrefix(c.ImageUrl, "/media/contestants/s40/") {
			t.Errorf("castaway %+v", c)
		}
		var seasons []string
		for _, s := range c.Seasons {
			seasons = append(seasons, s.Id)
		}
		// Australia vs. The World too: one person across franchises.
		if strings.Join(seasons, ",") != "s13,s16,s20,s40,au11" || c.Seasons[4].Franchise != api.FranchiseAU || c.Seasons[1].Name != "Survivor: Micronesia" {
			t.Errorf("seasons %v", c.Seasons)
		}
		place := func(p api.CastawayPlace) string {
			if p.Place == nil {
				return fmt.Sprintf("-/%d", p.Ranked)
			}
			return fmt.Sprintf("%d/%d by %d", *p.Place, p.Ranked, *p.ListCount)
		}
		if got := place(c.Seasons[0].Community); got != "-/0" {
			t.Errorf("s13 place %s", got)
		}
		if got := place(c.Seasons[1].Community); got != "1/2 by 14" {
			t.Errorf("s16 place %s", got)
		}
		if got := place(c.Seasons[2].Community); got != "2/3 by 2" {
			t.Errorf("s20 place %s", got)
		}
		if got := place(c.AllTime); got != "1/4 by 16" || c.ListCount != 16 {
			t.Errorf("all-time place %s, %d lists", got, c.ListCount)
		}
		// The first page: the 13 first places newest first, less the page's end.
		if len(c.Lists) != 12 || c.NextCursor == nil || c.Lists[0].Position != 1 || c.Lists[0].List.Name != "Micronesia 12" ||
			c.Lists[11].List.Name != "Micronesia 1" {
			t.Fatalf("first page %d lists, next %v, first %+v", len(c.Lists), c.NextCursor, c.Lists[0])
		}
		var next api.Castaway
		callStatus(t, nil, "GET", e.URL+"/api/contestants/parvati-shallow?cursor="+*c.NextCursor, nil, &next)
		var rest []string
		for _, l := range next.Lists {
			rest = append(rest, fmt.Sprintf("%d %s", l.Position, l.List.Name))
		}
		if strings.Join(rest, ", ") != "1 Micronesia 0, 2 Micronesia 13, 2 Also queens, 2 Queens" || next.NextCursor != nil {
			t.Errorf("second page %v, next %v", rest, next.NextCursor)
		}

		// A reader who blocked Ben sees his list leave the page; the counts stay everyone's.
		if code := callStatus(t, reader, "PUT", e.URL+"/api/me/blocks/"+ben.ID, nil, nil); code != 204 {
			t.Fatalf("block: %d", code)
		}
		var theirs api.Castaway
		callStatus(t, reader, "GET", e.URL+"/api/contestants/parvati-shallow?cursor="+*c.NextCursor, nil, &theirs)
		if len(theirs.Lists) != 3 || theirs.ListCount != 16 {
			t.Errorf("a blocking reader's page: %d lists, count %d", len(theirs.Lists), theirs.ListCount)
		}

		// An unknown id, and a cursor the server did not make.
		for url, want := range map[string]int{"/api/contestants/nobody-at-all": 404, "/api/contestants/parvati-shallow?cursor=zz": 400} {
			var p api.Error
			if code := callStatus(t, nil, "GET", e.URL+url, nil, &p); code != want {
				t.Errorf("%s: %d, want %d", url, code, want)
			} else if want == 404 && p.Error.Message != "Castaway not found." {
				t.Errorf("%s: %+v", url, p)
			}
		}
		if problems, err := st.VerifyAggregates(context.Background()); err != nil || len(problems) > 0 {
			t.Errorf("recount: %v %v", problems, err)
		}
	})
}

// The castaway page's HTML carries their title, description (where the community ranks
// them) and Open Graph tags; an unknown castaway answers 404 with the app.
func TestCastawayPageHead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		_, ann := e.signedIn(t, "Ann")
		castawayList(t, st, ann.ID, "Queens", true, time.Now(), "s20", "parvati-shallow", "sandra-diaz-twine")
		res := get(t, e.URL+"/castaways/parvati-shallow", nil)
		body, _ := io.ReadAll(res.Body)
		page := string(body)
		description := "Parvati Shallow played Survivor: Cook Islands, Survivor: Micronesia, Survivor: Heroes vs. Villains, Survivor: Winners at War, Survivor: Australia vs. The World. #1 of all time in the community&#39;s ranking, ranked by 1 public list."
		card := e.cfg.BaseURL + "/api/contestants/parvati-shallow/share.png?v=" + shareimage.Version + "-"
		if i := strings.Index(page, card); i >= 0 { // the rest of the revision is a hash
			card = page[i : i+strings.IndexByte(page[i:], '"')]
		}
		for _, want := range []string{
			"<title>Parvati Shallow — Survivor castaway rankings</title>",
			`<meta property="og:title" content="Parvati Shallow — Survivor castaway rankings" />`,
			`<meta name="description" content="` + description + `" />`,
			`<meta property="og:description" content="` + description + `" />`,
			`<meta name="twitter:description" content="` + description + `" />`,
			`<meta property="og:url" content="` + e.cfg.BaseURL + `/castaways/parvati-shallow" />`,
			`<meta property="og:image" content="` + card + `" />`,
			`<meta property="og:image:type" content="image/png" />`,
			`<meta property="og:image:width" content="1200" />`,
			`<meta property="og:image:height" content="630" />`,
			`<meta name="twitter:image" content="` + card + `" />`,
			`<meta name="twitter:card" content="summary_large_image" />`,
			`<link rel="preload" as="fetch" crossorigin href="/api/contestants/parvati-shallow" />`,
			// Painted from the HTML alone, as the page heads itself: in capitals.
			`<div id=root><main class="boot-main boot-caps"><h1>Parvati Shallow</h1><p>Survivor: Cook Islands · Survivor: Micronesia · ` +
				`Survivor: Heroes vs. Villains · Survivor: Winners at War · Survivor: Australia vs. The World</p></main></div>`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("page lacks %s\n%s", want, page)
			}
		}
		if res.StatusCode != 200 || strings.Count(page, "<title>") != 1 || strings.Count(page, `name="description"`) != 1 {
			t.Errorf("status %d, one title and one description:\n%s", res.StatusCode, page)
		}
		// The og:image is the card itself, at the size the tags say.
		if res, shot := getWith(t, nil, strings.Replace(html.UnescapeString(card), e.cfg.BaseURL, e.URL, 1), nil); res.StatusCode != 200 ||
			decodePNG(t, shot).Bounds() != image.Rect(0, 0, 1200, 630) {
			t.Errorf("og:image %s: %d", card, res.StatusCode)
		}
		res = get(t, e.URL+"/castaways/nobody-at-all", nil)
		body, _ = io.ReadAll(res.Body)
		if res.StatusCode != 404 || !strings.Contains(string(body), `<div id=root>`) || !strings.Contains(string(body), "<title>Survivor Rankings</title>") ||
			strings.Contains(string(body), "preload") {
			t.Errorf("unknown castaway: %d\n%s", res.StatusCode, body)
		}
	})
}

type sitemapIndex struct {
	Sitemaps []string `xml:"sitemap>loc"`
}

type sitemapURLs struct {
	URLs []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

// /sitemap.xml indexes the pages, the castaways and the public lists in pages of the
// sitemap size: a page holds the lists of its range of numbers, a list made private
// leaves it, and a page past the last is 404; robots.txt names the index.
func TestSitemap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		e.srv.sitemapSize = 3
		_, ann := e.signedIn(t, "Ann")
		t0 := time.Now().Add(-time.Hour)
		var made []*model.List
		for i := range 7 {
			made = append(made, castawayList(t, st, ann.ID, fmt.Sprintf("List %d", i), i != 4, t0.Add(time.Duration(i)*time.Minute), "s20", "parvati-shallow"))
		}
		read := func(path string, out any) int {
			t.Helper()
			res := get(t, e.URL+path, nil)
			defer res.Body.Close()
			if res.StatusCode == 200 {
				if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/xml") {
					t.Errorf("%s: %s", path, ct)
				}
				if err := xml.NewDecoder(res.Body).Decode(out); err != nil {
					t.Fatalf("%s: %v", path, err)
				}
			}
			return res.StatusCode
		}
		var idx sitemapIndex
		if code := read("/sitemap.xml", &idx); code != 200 {
			t.Fatalf("index: %d", code)
		}
		base := e.cfg.BaseURL
		want := []string{base + "/sitemap-pages.xml", base + "/sitemap-castaways.xml", base + "/sitemap-lists-1.xml", base + "/sitemap-lists-2.xml"}
		if strings.Join(idx.Sitemaps, " ") != strings.Join(want, " ") {
			t.Errorf("index %v", idx.Sitemaps)
		}
		pageOf := func(n int) []string {
			var u sitemapURLs
			if code := read(fmt.Sprintf("/sitemap-lists-%d.xml", n), &u); code != 200 {
				t.Fatalf("page %d: %d", n, code)
			}
			var out []string
			for _, x := range u.URLs {
				if x.LastMod == "" {
					t.Errorf("%s has no lastmod", x.Loc)
				}
				out = append(out, strings.TrimPrefix(x.Loc, base+"/list/"+ann.ID+"/"))
			}
			return out
		}
		// Six public lists numbered 1 to 6 (the private fifth has none): pages of three numbers.
		id := func(i int) string { return made[i].ID }
		if got := strings.Join(pageOf(1), " "); got != id(0)+" "+id(1)+" "+id(2) {
			t.Errorf("page 1: %s", got)
		}
		if got := strings.Join(pageOf(2), " "); got != id(3)+" "+id(5)+" "+id(6) {
			t.Errorf("page 2: %s", got)
		}
		if code := read("/sitemap-lists-3.xml", &sitemapURLs{}); code != 404 {
			t.Errorf("page 3: %d", code)
		}
		// A list made private leaves its page; its neighbours keep their numbers.
		c := model.ListContent{Name: "List 2", Tags: []string{"survivor-ranking"}, Items: made[2].Items}
		if _, err := st.UpdateList(context.Background(), ann.ID, id(2), c, time.Now()); err != nil {
			t.Fatal(err)
		}
		e.srv.shared.Forget()
		if got := strings.Join(pageOf(1), " "); got != id(0)+" "+id(1) {
			t.Errorf("page 1 after a list went private: %s", got)
		}
		var castaways, pages sitemapURLs
		read("/sitemap-castaways.xml", &castaways)
		read("/sitemap-pages.xml", &pages)
		if len(castaways.URLs) != len(e.srv.catalog.Castaways()) || castaways.URLs[0].Loc != base+"/castaways/b-b-andersen" {
			t.Errorf("castaways: %d, first %v", len(castaways.URLs), castaways.URLs[0])
		}
		if len(pages.URLs) != 4+len(e.srv.catalog.Seasons()) || pages.URLs[4].Loc != base+"/seasons/s1" {
			t.Errorf("pages: %v", pages.URLs)
		}
		res := get(t, e.URL+"/robots.txt", nil)
		body, _ := io.ReadAll(res.Body)
		if !strings.Contains(string(body), "Sitemap: "+base+"/sitemap.xml\n") {
			t.Errorf("robots.txt:\n%s", body)
		}
		if problems, err := st.VerifyAggregates(context.Background()); err != nil || len(problems) > 0 {
			t.Errorf("recount: %v %v", problems, err)
		}
	})
}
