package server

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"castaway/internal/global"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// setClock makes the server's and the services' rate limits read the time the returned function sets.
func (e *testEnv) setClock(start time.Time) func(time.Time) {
	e.clock.at.Store(start.UnixNano())
	e.srv.now = e.clock.now
	return func(t time.Time) { e.clock.at.Store(t.UnixNano()) }
}

// ballots sends n ballots from c and returns how many were taken and the last refusal.
func ballots(t *testing.T, e *testEnv, c *http.Client, n int) (taken int, refused *http.Response) {
	t.Helper()
	for range n {
		res := call(t, c, "PUT", e.URL+"/api/global-rankings/season-48/submission", map[string]any{"ranking": slots48()}, nil)
		switch res.StatusCode {
		case http.StatusOK:
			taken++
		case http.StatusTooManyRequests:
			refused = res
		default:
			t.Fatalf("ballot: %d", res.StatusCode)
		}
	}
	return taken, refused
}

// A limit of N per window lets no more than about N through across any window's edge: one
// ballot at t0 and N-1 just before t0+window fill it, and N more just after take at most one
// (fixed windows let all N through, twice the limit in two seconds). Both engines: SQLite
// counts writes in memory, PostgreSQL in the database.
func TestWriteLimitHoldsAcrossTheWindowEdge(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ann, _ := e.signedIn(t, "Ann")
		l, t0 := global.BallotPerUser, time.Now()
		set := e.setClock(t0)
		if taken, _ := ballots(t, e, ann, 1); taken != 1 {
			t.Fatal("first ballot refused")
		}
		set(t0.Add(l.Window - time.Second))
		if taken, _ := ballots(t, e, ann, l.Max-1); taken != l.Max-1 {
			t.Fatalf("%d of %d ballots late in the window taken, want all", taken, l.Max-1)
		}
		set(t0.Add(l.Window + time.Second))
		if taken, _ := ballots(t, e, ann, l.Max); taken > 1 {
			t.Fatalf("%d more ballots taken two seconds later, across the window's edge: want at most 1", taken)
		}
	})
}

// Refused, a write is told to come back when the next would be taken (the limit's interval,
// 30 s for 20 in 10 minutes), and is taken then, not before.
func TestWriteLimitRetryAfterIsTheWaitForTheNext(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ann, _ := e.signedIn(t, "Ann")
		l, t0 := global.BallotPerUser, time.Now()
		set := e.setClock(t0)
		taken, refused := ballots(t, e, ann, l.Max+1)
		if taken != l.Max || refused == nil {
			t.Fatalf("%d of %d taken, want %d", taken, l.Max+1, l.Max)
		}
		interval := l.Window / time.Duration(l.Max)
		if got, want := refused.Header.Get("Retry-After"), fmt.Sprint(int(interval.Seconds())); got != want {
			t.Fatalf("Retry-After %q, want %q", got, want)
		}
		set(t0.Add(interval - time.Second))
		if taken, _ := ballots(t, e, ann, 1); taken != 0 {
			t.Fatal("taken before Retry-After")
		}
		set(t0.Add(interval))
		if taken, _ := ballots(t, e, ann, 1); taken != 1 {
			t.Fatal("refused after Retry-After")
		}
	})
}

// Writes at the limit's own pace (one per Window/Max) are never refused, over several windows.
func TestWriteLimitNeverRefusesASteadyPace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		ann, _ := e.signedIn(t, "Ann")
		l, t0 := global.BallotPerUser, time.Now()
		set := e.setClock(t0)
		if taken, _ := ballots(t, e, ann, l.Max); taken != l.Max {
			t.Fatalf("burst: %d of %d taken", taken, l.Max)
		}
		interval := l.Window / time.Duration(l.Max)
		for i := 1; i <= 3*l.Max; i++ {
			set(t0.Add(time.Duration(i) * interval))
			if taken, _ := ballots(t, e, ann, 1); taken != 1 {
				t.Fatalf("ballot %d at the limit's pace refused", i)
			}
		}
	})
}
