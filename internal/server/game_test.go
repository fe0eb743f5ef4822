package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"castaway/internal/api"
)

// getStrict reads url into v, failing on a field v (the contract's type) does not have.
func getStrict(t *testing.T, url string, v any) *http.Response {
	t.Helper()
	res, body := getWith(t, http.DefaultClient, url, nil)
	if res.StatusCode == http.StatusOK {
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			t.Fatalf("%s is not the contract's %T: %v", url, v, err)
		}
	}
	return res
}

// A season's game and a castaway's game are answered in the contract's shape, the same
// bytes for everyone with an ETag; unknown ids are refused.
func TestGameAnswers(t *testing.T) {
	e := newEnv(t)
	var season api.GameSeason
	res := getStrict(t, e.URL+"/api/seasons/s20/game", &season)
	if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == "" {
		t.Fatalf("season game: %d, ETag %q", res.StatusCode, res.Header.Get("ETag"))
	}
	if season.Winner == nil || *season.Winner != "sandra-diaz-twine" || len(season.Councils) == 0 || len(season.Jury) == 0 {
		t.Errorf("Heroes vs. Villains: winner %v, %d councils, %d jury votes", season.Winner, len(season.Councils), len(season.Jury))
	}
	req, _ := http.NewRequest("GET", e.URL+"/api/seasons/s20/game", nil)
	req.Header.Set("If-None-Match", res.Header.Get("ETag"))
	again, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	again.Body.Close()
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation: %d, want 304", again.StatusCode)
	}

	var person api.GamePerson
	if res := getStrict(t, e.URL+"/api/contestants/ozzy-lusth/game", &person); res.StatusCode != http.StatusOK {
		t.Fatalf("castaway game: %d", res.StatusCode)
	}
	if len(person.Seasons) != 5 || person.Totals.VotesReceived == 0 {
		t.Errorf("Ozzy: %d seasons, totals %+v", len(person.Seasons), person.Totals)
	}

	for _, path := range []string{"/api/seasons/s99/game", "/api/contestants/nobody/game"} {
		if st := callStatus(t, nil, "GET", e.URL+path, nil, nil); st != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, st)
		}
	}
}

// A season's page carries its own title, description and first paint for search engines
// and link previews (no winner: a preview is read by people who have not seen it), is
// the same bytes for everyone with an ETag, and an unknown season answers 404.
func TestSeasonPage(t *testing.T) {
	e := newEnv(t)
	res, body := getWith(t, nil, e.URL+"/seasons/au1", nil)
	page := string(body)
	for _, want := range []string{
		"<title>Australia: 2016 — Survivor Rankings</title>",
		`<meta name="description" content="Survivor Australia: 2016 (Upolu, 2016): every tribal council vote`,
		`<meta property="og:url" content="` + strings.TrimRight(e.cfg.BaseURL, "/") + `/seasons/au1" />`,
		`<h1>Survivor Australia: 2016</h1>`,
		`href="/api/seasons/au1/game"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == "" || strings.Contains(page, "Kristie Bennet") {
		t.Errorf("season page: %d, ETag %q, names the winner: %v", res.StatusCode, res.Header.Get("ETag"), strings.Contains(page, "Kristie Bennet"))
	}
	if again, _ := getWith(t, nil, e.URL+"/seasons/au1", map[string]string{"If-None-Match": res.Header.Get("ETag")}); again.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation: %d, want 304", again.StatusCode)
	}
	if res, body := getWith(t, nil, e.URL+"/seasons/s99", nil); res.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "<title>Survivor Rankings</title>") {
		t.Errorf("unknown season: %d", res.StatusCode)
	}
	if res, body := getWith(t, nil, e.URL+"/licenses/survivor", nil); res.StatusCode != http.StatusOK || !strings.Contains(string(body), "MIT") {
		t.Errorf("survivoR licence: %d %.80s", res.StatusCode, body)
	}
}

// A moderator adds a season on air and records a boot over HTTP; a fan's open season page
// hears of it on its stream and reads the boot; an impossible boot is refused with its
// message; a fan may not record.
func TestSeasonOnAirOverHTTP(t *testing.T) {
	e := newEnv(t)
	mod, modUser := e.signedIn(t, "Mod")
	if err := e.store.SetAdmin(t.Context(), modUser.Email, true); err != nil {
		t.Fatal(err)
	}
	fan, _ := e.signedIn(t, "Fan")
	season := map[string]any{"franchise": "AU", "number": 13, "name": "Australian Survivor 13", "premiere": "2027-01-30",
		"cast": []map[string]any{{"name": "Jane Doe", "tribe": "Kele"}, {"name": "John Roe", "tribe": "Hina"}, {"contestantId": "cirie-fields", "tribe": "Hina"}}}
	if st := callStatus(t, fan, "POST", e.URL+"/api/moderation/seasons", season, nil); st != http.StatusForbidden {
		t.Fatalf("a fan adding a season: %d", st)
	}
	var added api.GameSeason
	if st := callStatus(t, mod, "POST", e.URL+"/api/moderation/seasons", season, &added); st != http.StatusCreated || added.Id != "au13" {
		t.Fatalf("adding: %d %+v", st, added.Id)
	}
	var cat struct{ Seasons []struct{ ID string } }
	callStatus(t, nil, "GET", e.URL+"/api/catalog/seasons", nil, &cat)
	if !slices.ContainsFunc(cat.Seasons, func(s struct{ ID string }) bool { return s.ID == "au13" }) {
		t.Errorf("the catalog lacks au13")
	}

	_, events := openStream(t, fan, e.URL+"/api/seasons/au13/game/stream")
	first := nextGameEvent(t, events)
	boot := map[string]any{"episode": 1, "day": 3, "castaway": "au-jane-doe", "result": "1st voted out",
		"votes": []map[string]any{{"voter": "au-john-roe", "target": "au-jane-doe"}, {"voter": "cirie-fields", "target": "au-jane-doe"}}}
	if st := callStatus(t, mod, "POST", e.URL+"/api/moderation/seasons/au13/boots", boot, nil); st != http.StatusCreated {
		t.Fatalf("recording: %d", st)
	}
	if next := nextGameEvent(t, events); next == first {
		t.Errorf("the stream's event did not move: %s", next)
	}
	var after api.GameSeason
	callStatus(t, fan, "GET", e.URL+"/api/seasons/au13/game", nil, &after)
	if len(after.Boots) != 1 || after.Boots[0].Castaway != "au-jane-doe" || len(after.Councils) != 1 {
		t.Errorf("the season after the boot: %+v", after.Boots)
	}
	var refused apiErr
	if st := callStatus(t, mod, "POST", e.URL+"/api/moderation/seasons/au13/boots", boot, &refused); st != http.StatusBadRequest ||
		refused.Error.Message != "Jane Doe is already out of the game." {
		t.Errorf("booting her again: %d %+v", st, refused)
	}
	if st := callStatus(t, mod, "DELETE", e.URL+"/api/moderation/seasons/au13/boots/last", nil, &after); st != http.StatusOK || len(after.Boots) != 0 {
		t.Errorf("undo: %d, %d boots", st, len(after.Boots))
	}
}

// nextGameEvent waits for the stream's next "game" event and returns its data.
func nextGameEvent(t *testing.T, events <-chan sseEvent) string {
	t.Helper()
	select {
	case ev, open := <-events:
		if !open || ev.name != "game" {
			t.Fatalf("unexpected event %+v (open %v)", ev, open)
		}
		return ev.data
	case <-time.After(10 * time.Second):
		t.Fatal("no game event")
	}
	return ""
}

// A castaway's page is made once a moment for every reader, with an ETag: a reader whose
// copy still holds gets a 304; an unknown castaway answers 404 with the site's own head.
func TestCastawayPageRevalidates(t *testing.T) {
	e := newEnv(t)
	res, body := getWith(t, nil, e.URL+"/castaways/au-shane-gould", map[string]string{"Accept-Encoding": "gzip"})
	if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == "" || res.Header.Get("Content-Encoding") != "gzip" || len(body) == 0 {
		t.Fatalf("castaway page: %d, ETag %q, encoding %q", res.StatusCode, res.Header.Get("ETag"), res.Header.Get("Content-Encoding"))
	}
	if again, _ := getWith(t, nil, e.URL+"/castaways/au-shane-gould", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": res.Header.Get("ETag")}); again.StatusCode != http.StatusNotModified {
		t.Errorf("revalidation: %d, want 304", again.StatusCode)
	}
	if res, body := getWith(t, nil, e.URL+"/castaways/nobody-at-all", nil); res.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "<title>Survivor Rankings</title>") {
		t.Errorf("unknown castaway: %d", res.StatusCode)
	}
}
