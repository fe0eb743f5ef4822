package follows_test

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"castaway/internal/events"
	"castaway/internal/follows"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// followerID names the i-th of a community's followers: in id order, as fan-outs go.
func followerID(i int) string { return fmt.Sprintf("f%05d", i) }

// followed makes n accounts following author in bulk (through the store, not one follow
// at a time); every fourth turned the followed_list notes off.
func followed(t *testing.T, st *store.Store, author string, n int) {
	t.Helper()
	ctx := context.Background()
	tx, err := st.DB().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	for i := range n {
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, display_name, name_key, created_at, notify_followed_lists)
			VALUES ($1, $1, $1, 0, $2)`, followerID(i), i%4 != 0); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO follows (follower_id, followed_id, created_at)
		SELECT id, $1, 0 FROM users WHERE id LIKE 'f%'`, author); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := st.RebuildAggregates(ctx); err != nil {
		t.Fatal(err)
	}
}

func optedIn(n int) int { return n - (n+3)/4 }

func newHub(t *testing.T) *notify.Hub {
	t.Helper()
	hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	return hub
}

func publicList(name string) model.ListContent {
	return model.ListContent{Name: name, IsPublic: true, SearchText: name,
		Items: []model.Item{{ID: "tom-westman", Name: "Tom Westman", ImageURL: "/media/x", SeasonID: "s10", SeasonName: "Survivor: Palau"}}}
}

// count runs a count(*) query.
func count(t *testing.T, db *sql.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

// fanned counts what a fan-out of list has written: feed rows, followed_list notes, and
// readers with more than one of either.
func fanned(t *testing.T, st *store.Store, l *model.List) (items, notes, twice int) {
	t.Helper()
	db := st.DB()
	items = count(t, db, `SELECT count(*) FROM feed_items WHERE list_user_id = $1 AND list_id = $2`, l.UserID, l.ID)
	notes = count(t, db, `SELECT count(*) FROM notifications WHERE type = 'followed_list' AND list_user_id = $1 AND list_id = $2`, l.UserID, l.ID)
	twice = count(t, db, `SELECT count(*) FROM (SELECT user_id FROM notifications WHERE type = 'followed_list' AND list_user_id = $1 AND list_id = $2
		GROUP BY user_id HAVING count(*) > 1) d`, l.UserID, l.ID)
	return items, notes, twice
}

// A fan with 2,000 followers publishes with a save that writes one fan-out job and no
// feed rows or notifications, however many follow them; the worker then gives every
// follower the list in their feed, and those who kept the setting on one notification,
// waking their inboxes.
func TestFanOutLeavesTheSaveBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		const n = 2000
		author := actor(t, st, "author", "192.0.2.1")
		followed(t, st, author.User.ID, n)
		hub := newHub(t)
		last := followerID(n - 1) // reached by the last batch; it kept the notes on
		woken, unsubscribe := hub.Subscribe(last)
		defer unsubscribe()

		l, err := st.CreateList(ctx, author.User.ID, lists.IDs(time.Now()), publicList("Heroes"), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if items, notes, _ := fanned(t, st, l); items != 0 || notes != 0 {
			t.Fatalf("the save wrote %d feed rows and %d notifications", items, notes)
		}
		if jobs, err := st.FanOutsPending(ctx); err != nil || jobs != 1 {
			t.Fatalf("%d fan-out jobs queued (%v)", jobs, err)
		}

		w := follows.NewFanOut(st, hub, slog.New(slog.NewTextHandler(io.Discard, nil)))
		wctx, stop := context.WithCancel(ctx)
		w.Start(wctx)
		defer w.Wait()
		defer stop()
		w.Wake()
		select {
		case <-woken:
		case <-time.After(time.Minute):
			t.Fatal("the last follower's inbox was never woken")
		}
		// The job ends with a batch that finds no follower left, just after.
		for deadline := time.Now().Add(time.Minute); ; {
			jobs, err := st.FanOutsPending(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if jobs == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d fan-out jobs left", jobs)
			}
			time.Sleep(5 * time.Millisecond)
		}
		if items, notes, twice := fanned(t, st, l); items != n || notes != optedIn(n) || twice != 0 {
			t.Errorf("fanned out to %d feeds, %d notes (%d twice); want %d and %d", items, notes, twice, n, optedIn(n))
		}
		page, _, err := st.Feed(ctx, last, "", 20)
		if err != nil || len(page) != 1 || page[0].Name != "Heroes" {
			t.Errorf("the last follower's feed %+v %v", page, err)
		}
	})
}

// A worker that dies mid-job keeps its lease until it ends; then another takes the job on
// from the last batch done, without writing anything twice, and the dead worker, were it
// to come back, finds the job no longer its own.
func TestFanOutResumesAfterAWorkerDies(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		const n, batch = 1200, 500
		author := actor(t, st, "author", "192.0.2.1")
		followed(t, st, author.User.ID, n)
		now := time.Now()
		l, err := st.CreateList(ctx, author.User.ID, lists.IDs(now), publicList("Villains"), now)
		if err != nil {
			t.Fatal(err)
		}
		job, ok, err := st.ClaimFanOut(ctx, "dead", now, time.Minute)
		if err != nil || !ok {
			t.Fatalf("claim: %v %v", ok, err)
		}
		first, done, err := st.FanOutBatch(ctx, job, "dead", batch, now, time.Minute)
		if err != nil || done {
			t.Fatalf("first batch: done %v, %v", done, err)
		}
		// The worker dies here. While its lease lasts, nobody else takes the job.
		if _, ok, err := st.ClaimFanOut(ctx, "next", now.Add(30*time.Second), time.Minute); err != nil || ok {
			t.Fatalf("claimed a leased job: %v %v", ok, err)
		}
		later := now.Add(2 * time.Minute)
		job2, ok, err := st.ClaimFanOut(ctx, "next", later, time.Minute)
		if err != nil || !ok || job2 != job {
			t.Fatalf("the expired job was not taken on: %+v %v %v", job2, ok, err)
		}
		if told, done, err := st.FanOutBatch(ctx, job, "dead", batch, later, time.Minute); err != nil || !done || len(told) != 0 {
			t.Fatalf("the dead worker's late batch: %v %v %v", told, done, err)
		}
		rest := []string{}
		for done := false; !done; {
			var told []string
			if told, done, err = st.FanOutBatch(ctx, job2, "next", batch, later, time.Minute); err != nil {
				t.Fatal(err)
			}
			rest = append(rest, told...)
		}
		all := append(slices.Clone(first), rest...)
		slices.Sort(all)
		if len(slices.Compact(all)) != optedIn(n) || len(first)+len(rest) != optedIn(n) {
			t.Errorf("notified %d then %d of %d", len(first), len(rest), optedIn(n))
		}
		if len(first) != optedIn(batch) || slices.Contains(rest, first[len(first)-1]) {
			t.Errorf("the second worker did not carry on from the first one's last batch")
		}
		if items, notes, twice := fanned(t, st, l); items != n || notes != optedIn(n) || twice != 0 {
			t.Errorf("fanned out to %d feeds, %d notes (%d twice)", items, notes, twice)
		}
		if jobs, _ := st.FanOutsPending(ctx); jobs != 0 {
			t.Errorf("%d jobs left", jobs)
		}
	})
}

// A list made private, hidden or deleted, or whose author was suspended, before or during
// its fan-out reaches nobody more; a fan who unfollowed before their batch gets nothing.
func TestFanOutStopsForListsNoLongerPublic(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		const n = 10
		author := actor(t, st, "author", "192.0.2.1")
		followed(t, st, author.User.ID, n)
		w := follows.NewFanOut(st, newHub(t), slog.New(slog.NewTextHandler(io.Discard, nil)))
		w.Batch = 4
		runAll := func() {
			t.Helper()
			for {
				worked, err := w.RunOnce(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if !worked {
					return
				}
			}
		}
		now := time.Now()
		save := func(name string, i int) *model.List {
			t.Helper()
			at := now.Add(time.Duration(i) * time.Second)
			l, err := st.CreateList(ctx, author.User.ID, lists.IDs(at), publicList(name), at)
			if err != nil {
				t.Fatal(err)
			}
			return l
		}

		// Made private before the worker ran: nothing at all.
		private := save("Private", 1)
		c := publicList("Private")
		c.IsPublic = false
		if _, err := st.UpdateList(ctx, author.User.ID, private.ID, c, now); err != nil {
			t.Fatal(err)
		}
		runAll()
		if items, notes, _ := fanned(t, st, private); items != 0 || notes != 0 {
			t.Errorf("a list made private reached %d feeds, %d inboxes", items, notes)
		}

		// Made private after the first batch: the rest hear nothing.
		midway := save("Midway", 2)
		job, ok, err := st.ClaimFanOut(ctx, "w1", now, time.Minute)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		if _, done, err := st.FanOutBatch(ctx, job, "w1", 4, now, time.Minute); err != nil || done {
			t.Fatal(done, err)
		}
		c.Name = "Midway"
		if _, err := st.UpdateList(ctx, author.User.ID, midway.ID, c, now); err != nil {
			t.Fatal(err)
		}
		if told, done, err := st.FanOutBatch(ctx, job, "w1", 4, now, time.Minute); err != nil || !done || len(told) != 0 {
			t.Errorf("a batch after the list was made private: %v %v %v", told, done, err)
		}
		if items, notes, _ := fanned(t, st, midway); items != 4 || notes != optedIn(4) {
			t.Errorf("made private midway: %d feeds, %d notes", items, notes)
		}

		// Deleted before the worker ran: its job goes with it.
		gone := save("Gone", 3)
		if err := st.DeleteList(ctx, author.User.ID, gone.ID); err != nil {
			t.Fatal(err)
		}
		if jobs, _ := st.FanOutsPending(ctx); jobs != 0 {
			t.Errorf("a deleted list left %d jobs", jobs)
		}

		// An unfollow before its batch: that fan gets nothing; the others do.
		kept := save("Kept", 4)
		if _, err := st.Unfollow(ctx, followerID(n-1), author.User.ID); err != nil {
			t.Fatal(err)
		}
		if synced, err := st.SyncFeeds(ctx, now, 10); err != nil || synced != 1 {
			t.Fatalf("synced %d feeds (%v) after the unfollow", synced, err)
		}
		runAll()
		if items, notes, _ := fanned(t, st, kept); items != n-1 || notes != optedIn(n)-1 {
			t.Errorf("after an unfollow: %d feeds, %d notes", items, notes)
		}

		// The author suspended before the worker ran: nothing.
		late := save("Late", 5)
		if err := st.Suspend(ctx, author.User.ID, model.Suspension{Since: now, Reason: "spam"},
			&model.Action{ID: "s1", AdminName: "Mod", Action: store.ActionSuspend, CreatedAt: now}); err != nil {
			t.Fatal(err)
		}
		runAll()
		if items, notes, _ := fanned(t, st, late); items != 0 || notes != 0 {
			t.Errorf("a suspended author's list reached %d feeds, %d inboxes", items, notes)
		}
		if jobs, _ := st.FanOutsPending(ctx); jobs != 0 {
			t.Errorf("%d jobs left", jobs)
		}
	})
}
