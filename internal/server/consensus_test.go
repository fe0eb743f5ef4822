package server

import (
	"context"
	"net/http"
	"testing"

	"castaway/internal/api"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// The season page's ranking follows the public lists as they are saved, hidden and
// deleted, names the lists agreeing most, revalidates with an ETag, and a recount agrees.
func TestSeasonConsensusOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ann, _ := e.signedIn(t, "Ann")
		ben, _ := e.signedIn(t, "Ben")
		cat, _ := e.signedIn(t, "Cat")
		url := e.URL + "/api/seasons/s1/consensus"
		var c api.Consensus
		if st := callStatus(t, nil, "GET", url, nil, &c); st != 200 || c.ListCount != 0 || len(c.Ranking) != 0 || len(c.Agreeing) != 0 {
			t.Fatalf("empty season: %d %+v", st, c)
		}
		save := func(client *http.Client, name string, public bool, ids ...string) api.RankedList {
			t.Helper()
			body := newListBody(name, ids...)
			body["isPublic"] = public
			var l api.RankedList
			if st := callStatus(t, client, "POST", e.URL+"/api/lists", body, &l); st != 201 {
				t.Fatalf("save %s: %d", name, st)
			}
			return l
		}
		// Rudy leads two lists; Jenna tops one list only; Cat's list is private.
		save(ann, "Ann's Borneo", true, "rudy-boesch", "jenna-lewis", "dirk-been")
		bl := save(ben, "Ben's Borneo", true, "rudy-boesch", "dirk-been")
		save(cat, "Cat's Borneo", true, "jenna-lewis")
		save(cat, "Secret", false, "dirk-been", "rudy-boesch")

		callStatus(t, nil, "GET", url, nil, &c)
		if c.ListCount != 3 || len(c.Ranking) != 3 {
			t.Fatalf("consensus %+v", c)
		}
		if c.Ranking[0].Id != "rudy-boesch" || c.Ranking[0].Name != "Rudy Boesch" || c.Ranking[0].ListCount != 2 || c.Ranking[0].Score != 40 {
			t.Errorf("top %+v", c.Ranking[0])
		}
		// Jenna: 2/3 + 1 points over 3 lists; Dirk: 1/3 + 1/2.
		if c.Ranking[1].Id != "jenna-lewis" || c.Ranking[1].ListCount != 2 || c.Ranking[2].Id != "dirk-been" {
			t.Errorf("order %+v", c.Ranking)
		}
		if len(c.Agreeing) != 3 || c.Agreeing[0].Name != "Ann's Borneo" || c.Agreeing[0].UserName != "Ann" {
			t.Errorf("agreeing %+v", c.Agreeing)
		}

		// Revalidation answers 304 until a list changes the ranking.
		res := call(t, nil, "GET", url, nil, nil)
		etag := res.Header.Get("ETag")
		req, _ := http.NewRequest("GET", url, nil)
		req.Header.Set("If-None-Match", etag)
		if r, err := http.DefaultClient.Do(req); err != nil || r.StatusCode != http.StatusNotModified {
			t.Errorf("revalidation: %v %v", r.StatusCode, err)
		}
		if st := callStatus(t, ben, "DELETE", e.URL+"/api/lists/"+bl.UserId+"/"+bl.Id, nil, nil); st != 204 {
			t.Fatalf("delete: %d", st)
		}
		callStatus(t, nil, "GET", url, nil, &c)
		if c.ListCount != 2 || c.Ranking[0].Id != "jenna-lewis" {
			t.Errorf("after a delete %+v", c)
		}
		if problems, err := st.VerifyAggregates(context.Background()); err != nil || len(problems) > 0 {
			t.Errorf("recount: %v %v", problems, err)
		}

		// The seasons' ranking comes from season lists.
		save(ann, "Seasons", true, "s20", "s1")
		var sc api.Consensus
		if st := callStatus(t, nil, "GET", e.URL+"/api/seasons/consensus", nil, &sc); st != 200 || sc.ListCount != 1 ||
			len(sc.Ranking) != 2 || sc.Ranking[0].Id != "s20" || sc.Ranking[0].Name != "Survivor: Heroes vs. Villains" {
			t.Errorf("seasons: %d %+v", st, sc)
		}
		var bad apiErr
		if st := callStatus(t, nil, "GET", e.URL+"/api/seasons/s999/consensus", nil, &bad); st != 404 || bad.Error.Message != "Season not found" {
			t.Errorf("unknown season: %d %+v", st, bad)
		}
	})
}
