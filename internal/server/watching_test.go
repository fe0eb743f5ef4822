package server

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"castaway/internal/api"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// body reads url's answer as c (nil: a visitor) gets it.
func body(t *testing.T, c *http.Client, url string) (*http.Response, string) {
	t.Helper()
	if c == nil {
		c = http.DefaultClient
	}
	res, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// What comes after a fan's episode is not in the bytes the server sends: not the winner, not
// the final placings, not the jury's votes; a reveal sends one item, and the fan's stored
// progress applies when signed in, on both engines.
func TestSpoilerShieldLeavesFactsOutOfTheAnswer(t *testing.T) {
	spoilers := []string{"Sole Survivor", "Runner-up", `"winner":"sandra-diaz-twine"`, `"winner":true`, `"finalVote"`}
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		_, whole := body(t, nil, e.URL+"/api/seasons/s20/game")
		if !strings.Contains(whole, "Sole Survivor") {
			t.Fatal("the unshielded answer lacks the winner")
		}
		// A visitor's app sends its progress.
		res, cut := body(t, nil, e.URL+"/api/seasons/s20/game?upTo=3")
		if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "public, no-cache" {
			t.Fatalf("shielded: %d %q", res.StatusCode, res.Header.Get("Cache-Control"))
		}
		for _, s := range spoilers {
			if strings.Contains(cut, s) {
				t.Errorf("the visitor's shielded answer holds %q", s)
			}
		}
		if !strings.Contains(cut, `"shield":{"upTo":3`) {
			t.Errorf("no shield in the answer")
		}
		_, winner := body(t, nil, e.URL+"/api/seasons/s20/game?upTo=3&reveal=winner")
		if !strings.Contains(winner, `"winner":"sandra-diaz-twine"`) || strings.Contains(winner, `"result":"16th voted out"`) {
			t.Errorf("revealing the winner showed too little or too much")
		}
		if _, bad := body(t, nil, e.URL+"/api/seasons/s20/game?upTo=banana"); !strings.Contains(bad, "Sole Survivor") {
			t.Errorf("a bad upTo is not ignored")
		}

		// Signed in, the stored progress applies without a parameter.
		fan, _ := e.signedIn(t, "Fan")
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching/s20", map[string]any{"upTo": 3}, nil); st != http.StatusNoContent {
			t.Fatalf("set progress: %d", st)
		}
		var p api.WatchProgress
		if callStatus(t, fan, "GET", e.URL+"/api/me/watching", nil, &p); len(p.Seasons) != 1 || p.Seasons[0] != (api.SeasonProgress{SeasonId: "s20", UpTo: 3}) {
			t.Errorf("progress %+v", p)
		}
		res, mine := body(t, fan, e.URL+"/api/seasons/s20/game")
		if res.Header.Get("Cache-Control") != "private, no-cache" {
			t.Errorf("a fan's shielded answer: %q", res.Header.Get("Cache-Control"))
		}
		for _, s := range spoilers {
			if strings.Contains(mine, s) {
				t.Errorf("the fan's answer holds %q", s)
			}
		}
		// A castaway page: Parvati's Winners at War would tell a fan of Heroes vs. Villains.
		_, parvati := body(t, fan, e.URL+"/api/contestants/parvati-shallow/game")
		// She went on to play Winners at War and Australian Survivor 11.
		if strings.Contains(parvati, `"season":"s40"`) || strings.Contains(parvati, `"season":"au11"`) || strings.Contains(parvati, "Runner-up") ||
			!strings.Contains(parvati, `"withheld":2`) {
			t.Errorf("Parvati's answer for the fan holds what came after: %s", parvati[:min(len(parvati), 300)])
		}
		if _, v := body(t, nil, e.URL+"/api/contestants/parvati-shallow/game?watching=s20:3"); strings.Contains(v, "Runner-up") {
			t.Error("Parvati's answer for a visitor up to episode 3 holds her result")
		}

		// "I've seen everything", and its undo.
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching", map[string]any{"seasons": []any{}}, nil); st != http.StatusNoContent {
			t.Fatalf("seen everything: %d", st)
		}
		if _, all := body(t, fan, e.URL+"/api/seasons/s20/game"); !strings.Contains(all, "Sole Survivor") {
			t.Error("seen everything still hides")
		}
		undo := map[string]any{"seasons": []map[string]any{{"seasonId": "s20", "upTo": 3}}}
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching", undo, nil); st != http.StatusNoContent {
			t.Fatalf("undo: %d", st)
		}
		if _, again := body(t, fan, e.URL+"/api/seasons/s20/game"); strings.Contains(again, "Sole Survivor") {
			t.Error("the undo did not hide again")
		}
		// Seasons are the catalog's; episodes bounded; a visitor keeps theirs in the browser.
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching/s999", map[string]any{"upTo": 1}, nil); st != http.StatusNotFound {
			t.Errorf("an unknown season: %d", st)
		}
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching/s20", map[string]any{"upTo": 500}, nil); st != http.StatusBadRequest {
			t.Errorf("episode 500: %d", st)
		}
		if st := callStatus(t, nil, "PUT", e.URL+"/api/me/watching/s20", map[string]any{"upTo": 1}, nil); st != http.StatusUnauthorized {
			t.Errorf("a visitor storing progress: %d", st)
		}
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching/s20", map[string]any{"upTo": nil}, nil); st != http.StatusNoContent {
			t.Errorf("finished: %d", st)
		}
		if _, done := body(t, fan, e.URL+"/api/seasons/s20/game"); !strings.Contains(done, "Sole Survivor") {
			t.Error("a finished season still hides")
		}
	})
}

// A signed-in fan behind on Heroes vs. Villains gets a castaway page, and a castaway answer,
// that name none of Parvati's later seasons; the season page's HTML holds no winner either;
// everyone else keeps the shared pages, on both engines.
func TestSpoilerShieldLeavesFactsOutOfPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		fan, _ := e.signedIn(t, "Fan")
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching/s20", map[string]any{"upTo": 3}, nil); st != http.StatusNoContent {
			t.Fatalf("set progress: %d", st)
		}
		_, public := body(t, nil, e.URL+"/castaways/parvati-shallow")
		if !strings.Contains(public, "Winners at War") {
			t.Fatal("the shared page does not name Winners at War")
		}
		res, page := body(t, fan, e.URL+"/castaways/parvati-shallow")
		if res.StatusCode != http.StatusOK || strings.Contains(page, "Winners at War") || strings.Contains(page, "share.png") || !strings.Contains(page, "Heroes vs. Villains") {
			t.Errorf("the fan's castaway page: %d, names Winners at War %v", res.StatusCode, strings.Contains(page, "Winners at War"))
		}
		if res.Header.Get("Cache-Control") != "private, no-cache" {
			t.Errorf("the fan's page: %q", res.Header.Get("Cache-Control"))
		}
		var c api.Castaway
		callStatus(t, fan, "GET", e.URL+"/api/contestants/parvati-shallow", nil, &c)
		for _, s := range c.Seasons {
			if s.Id == "s40" || s.Id == "au11" {
				t.Errorf("the fan's castaway answer names %s", s.Id)
			}
		}
		res, season := body(t, fan, e.URL+"/seasons/s20")
		for _, leak := range []string{"Sandra", "Sole Survivor"} {
			if strings.Contains(season, leak) {
				t.Errorf("the season page holds %q", leak)
			}
		}
		// Nor does it ask ahead for everyone's answers, which hold the season's end.
		if strings.Contains(season, `href="/api/seasons/s20/game"`) || res.Header.Get("Cache-Control") != "private, no-cache" {
			t.Errorf("the behind fan's season page preloads the game, or may be shared (%q)", res.Header.Get("Cache-Control"))
		}
		if _, everyone := body(t, nil, e.URL+"/seasons/s20"); !strings.Contains(everyone, `href="/api/seasons/s20/game"`) {
			t.Error("a visitor's season page no longer asks for the game ahead")
		}
	})
}

// A visitor whose app sends their progress (?watching=s20:3) gets a castaway answer and
// card that name none of Parvati's seasons after Heroes vs. Villains, her headshot from
// it; a reveal of the season (or of all) names them again; the cut answers are marked so
// the service worker keeps none; a signed-in fan's card is theirs alone, on both engines.
func TestSpoilerShieldWithholdsLaterSeasonsFromAVisitor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ids := func(c api.Castaway) string {
			var out []string
			for _, s := range c.Seasons {
				out = append(out, s.Id)
			}
			return strings.Join(out, ",")
		}
		var whole, cut api.Castaway
		callStatus(t, nil, "GET", e.URL+"/api/contestants/parvati-shallow", nil, &whole)
		if !strings.Contains(ids(whole), "s40") || !strings.Contains(whole.ImageUrl, "/s40/") && !strings.Contains(whole.ImageUrl, "/au11/") {
			t.Fatalf("the whole answer: %s %s", ids(whole), whole.ImageUrl)
		}
		res := call(t, nil, "GET", e.URL+"/api/contestants/parvati-shallow?watching=s20:3", nil, &cut)
		if ids(cut) != "s13,s16,s20" || !strings.Contains(cut.ImageUrl, "/s20/") || res.Header.Get(ShieldHeader) != ShieldCut {
			t.Errorf("the visitor's answer: %s %s %q", ids(cut), cut.ImageUrl, res.Header.Get(ShieldHeader))
		}
		for _, reveal := range []string{"s20", "all"} {
			var shown api.Castaway
			res := call(t, nil, "GET", e.URL+"/api/contestants/parvati-shallow?watching=s20:3&reveal="+reveal, nil, &shown)
			if ids(shown) != ids(whole) || shown.ImageUrl != whole.ImageUrl || res.Header.Get(ShieldHeader) != "" {
				t.Errorf("revealed %s: %s %s", reveal, ids(shown), shown.ImageUrl)
			}
		}
		// Not started on Winners at War: she is in its cast, but her return after it is not named.
		var later api.Castaway
		if call(t, nil, "GET", e.URL+"/api/contestants/parvati-shallow?watching=s40:0", nil, &later); ids(later) != "s13,s16,s20,s40" {
			t.Errorf("not started on s40: %s (of %s)", ids(later), ids(whole))
		}
		// The card.
		card, visitorCard := get(t, e.URL+"/api/contestants/parvati-shallow/share.png", nil), get(t, e.URL+"/api/contestants/parvati-shallow/share.png?watching=s20:3", nil)
		if visitorCard.StatusCode != http.StatusOK || visitorCard.Header.Get(ShieldHeader) != ShieldCut || visitorCard.Header.Get("ETag") == card.Header.Get("ETag") {
			t.Errorf("the visitor's card: %d %q %q", visitorCard.StatusCode, visitorCard.Header.Get(ShieldHeader), visitorCard.Header.Get("ETag"))
		}
		fan, _ := e.signedIn(t, "Fan")
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching/s20", map[string]any{"upTo": 3}, nil); st != http.StatusNoContent {
			t.Fatalf("set progress: %d", st)
		}
		res, _ = body(t, fan, e.URL+"/api/contestants/parvati-shallow/share.png")
		if res.Header.Get("ETag") != visitorCard.Header.Get("ETag") || res.Header.Get("Cache-Control") != "private, no-cache" {
			t.Errorf("the fan's card: %q %q", res.Header.Get("ETag"), res.Header.Get("Cache-Control"))
		}
	})
}
