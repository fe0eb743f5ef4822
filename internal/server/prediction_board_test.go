package server

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

type keptBoard struct {
	Boots   int
	Entries []struct {
		UserName string
		Score    struct{ Boots int }
	}
	Shield *struct{ UpTo, HiddenBoots int }
}

func (b keptBoard) names() []string {
	var out []string
	for _, e := range b.Entries {
		out = append(out, e.UserName)
	}
	return out
}

// A season's leaderboard is kept built on each node, sharing no reads, yet a change made
// elsewhere (through another node, or straight in the store) shows on the next read: a
// prediction, a boot recorded and scored, a fan renamed. A revisit whose copy still holds
// gets a 304, a browser that takes gzip the board gzipped once, and a visitor behind on
// the season still gets it withheld. On both engines.
func TestKeptLeaderboardFollowsChangesOnEveryNode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		unshared := map[string]string{"CASTAWAY_SHARED_READS": "0"}
		a, b := newEnvWithSettings(t, st, nil, unshared), newEnvWithSettings(t, st, nil, unshared)
		// Node b reads the game again as the game's event (a season, its premiere, a boot)
		// would have it do; the board has no event of its own.
		gameChanged := func() {
			t.Helper()
			if err := b.srv.game.Reload(t.Context()); err != nil {
				t.Fatal(err)
			}
		}
		mod, modUser := a.signedIn(t, "Mod")
		if err := st.SetAdmin(t.Context(), modUser.Email, true); err != nil {
			t.Fatal(err)
		}
		fan, _ := a.signedIn(t, "Fan")
		season := map[string]any{"franchise": "US", "number": 51, "name": "Survivor 51", "premiere": "2099-03-01",
			"cast": []map[string]any{{"name": "Ann Poe", "tribe": "Luzon"}, {"name": "Bob Roe", "tribe": "Luzon"},
				{"name": "Cat Doe", "tribe": "Tuku"}, {"name": "Dan Moe", "tribe": "Tuku"}}}
		if s := callStatus(t, mod, "POST", a.URL+"/api/moderation/seasons", season, nil); s != http.StatusCreated {
			t.Fatalf("adding: %d", s)
		}
		gameChanged()
		board := func(query string) (keptBoard, *http.Response) {
			t.Helper()
			var v keptBoard
			res := call(t, nil, "GET", b.URL+"/api/seasons/s51/predictions"+query, nil, &v)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("board%s: %d", query, res.StatusCode)
			}
			return v, res
		}
		if v, _ := board(""); len(v.Entries) != 0 {
			t.Fatalf("an empty board: %+v", v)
		}
		order := []string{"ann-poe", "bob-roe", "cat-doe", "dan-moe"}
		// Six fans predict straight in the store, as another node would write them.
		for i := range 6 {
			u := &model.User{ID: fmt.Sprintf("other%d", i), Email: fmt.Sprintf("other%d@example.com", i),
				DisplayName: fmt.Sprintf("Another Fan %d", i), CreatedAt: time.Now()}
			if err := st.CreateUser(t.Context(), u); err != nil {
				t.Fatal(err)
			}
			if err := st.SavePrediction(t.Context(), u.ID, "s51", order, time.Now(), time.Now().Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		if v, _ := board(""); len(v.Entries) != 6 {
			t.Fatalf("the board after six predictions in the store: %+v", v)
		}
		if s := callStatus(t, fan, "PUT", a.URL+"/api/seasons/s51/prediction", map[string]any{"order": order}, nil); s != http.StatusOK {
			t.Fatalf("predicting: %d", s)
		}
		v, _ := board("")
		if len(v.Entries) != 7 || !slices.Contains(v.names(), "Fan") || v.Boots != 0 {
			t.Fatalf("the board after a prediction on the other node: %+v", v)
		}
		plain := get(t, b.URL+"/api/seasons/s51/predictions", nil)
		if again := get(t, b.URL+"/api/seasons/s51/predictions", map[string]string{"If-None-Match": plain.Header.Get("ETag")}); again.StatusCode != http.StatusNotModified {
			t.Errorf("a revisit: %d", again.StatusCode)
		}
		gz := get(t, b.URL+"/api/seasons/s51/predictions", map[string]string{"Accept-Encoding": "gzip"})
		zr, err := gzip.NewReader(gz.Body)
		if err != nil || gz.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("gzipped board: %v %v", gz.Header, err)
		}
		var unzipped keptBoard
		if err := json.NewDecoder(zr).Decode(&unzipped); err != nil || !slices.Equal(unzipped.names(), v.names()) || gz.Header.Get("ETag") == plain.Header.Get("ETag") {
			t.Errorf("gzipped board: %+v %v, tags %s and %s", unzipped, err, gz.Header.Get("ETag"), plain.Header.Get("ETag"))
		}
		if again := get(t, b.URL+"/api/seasons/s51/predictions", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": gz.Header.Get("ETag")}); again.StatusCode != http.StatusNotModified {
			t.Errorf("a gzipped revisit: %d", again.StatusCode)
		}

		if s := callStatus(t, mod, "PUT", a.URL+"/api/moderation/seasons/s51/premiere", map[string]any{"premiere": "2020-01-01"}, nil); s != http.StatusOK {
			t.Fatalf("moving the premiere: %d", s)
		}
		gameChanged()
		boot := map[string]any{"episode": 1, "day": 3, "castaway": "dan-moe", "result": "voted out"}
		if s := callStatus(t, mod, "POST", a.URL+"/api/moderation/seasons/s51/boots", boot, nil); s != http.StatusCreated {
			t.Fatalf("recording: %d", s)
		}
		gameChanged()
		// The scores follow as the scorer (either node's) writes them.
		scored := func(v keptBoard) bool {
			for _, e := range v.Entries {
				if e.Score.Boots != 1 {
					return false
				}
			}
			return v.Boots == 1
		}
		deadline := time.Now().Add(10 * time.Second)
		for v, _ = board(""); !scored(v); v, _ = board("") {
			if time.Now().After(deadline) {
				t.Fatalf("the board never showed the boot scored: %+v", v)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if s := callStatus(t, fan, "PATCH", a.URL+"/api/me", map[string]any{"displayName": "Fan Renamed"}, nil); s != http.StatusOK {
			t.Fatalf("renaming: %d", s)
		}
		if v, _ := board(""); !slices.Contains(v.names(), "Fan Renamed") || slices.Contains(v.names(), "Fan") {
			t.Errorf("the board after a rename on the other node: %+v", v)
		}
		// Behind on the season: withheld, whatever is kept.
		if v, res := board("?upTo=0"); len(v.Entries) != 0 || v.Shield == nil || v.Shield.HiddenBoots != 1 || res.Header.Get(ShieldHeader) != ShieldCut {
			t.Errorf("a visitor behind: %+v", v)
		}
		if v, _ := board("?upTo=1"); len(v.Entries) != 7 || v.Shield != nil {
			t.Errorf("a visitor up to date: %+v", v)
		}
	})
}
