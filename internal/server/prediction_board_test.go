package server

import (
	"net/http"
	"testing"
	"time"

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

// A season's leaderboard is kept built on each node, sharing no reads, yet a change made
// through another node shows on the next read: a prediction, a boot recorded and scored,
// a fan renamed. A visitor behind on the season still gets it
// withheld, and a revisit whose copy still holds gets a 304. On both engines.
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
		order := map[string]any{"order": []string{"ann-poe", "bob-roe", "cat-doe", "dan-moe"}}
		if s := callStatus(t, fan, "PUT", a.URL+"/api/seasons/s51/prediction", order, nil); s != http.StatusOK {
			t.Fatalf("predicting: %d", s)
		}
		v, res := board("")
		if len(v.Entries) != 1 || v.Entries[0].UserName != "Fan" || v.Boots != 0 {
			t.Fatalf("the board after a prediction on the other node: %+v", v)
		}
		if again := get(t, b.URL+"/api/seasons/s51/predictions", map[string]string{"If-None-Match": res.Header.Get("ETag")}); again.StatusCode != http.StatusNotModified {
			t.Errorf("a revisit: %d", again.StatusCode)
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
		// The score follows as the scorer (either node's) writes it.
		deadline := time.Now().Add(10 * time.Second)
		for v, _ = board(""); v.Boots != 1 || v.Entries[0].Score.Boots != 1; v, _ = board("") {
			if time.Now().After(deadline) {
				t.Fatalf("the board never showed the boot scored: %+v", v)
			}
			time.Sleep(10 * time.Millisecond)
		}
		if s := callStatus(t, fan, "PATCH", a.URL+"/api/me", map[string]any{"displayName": "Fan Renamed"}, nil); s != http.StatusOK {
			t.Fatalf("renaming: %d", s)
		}
		if v, _ := board(""); len(v.Entries) != 1 || v.Entries[0].UserName != "Fan Renamed" {
			t.Errorf("the board after a rename on the other node: %+v", v)
		}
		// Behind on the season: withheld, whatever is kept.
		if v, res := board("?upTo=0"); len(v.Entries) != 0 || v.Shield == nil || v.Shield.HiddenBoots != 1 || res.Header.Get(ShieldHeader) != ShieldCut {
			t.Errorf("a visitor behind: %+v", v)
		}
		if v, _ := board("?upTo=1"); len(v.Entries) != 1 || v.Shield != nil {
			t.Errorf("a visitor up to date: %+v", v)
		}
	})
}
