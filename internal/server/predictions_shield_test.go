package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

type shieldedView struct {
	Entry *struct {
		Score struct{ Score, Hits, Boots int }
	}
	Boots  []struct{ Order, Episode int }
	Shield *struct{ UpTo, HiddenBoots int }
}

type shieldedBoard struct {
	Entries []struct{ UserID string }
	Shield  *struct{ UpTo, HiddenBoots int }
}

// A fan behind on the season on air (up to episode 1 of 2 with boots) gets their prediction
// page scored as of episode 1, the leaderboards withheld saying why, and no note that
// episode 2's scores are in; a visitor whose app sends ?upTo=1 gets the same, ?reveal=all
// shows it whole; every cut answer is marked so the service worker keeps none, and the
// fan's export has no score for the season, on both engines.
func TestSpoilerShieldLeavesScoresOutOfPredictions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		mod, modUser := e.signedIn(t, "Mod")
		if err := e.store.SetAdmin(t.Context(), modUser.Email, true); err != nil {
			t.Fatal(err)
		}
		fan, fanUser := e.signedIn(t, "Fan")
		bob, _ := e.signedIn(t, "Bob")
		season := map[string]any{"franchise": "US", "number": 51, "name": "Survivor 51", "premiere": "2099-03-01",
			"cast": []map[string]any{{"name": "Ann Poe", "tribe": "Luzon"}, {"name": "Bob Roe", "tribe": "Luzon"},
				{"name": "Cat Doe", "tribe": "Tuku"}, {"name": "Dan Moe", "tribe": "Tuku"}}}
		if st := callStatus(t, mod, "POST", e.URL+"/api/moderation/seasons", season, nil); st != http.StatusCreated {
			t.Fatalf("adding: %d", st)
		}
		order := map[string]any{"order": []string{"ann-poe", "bob-roe", "cat-doe", "dan-moe"}}
		for _, c := range []*http.Client{fan, bob} {
			if st := callStatus(t, c, "PUT", e.URL+"/api/seasons/s51/prediction", order, nil); st != http.StatusOK {
				t.Fatalf("predicting: %d", st)
			}
		}
		if st := callStatus(t, mod, "PUT", e.URL+"/api/moderation/seasons/s51/premiere", map[string]any{"premiere": "2020-01-01"}, nil); st != http.StatusOK {
			t.Fatalf("moving the premiere: %d", st)
		}
		scored := func(boots int) {
			t.Helper()
			deadline := time.Now().Add(10 * time.Second)
			for {
				var v shieldedView
				callStatus(t, bob, "GET", e.URL+"/api/seasons/s51/prediction", nil, &v)
				if v.Entry != nil && v.Entry.Score.Boots == boots {
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("never scored %d boots: %+v", boots, v)
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
		record := func(episode int, who string) {
			t.Helper()
			boot := map[string]any{"episode": episode, "day": 3 * episode, "castaway": who, "result": "voted out"}
			if st := callStatus(t, mod, "POST", e.URL+"/api/moderation/seasons/s51/boots", boot, nil); st != http.StatusCreated {
				t.Fatalf("recording: %d", st)
			}
		}
		record(1, "dan-moe") // predicted 4th: a hit
		scored(1)
		if st := callStatus(t, fan, "PUT", e.URL+"/api/me/watching/s51", map[string]any{"upTo": 1}, nil); st != http.StatusNoContent {
			t.Fatalf("set progress: %d", st)
		}
		record(2, "cat-doe") // predicted 3rd: a hit
		scored(2)

		var whole, cut shieldedView
		callStatus(t, bob, "GET", e.URL+"/api/seasons/s51/prediction", nil, &whole)
		res := call(t, fan, "GET", e.URL+"/api/seasons/s51/prediction", nil, &cut)
		if whole.Shield != nil || whole.Entry.Score.Hits != 2 || len(whole.Boots) != 2 {
			t.Fatalf("bob's page: %+v", whole)
		}
		if cut.Shield == nil || cut.Shield.UpTo != 1 || cut.Shield.HiddenBoots != 1 || len(cut.Boots) != 1 ||
			cut.Entry.Score.Boots != 1 || cut.Entry.Score.Hits != 1 || cut.Entry.Score.Score >= whole.Entry.Score.Score {
			t.Errorf("the fan's page: %+v", cut)
		}
		if res.Header.Get(ShieldHeader) != ShieldCut {
			t.Errorf("the fan's page is not marked cut")
		}
		// The leaderboards, everyone's and the followed fans'.
		for _, path := range []string{"/api/seasons/s51/predictions", "/api/seasons/s51/predictions/following"} {
			var b shieldedBoard
			res := call(t, fan, "GET", e.URL+path, nil, &b)
			if res.StatusCode != http.StatusOK || len(b.Entries) != 0 || b.Shield == nil || b.Shield.UpTo != 1 || res.Header.Get(ShieldHeader) != ShieldCut {
				t.Errorf("%s for the fan: %d %+v", path, res.StatusCode, b)
			}
			if cc := res.Header.Get("Cache-Control"); strings.Contains(cc, "public") {
				t.Errorf("%s for the fan may be shared: %q", path, cc)
			}
		}
		var everyone shieldedBoard
		if res := call(t, nil, "GET", e.URL+"/api/seasons/s51/predictions", nil, &everyone); len(everyone.Entries) != 2 || everyone.Shield != nil || res.Header.Get(ShieldHeader) != "" {
			t.Errorf("a visitor's board: %+v", everyone)
		}
		// A visitor's app sends its progress; a reveal shows it whole.
		var visitor shieldedBoard
		if call(t, nil, "GET", e.URL+"/api/seasons/s51/predictions?upTo=1", nil, &visitor); len(visitor.Entries) != 0 || visitor.Shield == nil {
			t.Errorf("a visitor up to episode 1: %+v", visitor)
		}
		var page, revealed shieldedView
		res = call(t, nil, "GET", e.URL+"/api/seasons/s51/predictions/"+fanUser.ID+"?upTo=1", nil, &page)
		if page.Shield == nil || len(page.Boots) != 1 || page.Entry.Score != cut.Entry.Score || res.Header.Get(ShieldHeader) != ShieldCut {
			t.Errorf("the fan's page for a visitor up to episode 1: %+v", page)
		}
		if call(t, fan, "GET", e.URL+"/api/seasons/s51/prediction?reveal=all", nil, &revealed); revealed.Shield != nil || revealed.Entry.Score != whole.Entry.Score {
			t.Errorf("revealed: %+v", revealed)
		}
		// The share image: the score as of the fan's episode, for the fan alone.
		mine, theirs := get(t, e.URL+"/api/seasons/s51/predictions/"+fanUser.ID+"/share.png?upTo=1", nil), get(t, e.URL+"/api/seasons/s51/predictions/"+fanUser.ID+"/share.png", nil)
		if mine.StatusCode != http.StatusOK || mine.Header.Get(ShieldHeader) != ShieldCut || mine.Header.Get("ETag") == theirs.Header.Get("ETag") || theirs.Header.Get(ShieldHeader) != "" {
			t.Errorf("share images: %d %q %q / %q", mine.StatusCode, mine.Header.Get(ShieldHeader), mine.Header.Get("ETag"), theirs.Header.Get("ETag"))
		}
		if res, _ := body(t, fan, e.URL+"/api/seasons/s51/predictions/"+fanUser.ID+"/share.png"); res.Header.Get("Cache-Control") != "private, no-cache" {
			t.Errorf("the fan's share image: %q", res.Header.Get("Cache-Control"))
		}
		// Notes: episode 2's went to bob, not to the fan behind.
		notes := func(c *http.Client) string {
			_, b := body(t, c, e.URL+"/api/notifications")
			return b
		}
		if n := notes(fan); !strings.Contains(n, "episode 1 of Survivor 51") || strings.Contains(n, "episode 2 of Survivor 51") {
			t.Errorf("the fan's notes: %s", n)
		}
		if n := notes(bob); !strings.Contains(n, "episode 2 of Survivor 51") {
			t.Errorf("bob's notes: %s", n)
		}
		// The export: no score for a season the fan has not finished.
		var export struct {
			Predictions []struct {
				SeasonID string `json:"seasonId"`
				Score    *int   `json:"score"`
			} `json:"predictions"`
		}
		_, raw := body(t, fan, e.URL+"/api/me/export")
		if err := json.Unmarshal([]byte(raw), &export); err != nil || len(export.Predictions) != 1 || export.Predictions[0].Score != nil {
			t.Errorf("the fan's export: %v %s", err, raw[:min(len(raw), 400)])
		}
		_, raw = body(t, bob, e.URL+"/api/me/export")
		if err := json.Unmarshal([]byte(raw), &export); err != nil || len(export.Predictions) != 1 || export.Predictions[0].Score == nil {
			t.Errorf("bob's export: %v", err)
		}
	})
}
