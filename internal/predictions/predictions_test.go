package predictions_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/events"
	"castaway/internal/game"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/predictions"
	"castaway/internal/problem"
	"castaway/internal/services"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
	"castaway/internal/watching"
)

// clock is a test clock every use case reads.
type clock struct{ t atomic.Int64 }

func (c *clock) now() time.Time  { return time.Unix(0, c.t.Load()).UTC() }
func (c *clock) set(t time.Time) { c.t.Store(t.UnixNano()) }
func at(s string) time.Time      { t, _ := time.Parse(time.RFC3339, s); return t }
func day(s string) time.Time     { return at(s + "T00:00:00Z") }
func fail(err error) string      { p, _ := problem.As(err); return p.Message }
func isProblem(err error) bool   { _, ok := problem.As(err); return ok }

type env struct {
	st     *store.Store
	uses   *services.Set
	clock  *clock
	season *game.Season
	mod    model.Actor
}

const premiere = "2027-02-24"

func setup(t *testing.T, st *store.Store) *env {
	t.Helper()
	hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	c := &clock{}
	c.set(day("2027-02-01"))
	g, shipped := game.Shipped()
	uses := services.New(services.Deps{Store: st, Catalog: shipped.Clone(), Game: g, Hub: hub, Log: slog.New(slog.DiscardHandler), Now: c.now})
	e := &env{st: st, uses: uses, clock: c}
	e.mod = user(t, st, "mod")
	e.mod.User.IsAdmin = true
	var cast []game.NewCastaway
	for i := range 6 {
		cast = append(cast, game.NewCastaway{Name: fmt.Sprintf("Player %c", 'A'+i), Tribe: []string{"Kele", "Hina"}[i%2]})
	}
	if e.season, err = uses.Game.AddSeason(context.Background(), e.mod, game.NewSeason{Franchise: "US", Number: 51,
		Name: "Survivor 51", Premiere: premiere, Cast: cast}); err != nil {
		t.Fatal(err)
	}
	return e
}

func user(t testing.TB, st *store.Store, id string) model.Actor {
	t.Helper()
	u := &model.User{ID: id, Email: id + "@example.com", DisplayName: id, CreatedAt: time.Now()}
	if err := st.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return model.Actor{User: u, Client: "192.0.2." + id}
}

// ids is the cast's ids in the order given by idx (0 = the cast's first).
func (e *env) ids(idx ...int) []string {
	var out []string
	for _, i := range idx {
		out = append(out, e.season.Cast[i].ID)
	}
	return out
}

func (e *env) boot(t *testing.T, episode, who int) {
	t.Helper()
	s, err := e.uses.Game.Season(e.season.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.uses.Game.RecordBoot(context.Background(), e.mod, e.season.ID, game.NewBoot{Episode: episode, Day: 3 * episode,
		Castaway: e.season.Cast[who].ID, Result: fmt.Sprintf("%d voted out", len(s.Boots)+1)}); err != nil {
		t.Fatal(err)
	}
}

func (e *env) score(t *testing.T) {
	t.Helper()
	if err := e.uses.Scorer.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func (e *env) scoreOf(t *testing.T, a model.Actor) predictions.Points {
	t.Helper()
	v, err := e.uses.Predictions.Mine(context.Background(), a, e.season.ID, predictions.Watch{})
	if err != nil || v.Entry == nil {
		t.Fatalf("mine: %+v %v", v, err)
	}
	return v.Entry.Score
}

// A fan publishes a prediction of the whole cast before the premiere and changes it;
// at the premiere, by the server's clock, an edit is refused and keeps nothing.
func TestPredictionLocksAtThePremiere(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := setup(t, st)
		ann := user(t, st, "ann")
		if _, err := e.uses.Predictions.Predict(ctx, ann, e.season.ID, e.ids(0, 1, 2), predictions.Watch{}); fail(err) != "A prediction orders the whole cast of Survivor 51, each castaway once." {
			t.Fatalf("part of the cast: %v", err)
		}
		if _, err := e.uses.Predictions.Predict(ctx, ann, e.season.ID, e.ids(0, 1, 2, 3, 4, 4), predictions.Watch{}); !isProblem(err) {
			t.Fatalf("one twice: %v", err)
		}
		if _, err := e.uses.Predictions.Predict(ctx, model.Actor{Client: "x"}, e.season.ID, e.ids(0, 1, 2, 3, 4, 5), predictions.Watch{}); fail(err) != problem.MsgPredictionSignedOut {
			t.Fatalf("signed out: %v", err)
		}
		v, err := e.uses.Predictions.Predict(ctx, ann, e.season.ID, e.ids(0, 1, 2, 3, 4, 5), predictions.Watch{})
		if err != nil || !slices.Equal(v.Entry.Order, e.ids(0, 1, 2, 3, 4, 5)) || v.Locked || !v.LocksAt.Equal(day(premiere)) {
			t.Fatalf("predict: %+v %v", v, err)
		}
		e.clock.set(day(premiere).Add(-time.Millisecond))
		if _, err := e.uses.Predictions.Predict(ctx, ann, e.season.ID, e.ids(5, 4, 3, 2, 1, 0), predictions.Watch{}); err != nil {
			t.Fatalf("the last moment: %v", err)
		}
		e.clock.set(day(premiere))
		_, err = e.uses.Predictions.Predict(ctx, ann, e.season.ID, e.ids(0, 1, 2, 3, 4, 5), predictions.Watch{})
		if fail(err) != "Predictions for Survivor 51 locked at the premiere, 24 February 2027, 00:00 UTC." {
			t.Fatalf("at the lock: %v", err)
		}
		v, err = e.uses.Predictions.Mine(ctx, ann, e.season.ID, predictions.Watch{})
		if err != nil || !v.Locked || !slices.Equal(v.Entry.Order, e.ids(5, 4, 3, 2, 1, 0)) {
			t.Fatalf("kept: %+v %v", v, err)
		}
		// The store refuses a write decided at the lock whatever its caller thought.
		if err := st.SavePrediction(ctx, "ann", e.season.ID, e.ids(0, 1, 2, 3, 4, 5), day(premiere), day(premiere)); !errors.Is(err, store.ErrLocked) {
			t.Fatalf("store at the lock: %v", err)
		}
	})
}

// Many fans (and one fan from many clients) submit as the clock reaches the premiere:
// every write answered before the lock is kept, none decided at or after it is, on both
// engines; at the lock instant itself every one is refused.
func TestPredictionLockRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := setup(t, st)
		const fans = 24
		var actors []model.Actor
		for i := range fans {
			actors = append(actors, user(t, st, fmt.Sprintf("f%02d", i)))
		}
		lock := day(premiere)
		// At the lock instant: nothing is kept.
		e.clock.set(lock)
		var wg sync.WaitGroup
		var kept atomic.Int32
		for _, a := range actors {
			for range 3 {
				wg.Go(func() {
					if _, err := e.uses.Predictions.Predict(ctx, a, e.season.ID, e.ids(0, 1, 2, 3, 4, 5), predictions.Watch{}); err == nil {
						kept.Add(1)
					} else if p, ok := problem.As(err); !ok || p.Code != "prediction_locked" {
						t.Errorf("at the lock: %v", err)
					}
				})
			}
		}
		wg.Wait()
		if kept.Load() != 0 {
			t.Fatalf("%d writes kept at the lock", kept.Load())
		}
		for _, a := range actors {
			if v, err := e.uses.Predictions.Mine(ctx, a, e.season.ID, predictions.Watch{}); err != nil || v.Entry != nil {
				t.Fatalf("%s kept %+v %v", a.UserID(), v, err)
			}
		}
		// Across it: the clock moves past the lock while the writes run.
		e.clock.set(lock.Add(-5 * time.Millisecond))
		answered := make([]bool, fans)
		start := make(chan struct{})
		for i, a := range actors {
			wg.Go(func() {
				<-start
				_, err := e.uses.Predictions.Predict(ctx, a, e.season.ID, e.ids(5, 4, 3, 2, 1, 0), predictions.Watch{})
				answered[i] = err == nil
			})
		}
		go func() {
			for i := range 10 {
				e.clock.set(lock.Add(time.Duration(i-4) * time.Millisecond))
				time.Sleep(time.Millisecond)
			}
		}()
		close(start)
		wg.Wait()
		for i, a := range actors {
			v, err := e.uses.Predictions.Mine(ctx, a, e.season.ID, predictions.Watch{})
			if err != nil {
				t.Fatal(err)
			}
			if (v.Entry != nil) != answered[i] {
				t.Errorf("%s: kept %v, answered ok %v", a.UserID(), v.Entry != nil, answered[i])
			}
			if v.Entry != nil && !v.Entry.UpdatedAt.Before(lock) {
				t.Errorf("%s: kept a write decided at %v, lock %v", a.UserID(), v.Entry.UpdatedAt, lock)
			}
		}
	})
}

// Weekly picks lock as their episode airs: premiere + a week per episode when the game
// has no date for it.
func TestWeeklyPicksLockAtAirTime(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := setup(t, st)
		ann := user(t, st, "ann")
		if lock, _ := predictions.EpisodeLock(e.season, 3); !lock.Equal(day("2027-03-10")) {
			t.Fatalf("episode 3 locks at %v", lock)
		}
		if _, err := e.uses.Predictions.Pick(ctx, ann, e.season.ID, 1, e.ids(2)[0], predictions.Watch{}); err != nil {
			t.Fatal(err)
		}
		e.clock.set(day(premiere))
		if _, err := e.uses.Predictions.Pick(ctx, ann, e.season.ID, 1, e.ids(3)[0], predictions.Watch{}); fail(err) != "Picks for episode 1 locked as it aired, 24 February 2027, 00:00 UTC." {
			t.Fatalf("after it aired: %v", err)
		}
		v, err := e.uses.Predictions.Pick(ctx, ann, e.season.ID, 2, e.ids(3)[0], predictions.Watch{})
		if err != nil || v.Entry.Picks["1"] != e.ids(2)[0] || v.Entry.Picks["2"] != e.ids(3)[0] || len(v.Entry.Order) != 0 {
			t.Fatalf("picks: %+v %v", v, err)
		}
		if _, err := e.uses.Predictions.Pick(ctx, ann, e.season.ID, 2, "nobody", predictions.Watch{}); !isProblem(err) {
			t.Fatalf("not in the cast: %v", err)
		}
	})
}

// Each boot rescores every prediction and pick off the moderator's request; the same
// boots always give the same figures (a job done twice, a boot undone and recorded
// again), verify recounts them, and each fan but the moderator hears the scores are in.
func TestScoringFollowsTheBoots(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := setup(t, st)
		ann, bob := user(t, st, "ann"), user(t, st, "bob")
		// ann: castaway 5 first out, then 4; bob the other way round; the moderator too.
		for _, p := range []struct {
			a     model.Actor
			order []string
		}{{ann, e.ids(0, 1, 2, 3, 4, 5)}, {bob, e.ids(0, 1, 2, 3, 5, 4)}, {e.mod, e.ids(5, 4, 3, 2, 1, 0)}} {
			if _, err := e.uses.Predictions.Predict(ctx, p.a, e.season.ID, p.order, predictions.Watch{}); err != nil {
				t.Fatal(err)
			}
		}
		for ep, who := range []int{5, 4} {
			if _, err := e.uses.Predictions.Pick(ctx, ann, e.season.ID, ep+1, e.ids(who)[0], predictions.Watch{}); err != nil {
				t.Fatal(err)
			}
		}
		e.clock.set(day(premiere).Add(time.Hour))
		e.boot(t, 1, 5)
		if got := e.scoreOf(t, ann); got.Score != 0 {
			t.Fatalf("scored in the moderator's request: %+v", got)
		}
		e.score(t)
		// ann: place 6 predicted 6 → 6 points, a hit; her pick right → 10, a streak of 1 → 5.
		if got := e.scoreOf(t, ann); got != (predictions.Points{Score: 21, PlacePoints: 6, Hits: 1, PicksRight: 1, Streak: 1, BestStreak: 1, Boots: 1}) {
			t.Fatalf("ann after boot 1: %+v", got)
		}
		if got := e.scoreOf(t, bob); got != (predictions.Points{Score: 5, PlacePoints: 5, Boots: 1}) {
			t.Fatalf("bob after boot 1: %+v", got)
		}
		e.clock.set(day("2027-03-03").Add(time.Hour))
		e.boot(t, 2, 4)
		e.score(t)
		after2 := map[string]predictions.Points{"ann": e.scoreOf(t, ann), "bob": e.scoreOf(t, bob), "mod": e.scoreOf(t, e.mod)}
		if after2["ann"] != (predictions.Points{Score: 42, PlacePoints: 12, Hits: 2, PicksRight: 2, Streak: 2, BestStreak: 2, Boots: 2}) {
			t.Fatalf("ann after boot 2: %+v", after2["ann"])
		}
		// Done twice: the same figures.
		if err := st.QueueScoring(ctx, e.season.ID, predictions.OutcomeOf(must(e.uses.Game.Season(e.season.ID))), "again", "", e.clock.now()); err != nil {
			t.Fatal(err)
		}
		e.score(t)
		// Undone and recorded again: the same figures; undone alone: boot 1's.
		if _, err := e.uses.Game.UndoBoot(ctx, e.mod, e.season.ID); err != nil {
			t.Fatal(err)
		}
		e.score(t)
		if got := e.scoreOf(t, ann); got.Score != 21 || got.Boots != 1 {
			t.Fatalf("ann after the undo: %+v", got)
		}
		e.boot(t, 2, 4)
		e.score(t)
		for _, a := range []model.Actor{ann, bob, e.mod} {
			if got := e.scoreOf(t, a); got != after2[a.UserID()] {
				t.Fatalf("%s after the boot again: %+v, want %+v", a.UserID(), got, after2[a.UserID()])
			}
		}
		g, _ := e.uses.Game.Season(e.season.ID)
		_ = g
		if diffs, err := predictions.Verify(ctx, st, gameOf(t, st)); err != nil || len(diffs) != 0 {
			t.Fatalf("verify: %v %v", diffs, err)
		}
		// A kept score tampered with is found, and repaired.
		if _, err := st.DB().ExecContext(ctx, `UPDATE predictions SET score = 999 WHERE user_id = 'bob'`); err != nil {
			t.Fatal(err)
		}
		if diffs, _ := predictions.Verify(ctx, st, gameOf(t, st)); len(diffs) != 1 {
			t.Fatalf("verify after tampering: %v", diffs)
		}
		if err := predictions.Repair(ctx, st, gameOf(t, st)); err != nil {
			t.Fatal(err)
		}
		if diffs, err := predictions.Verify(ctx, st, gameOf(t, st)); err != nil || len(diffs) != 0 {
			t.Fatalf("verify after repair: %v %v", diffs, err)
		}
		// Notified once an episode, never the moderator who recorded it.
		for _, who := range []string{"ann", "bob", "mod"} {
			notes, _, err := st.RecentNotifications(ctx, who, notify.Recent)
			if err != nil {
				t.Fatal(err)
			}
			var texts []string
			for _, n := range notes {
				if n.Type == model.NotePredictionScored {
					texts = append(texts, n.Content)
				}
			}
			want := []string{"The scores of episode 2 of Survivor 51 are in.", "The scores of episode 1 of Survivor 51 are in."}
			if who == "mod" {
				want = nil
			}
			if !slices.Equal(texts, want) {
				t.Errorf("%s's notes: %q, want %q", who, texts, want)
			}
		}
		// The leaderboard, best first.
		b, err := e.uses.Predictions.Leaderboard(ctx, e.season.ID)
		if err != nil || len(b.Entries) != 3 || b.Entries[0].UserID != "ann" || b.Entries[0].Rank != 1 {
			t.Fatalf("board: %+v %v", b, err)
		}
		fb, err := e.uses.Predictions.FollowingBoard(ctx, bob, e.season.ID, predictions.Watch{})
		if err != nil || len(fb.Entries) != 1 || fb.Entries[0].UserID != "bob" {
			t.Fatalf("bob's board: %+v %v", fb, err)
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func gameOf(t *testing.T, st *store.Store) *game.Game {
	t.Helper()
	g, _, err := game.Stored(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

var _ = catalog.MustLoad

// A fan behind on the season (up to episode 1 of 2 scored) gets their page and anyone's
// as of episode 1: the boots, the picks' results and the score the boots they saw make;
// the leaderboards are withheld saying why; a reveal of everything shows it all, on both
// engines.
func TestShieldCutsScoresAtTheFansEpisode(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := setup(t, st)
		ann, bob := user(t, st, "ann"), user(t, st, "bob")
		for _, a := range []model.Actor{ann, bob} {
			if _, err := e.uses.Predictions.Predict(ctx, a, e.season.ID, e.ids(0, 1, 2, 3, 4, 5), predictions.Watch{}); err != nil {
				t.Fatal(err)
			}
			for ep, who := range []int{5, 4} {
				if _, err := e.uses.Predictions.Pick(ctx, a, e.season.ID, ep+1, e.ids(who)[0], predictions.Watch{}); err != nil {
					t.Fatal(err)
				}
			}
		}
		e.clock.set(day(premiere).Add(time.Hour))
		e.boot(t, 1, 5)
		e.clock.set(day("2027-03-03").Add(time.Hour))
		e.boot(t, 2, 4)
		e.score(t)
		behind := predictions.Watch{Progress: watching.Progress{e.season.ID: 1}}
		v, err := e.uses.Predictions.Mine(ctx, ann, e.season.ID, behind)
		if err != nil {
			t.Fatal(err)
		}
		// As TestScoringFollowsTheBoots: after boot 1 ann has 21.
		if want := (predictions.Points{Score: 21, PlacePoints: 6, Hits: 1, PicksRight: 1, Streak: 1, BestStreak: 1, Boots: 1}); v.Entry.Score != want {
			t.Errorf("ann's score as of episode 1: %+v, want %+v", v.Entry.Score, want)
		}
		if v.Shield == nil || *v.Shield != (predictions.Shield{UpTo: 1, Hidden: 1}) || len(v.Boots) != 1 {
			t.Errorf("shield %+v, %d boots", v.Shield, len(v.Boots))
		}
		for _, ep := range v.Episodes {
			if ep.Number > 1 && ep.Right != nil {
				t.Errorf("episode %d's pick is judged", ep.Number)
			}
		}
		if o, err := e.uses.Predictions.Of(ctx, ann, e.season.ID, "bob", behind); err != nil || o.Entry.Score != v.Entry.Score {
			t.Errorf("bob's page for ann: %+v %v", o, err)
		}
		// The leaderboards.
		if b, err := e.uses.Predictions.WithheldBoard(e.season.ID, behind); err != nil || b == nil || len(b.Entries) != 0 || b.Shield == nil || b.Boots != 1 {
			t.Errorf("withheld board: %+v %v", b, err)
		}
		if b, err := e.uses.Predictions.FollowingBoard(ctx, ann, e.season.ID, behind); err != nil || len(b.Entries) != 0 || b.Shield == nil {
			t.Errorf("ann's following board: %+v %v", b, err)
		}
		// Up to the last episode scored, or everything revealed: the kept score, whole.
		whole := e.scoreOf(t, ann)
		for _, w := range []predictions.Watch{
			{Progress: watching.Progress{e.season.ID: 2}},
			{Progress: watching.Progress{e.season.ID: 1}, Reveal: watching.ParseReveal("all")},
			{Progress: watching.Progress{"s20": 1}},
		} {
			if v, err := e.uses.Predictions.Mine(ctx, ann, e.season.ID, w); err != nil || v.Shield != nil || v.Entry.Score != whole {
				t.Errorf("%+v: %+v %v", w, v, err)
			}
			if b, err := e.uses.Predictions.WithheldBoard(e.season.ID, w); err != nil || b != nil {
				t.Errorf("%+v: board withheld %+v %v", w, b, err)
			}
		}
	})
}
