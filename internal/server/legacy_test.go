package server

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"castaway/internal/api"
	"castaway/internal/events"
	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/store/storetest"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

func legacyBody(maddys, andrews, kendalls []map[string]any) map[string]any {
	return map[string]any{"maddysList": maddys, "andrewsList": andrews, "kendallsList": kendalls}
}

func item(id string, isSeason bool) map[string]any {
	return map[string]any{"id": id, "isSeason": isSeason}
}

func TestLegacyRankings(t *testing.T) {
	e := newEnv(t)
	c, _ := e.signedIn(t, "Maddy")
	var rec api.LegacyRankings
	before := time.Now().Add(-time.Second)
	if st := callStatus(t, nil, "GET", e.URL+"/api/legacy-rankings", nil, &rec); st != 200 ||
		rec.MaddysList == nil || len(rec.MaddysList)+len(rec.AndrewsList)+len(rec.KendallsList) != 0 || rec.LastUpdated.Before(before) {
		t.Fatalf("created empty: %d %+v", st, rec)
	}
	body := legacyBody([]map[string]any{item("s20", true), item("s45", true)}, nil, []map[string]any{item("ryan-akien", false)})
	var e1 apiErr
	if st := callStatus(t, nil, "PUT", e.URL+"/api/legacy-rankings", body, &e1); st != 401 {
		t.Errorf("signed out: %d", st)
	}
	mixed := legacyBody(nil, []map[string]any{item("s20", true), item("parvati-shallow", false)}, nil)
	if st := callStatus(t, c, "PUT", e.URL+"/api/legacy-rankings", mixed, &e1); st != 400 ||
		e1.Error.Field != "andrewsList" || e1.Error.Message != "Cannot mix seasons and contestants." {
		t.Errorf("mixed: %d %+v", st, e1)
	}
	if st := callStatus(t, c, "PUT", e.URL+"/api/legacy-rankings", body, &rec); st != 200 ||
		len(rec.MaddysList) != 2 || rec.MaddysList[0].Name != "Survivor: Heroes vs. Villains" || len(rec.AndrewsList) != 0 ||
		len(rec.KendallsList) != 1 || rec.KendallsList[0].Id != "ryan-aiken" || rec.AndrewsList == nil {
		t.Fatalf("save: %d %+v", st, rec)
	}
	var again api.LegacyRankings
	callStatus(t, nil, "GET", e.URL+"/api/legacy-rankings", nil, &again)
	if len(again.MaddysList) != 2 || !again.LastUpdated.Equal(rec.LastUpdated.Truncate(time.Millisecond)) {
		t.Errorf("read back %+v, saved %+v", again, rec)
	}
}

// nextLegacy waits for a legacy event matching ok.
func nextLegacy(t *testing.T, events <-chan sseEvent, ok func(api.LegacyRankings) bool) api.LegacyRankings {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev, open := <-events:
			if !open {
				t.Fatal("stream ended")
			}
			var rec api.LegacyRankings
			if ev.name != "legacy" || json.Unmarshal([]byte(ev.data), &rec) != nil {
				t.Fatalf("event %+v", ev)
			}
			if ok(rec) {
				return rec
			}
		case <-deadline:
			t.Fatal("no matching legacy event")
		}
	}
}

// Anyone may listen; a change reaches every stream, and costs this process one read
// however many streams are open.
func TestLegacyStream(t *testing.T) {
	e := newEnv(t)
	c, _ := e.signedIn(t, "Kendall")
	const streams = 30
	var all []<-chan sseEvent
	for range streams {
		_, events := openStream(t, &http.Client{}, e.URL+"/api/legacy-rankings/stream")
		nextLegacy(t, events, func(r api.LegacyRankings) bool { return len(r.KendallsList) == 0 })
		all = append(all, events)
	}
	before := testutil.ToFloat64(e.srv.metrics.streamReads)
	body := legacyBody(nil, nil, []map[string]any{item("cirie-fields", false)})
	if st := callStatus(t, c, "PUT", e.URL+"/api/legacy-rankings", body, nil); st != 200 {
		t.Fatalf("save: %d", st)
	}
	for _, events := range all {
		nextLegacy(t, events, func(r api.LegacyRankings) bool { return len(r.KendallsList) == 1 })
	}
	if reads := testutil.ToFloat64(e.srv.metrics.streamReads) - before; reads != 1 {
		t.Errorf("%v reads for one change on %d streams, want 1", reads, streams)
	}
}

// Two processes share one PostgreSQL: a save through one reaches a stream on the other.
func TestLegacyStreamAcrossServers(t *testing.T) {
	dbURL := storetest.PostgresURL(t)
	channel := "castaway_" + databaseOf(t, dbURL)
	process := func() *testEnv {
		st, err := store.Open(context.Background(), dbURL)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		if err := st.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		b, err := events.OpenPostgres(context.Background(), dbURL, channel, quietLog)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		hub, err := notify.NewHub(b, notify.Heartbeat, quietLog)
		if err != nil {
			t.Fatal(err)
		}
		return newEnvWithHub(t, st, hub)
	}
	a, b := process(), process()
	c, _ := a.signedIn(t, "Andrew")
	_, events := openStream(t, &http.Client{}, b.URL+"/api/legacy-rankings/stream")
	nextLegacy(t, events, func(r api.LegacyRankings) bool { return len(r.AndrewsList) == 0 })
	for i, id := range []string{"s1", "s2"} {
		body := legacyBody(nil, []map[string]any{item(id, true)}, nil)
		if st := callStatus(t, c, "PUT", a.URL+"/api/legacy-rankings", body, nil); st != 200 {
			t.Fatalf("save %d: %d", i, st)
		}
		nextLegacy(t, events, func(r api.LegacyRankings) bool {
			return len(r.AndrewsList) == 1 && r.AndrewsList[0].Id == id
		})
	}
}
