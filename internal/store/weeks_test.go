package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// weekCount is a list's count in the kept week ending on endDay, and whether it has a row.
func weekCount(t *testing.T, s *store.Store, listID string, endDay int64) (int, bool) {
	t.Helper()
	var n int
	err := s.DB().QueryRowContext(context.Background(),
		`SELECT n FROM list_upvotes_week WHERE list_id = $1 AND end_day = $2`, listID, endDay).Scan(&n)
	if err != nil {
		return 0, false
	}
	return n, true
}

// Votes cast before a week is kept are counted when the front page first reads it; the
// votes after count in the kept weeks (today's and tomorrow's) and no others, and a week
// two days past is dropped.
func TestTheWeekIsCountedOnFirstReadAndKeptInStep(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := communityUser(t, s, "Owner")
		communityList(t, s, owner.ID, "list_1", "Heroes", true)
		communityList(t, s, owner.ID, "list_2", "Villains", true)
		voters := make([]*model.User, 6)
		for i := range voters {
			voters[i] = communityUser(t, s, fmt.Sprintf("Voter %d", i))
		}
		now := time.Date(2026, 5, 20, 12, 0, 0, 0, time.UTC)
		today := now.UnixMilli() / 86400000
		day := 24 * time.Hour
		vote := func(listID string, v *model.User, at time.Time) {
			t.Helper()
			if _, err := s.AddUpvote(ctx, owner.ID, listID, v.ID, at, false); err != nil {
				t.Fatal(err)
			}
		}
		vote("list_1", voters[0], now.Add(-6*day)) // in today's week, not in tomorrow's
		vote("list_1", voters[1], now.Add(-7*day)) // too old for today's
		vote("list_2", voters[0], now.Add(-2*day))
		vote("list_2", voters[1], now.Add(-1*day))
		if _, ok := weekCount(t, s, "list_1", today); ok {
			t.Fatal("a week is counted before anyone read it")
		}

		h, err := s.Home(ctx, "", now.Add(-7*day))
		if err != nil {
			t.Fatal(err)
		}
		if got := names(h.TopThisWeek); !reflect.DeepEqual(got, []string{"Villains", "Heroes"}) {
			t.Errorf("top this week %v", got)
		}
		for _, c := range []struct {
			list   string
			endDay int64
			n      int
		}{{"list_1", today, 1}, {"list_1", today + 1, 0}, {"list_2", today, 2}, {"list_2", today + 1, 2}} {
			if n, _ := weekCount(t, s, c.list, c.endDay); n != c.n {
				t.Errorf("%s in the week ending on day %d: %d, want %d", c.list, c.endDay, n, c.n)
			}
		}

		// Today's votes count in both kept weeks; taking one back uncounts it from both.
		vote("list_1", voters[2], now)
		vote("list_1", voters[3], now)
		if _, err := s.RemoveUpvote(ctx, owner.ID, "list_1", voters[2].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.RemoveUpvote(ctx, owner.ID, "list_1", voters[0].ID); err != nil { // cast 6 days ago
			t.Fatal(err)
		}
		// The weeks follow once the tally catches the list up; meanwhile verify leaves them be.
		if n, _ := weekCount(t, s, "list_1", today+1); n != 0 {
			t.Errorf("list_1 tomorrow before the tally: %d, want 0", n)
		}
		if diffs, err := s.VerifyAggregate(ctx, store.AggWeekly); err != nil || len(diffs) != 0 {
			t.Errorf("aggregates before the tally: %v %v", diffs, err)
		}
		catchUp(t, s)
		if n, _ := weekCount(t, s, "list_1", today); n != 1 {
			t.Errorf("list_1 today: %d, want 1", n)
		}
		if n, _ := weekCount(t, s, "list_1", today+1); n != 1 {
			t.Errorf("list_1 tomorrow: %d, want 1", n)
		}
		if _, ok := weekCount(t, s, "list_1", today+2); ok {
			t.Error("a vote counted in a week not kept")
		}
		if diffs, err := s.VerifyAggregate(ctx, store.AggWeekly); err != nil || len(diffs) != 0 {
			t.Errorf("aggregates: %v %v", diffs, err)
		}

		// Two days on, the weeks before yesterday's are dropped.
		if _, err := s.Home(ctx, "", now.Add(-5*day)); err != nil {
			t.Fatal(err)
		}
		catchUp(t, s)
		if _, ok := weekCount(t, s, "list_2", today); ok {
			t.Error("a week two days past is still kept")
		}
		if n, _ := weekCount(t, s, "list_2", today+2); n != 2 {
			t.Errorf("list_2 two days on: %d, want 2", n)
		}
		if diffs, err := s.VerifyAggregate(ctx, store.AggWeekly); err != nil || len(diffs) != 0 {
			t.Errorf("aggregates two days on: %v %v", diffs, err)
		}
	})
}

// A week counted while votes come and go counts each of them once: a vote it did not
// see finds the week kept. Each round keeps the next day's weeks under votes and
// withdrawals on the days they hold.
func TestVotesWhileAWeekIsCountedCountOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := communityUser(t, s, "Owner")
		communityList(t, s, owner.ID, "list_1", "Heroes", true)
		voters := make([]*model.User, 12)
		for i := range voters {
			voters[i] = communityUser(t, s, fmt.Sprintf("Voter %d", i))
		}
		start := time.Date(2026, 5, 20, 12, 0, 0, 0, time.UTC)
		for round := range 4 {
			now := start.Add(time.Duration(round) * 24 * time.Hour)
			var wg sync.WaitGroup
			errs := make(chan error, 3*len(voters)+2)
			for _, v := range voters {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := s.AddUpvote(ctx, owner.ID, "list_1", v.ID, now, false); err != nil {
						errs <- err
					}
					if _, err := s.RemoveUpvote(ctx, owner.ID, "list_1", v.ID); err != nil {
						errs <- err
					}
					if _, err := s.AddUpvote(ctx, owner.ID, "list_1", v.ID, now, false); err != nil {
						errs <- err
					}
				}()
			}
			wg.Add(2)
			go func() {
				defer wg.Done()
				if err := s.KeepWeek(ctx, now.UnixMilli()/86400000+1); err != nil {
					errs <- err
				}
			}()
			go func() { // and the tally catches up meanwhile
				defer wg.Done()
				if _, _, err := s.FoldVotes(ctx, store.TallyBatch, noNotes); err != nil {
					errs <- err
				}
			}()
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			catchUp(t, s)
			if diffs, err := s.VerifyAggregate(ctx, store.AggWeekly); err != nil || len(diffs) != 0 {
				t.Fatalf("round %d: %v %v", round, diffs, err)
			}
			for _, v := range voters {
				if _, err := s.RemoveUpvote(ctx, owner.ID, "list_1", v.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// A reader that stops waiting does not cut the week's count short: it is kept all the
// same, without anyone asking again.
func TestAWeekCountOutlivesItsReader(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := s.KeepWeek(ctx, 20600); err != nil && !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			var kept int
			err := s.DB().QueryRowContext(context.Background(),
				`SELECT count(*) FROM list_upvote_weeks WHERE end_day IN (20600, 20601)`).Scan(&kept)
			if err == nil && kept == 2 {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("weeks kept 10 s after the reader gave up: %d, %v", kept, err)
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// The day after a week was kept as the next one, its read counts the week after in the
// background: no reader waits for that count, and the week is kept once it is done.
func TestTomorrowsWeekIsCountedWithoutAReaderWaiting(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		const day = 20600
		if err := s.KeepWeek(ctx, day); err != nil { // keeps day and day+1
			t.Fatal(err)
		}
		// Hold up any count: SQLite's one writer is taken, PostgreSQL's daily upvotes
		// locked against the count's lock.
		tx, err := s.DB().BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		block := `LOCK TABLE list_upvotes_daily IN ROW EXCLUSIVE MODE`
		if s.Dialect() == store.SQLite {
			block = `DELETE FROM list_upvotes_daily WHERE day < 0`
		}
		if _, err := tx.ExecContext(ctx, block); err != nil {
			t.Fatal(err)
		}
		readCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := s.KeepWeek(readCtx, day+1); err != nil {
			t.Fatalf("the next day's read waited for the count of the week after: %v", err)
		}
		kept := func(q interface {
			QueryRowContext(context.Context, string, ...any) *sql.Row
		}) bool {
			var n int
			if err := q.QueryRowContext(ctx, `SELECT count(*) FROM list_upvote_weeks WHERE end_day = $1`, day+2).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n == 1
		}
		if kept(tx) {
			t.Fatal("the week after was counted through the lock")
		}
		tx.Rollback()
		for deadline := time.Now().Add(10 * time.Second); !kept(s.DB()); {
			if time.Now().After(deadline) {
				t.Fatal("the week after was never counted")
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}
