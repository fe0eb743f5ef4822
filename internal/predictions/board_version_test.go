package predictions_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/predictions"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A season's board version moves on with every change to what its leaderboard shows, and
// only then, so a board kept under it is never one change behind: a fan's entry (a
// prediction, or a first pick, not a later one), a scoring batch, a fan renamed,
// suspended, restored or deleted; reads move nothing. On both engines.
func TestBoardVersionMovesOnWithEachChangeItShows(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := setup(t, st)
		ann, bob := user(t, st, "ann"), user(t, st, "bob")
		last := must(e.uses.Predictions.BoardVersionOf(ctx, e.season.ID))
		if last.Season != e.season.ID || last.Boots != 0 || last.Version != 0 {
			t.Fatalf("a new season's version: %+v", last)
		}
		moved := func(what string, want bool) {
			t.Helper()
			v := must(e.uses.Predictions.BoardVersionOf(ctx, e.season.ID))
			if got := v != last; got != want {
				t.Errorf("%s: moved on %v, want %v (%+v then %+v)", what, got, want, last, v)
			}
			last = v
		}
		board := func() []predictions.BoardEntry {
			t.Helper()
			return must(e.uses.Predictions.Leaderboard(ctx, e.season.ID)).Entries
		}
		must(e.uses.Predictions.Predict(ctx, ann, e.season.ID, e.ids(0, 1, 2, 3, 4, 5), predictions.Watch{}))
		moved("ann predicts", true)
		must(e.uses.Predictions.Predict(ctx, ann, e.season.ID, e.ids(5, 1, 2, 3, 4, 0), predictions.Watch{}))
		moved("ann changes her prediction", true)
		must(e.uses.Predictions.Pick(ctx, bob, e.season.ID, 1, e.ids(5)[0], predictions.Watch{}))
		moved("bob's first pick enters him", true)
		must(e.uses.Predictions.Pick(ctx, bob, e.season.ID, 2, e.ids(4)[0], predictions.Watch{}))
		moved("bob's second pick", false)
		must(e.uses.Predictions.Leaderboard(ctx, e.season.ID))
		moved("a read", false)

		e.clock.set(day(premiere).Add(time.Hour))
		e.boot(t, 1, 5)
		moved("a boot recorded (the game's boots)", true)
		e.score(t)
		moved("the boot scored", true)
		if b := board(); len(b) != 2 || b[0].Score.Boots != 1 {
			t.Fatalf("scored board: %+v", b)
		}

		if _, err := st.RenameUser(ctx, "bob", "Robert"); err != nil {
			t.Fatal(err)
		}
		moved("bob renamed", true)
		if b := board(); b[0].UserName != "Robert" && b[1].UserName != "Robert" {
			t.Errorf("renamed board: %+v", b)
		}
		act := func(id string) *model.Action {
			return &model.Action{ID: id, AdminName: "Mod", CreatedAt: time.Now()}
		}
		if err := st.Suspend(ctx, "bob", model.Suspension{Since: time.Now(), Reason: "spam"}, act("s")); err != nil {
			t.Fatal(err)
		}
		moved("bob suspended", true)
		if b := board(); len(b) != 1 {
			t.Errorf("board without bob: %+v", b)
		}
		if err := st.Unsuspend(ctx, "bob", time.Time{}, act("u")); err != nil {
			t.Fatal(err)
		}
		moved("bob restored", true)
		if err := st.DeleteAccount(ctx, "bob"); err != nil {
			t.Fatal(err)
		}
		moved("bob deleted", true)
		if b := board(); len(b) != 1 || b[0].UserID != "ann" {
			t.Errorf("board after bob left: %+v", b)
		}
		// A fan on no board changes none.
		if _, err := st.RenameUser(ctx, "mod", "Moderator"); err != nil {
			t.Fatal(err)
		}
		moved("a fan with no entry renamed", false)
	})
}
