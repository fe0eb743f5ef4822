package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func follow(t *testing.T, s *store.Store, follower, followed string) {
	t.Helper()
	if _, _, err := s.Follow(context.Background(), follower, followed, time.Now(), nil); err != nil {
		t.Fatalf("%s follows %s: %v", follower, followed, err)
	}
	syncFeeds(t, s)
}

// syncFeeds does every queued feed sync, as the fan-out worker does off the request.
func syncFeeds(t *testing.T, s *store.Store) {
	t.Helper()
	for {
		n, err := s.SyncFeeds(context.Background(), time.Now(), 2)
		if err != nil {
			t.Fatal(err)
		}
		if n < 2 {
			return
		}
	}
}

// counts reads a user's follower and following counts.
func counts(t *testing.T, s *store.Store, id string) [2]int {
	t.Helper()
	a, b, err := s.FollowCounts(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return [2]int{a, b}
}

func consistent(t *testing.T, s *store.Store) {
	t.Helper()
	if diffs, err := s.VerifyAggregates(context.Background()); err != nil || len(diffs) != 0 {
		t.Fatalf("verify: %v %v", diffs, err)
	}
}

// fanOutAll does every pending fan-out as the worker would, and returns who was notified.
func fanOutAll(t *testing.T, s *store.Store) []string {
	t.Helper()
	ctx := context.Background()
	var notified []string
	for {
		job, ok, err := s.ClaimFanOut(ctx, "test", time.Now(), time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return notified
		}
		for done := false; !done; {
			var told []string
			if told, done, err = s.FanOutBatch(ctx, job, "test", 2, time.Now(), time.Minute); err != nil {
				t.Fatal(err)
			}
			notified = append(notified, told...)
		}
	}
}

func feedNames(t *testing.T, s *store.Store, reader string) []string {
	t.Helper()
	page, _, err := s.Feed(context.Background(), reader, "", 50)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range page {
		names = append(names, l.Name)
	}
	return names
}

// Follows count on both accounts in step, following twice or unfollowing twice changes
// nothing, a missing or suspended account cannot be followed, and blocking either way
// refuses a follow; every count is as the verify recount finds it.
func TestFollowCounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben, cat := listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Cat")
		follow(t, s, ann.ID, ben.ID)
		follow(t, s, ann.ID, ben.ID)
		follow(t, s, cat.ID, ben.ID)
		follow(t, s, ben.ID, ann.ID)
		if c := counts(t, s, ben.ID); c != [2]int{2, 1} {
			t.Errorf("ben followers/following %v", c)
		}
		if c := counts(t, s, ann.ID); c != [2]int{1, 1} {
			t.Errorf("ann %v", c)
		}
		consistent(t, s)
		if ended, err := s.Unfollow(ctx, cat.ID, ben.ID); err != nil || !ended {
			t.Fatalf("unfollow: %v, ended %v", err, ended)
		}
		if ended, err := s.Unfollow(ctx, cat.ID, ben.ID); err != nil || ended {
			t.Fatalf("unfollow again: %v, ended %v, want nothing ended", err, ended)
		}
		if c := counts(t, s, ben.ID); c != [2]int{1, 1} {
			t.Errorf("ben after unfollow %v", c)
		}
		if _, _, err := s.Follow(ctx, ann.ID, "u-nobody", time.Now(), nil); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("follow a missing user: %v", err)
		}
		if err := s.Block(ctx, cat.ID, ann.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Follow(ctx, ann.ID, cat.ID, time.Now(), nil); !errors.Is(err, store.ErrBlockedEither) {
			t.Errorf("follow a user who blocked you: %v", err)
		}
		if _, _, err := s.Follow(ctx, cat.ID, ann.ID, time.Now(), nil); !errors.Is(err, store.ErrBlockedEither) {
			t.Errorf("follow a user you blocked: %v", err)
		}
		suspend(t, s, cat.ID, time.Time{})
		if _, _, err := s.Follow(ctx, ben.ID, cat.ID, time.Now(), nil); !errors.Is(err, store.ErrUserSuspended) {
			t.Errorf("follow a suspended user: %v", err)
		}
		consistent(t, s)
	})
}

// An account follows at most MaxFollows others; the one past it is refused and not kept.
func TestFollowLimit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann := listUser(t, s, "Ann")
		for i := range model.MaxFollows + 1 {
			if _, err := s.DB().ExecContext(ctx, `INSERT INTO users (id, display_name, name_key, created_at) VALUES ($1, $2, $2, 0)`,
				fmt.Sprintf("u-%04d", i), fmt.Sprintf("fan%04d", i)); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.DB().ExecContext(ctx, `INSERT INTO follows (follower_id, followed_id, created_at)
			SELECT $1, id, 0 FROM users WHERE id <> $1 AND id <> 'u-2000'`, ann.ID); err != nil {
			t.Fatal(err)
		}
		if err := s.RebuildAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Follow(ctx, ann.ID, "u-2000", time.Now(), nil); !errors.Is(err, store.ErrTooManyFollows) {
			t.Fatalf("follow past the limit: %v", err)
		}
		if c := counts(t, s, ann.ID); c[1] != model.MaxFollows {
			t.Errorf("following %d", c[1])
		}
		if ok, _ := s.Follows(ctx, ann.ID, "u-2000"); ok {
			t.Error("the follow past the limit was kept")
		}
		if _, err := s.Unfollow(ctx, ann.ID, "u-0000"); err != nil {
			t.Fatal(err)
		}
		follow(t, s, ann.ID, "u-2000")
		consistent(t, s)
	})
}

// Fans following and unfollowing each other all at once, pairs both ways at the same
// moment, keep every count exact and never deadlock, and each new follow tells its fan once.
func TestFollowsAtOnceCountExactly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		fans := make([]*model.User, 8)
		for i := range fans {
			fans[i] = listUser(t, s, fmt.Sprintf("Fan %d", i))
		}
		now := time.Now()
		for _, f := range fans {
			if _, err := s.CreateList(ctx, f.ID, lists.IDs(now), listContent(f.DisplayName+"s Heroes", "Tom Westman"), now); err != nil {
				t.Fatal(err)
			}
		}
		// The feed syncs run all along, as the worker does.
		syncing, stopSyncing := context.WithCancel(ctx)
		synced := make(chan error, 1)
		go func() {
			for syncing.Err() == nil {
				if _, err := s.SyncFeeds(syncing, time.Now(), 3); err != nil && syncing.Err() == nil {
					synced <- err
					return
				}
			}
			synced <- nil
		}()
		var wg sync.WaitGroup
		errs := make(chan error, 1000)
		var mu sync.Mutex
		told := map[string]int{}
		for i, a := range fans {
			for j, b := range fans {
				if i == j {
					continue
				}
				wg.Go(func() {
					for round := range 3 {
						note := &model.Notification{ID: model.NewID(), UserID: b.ID, Type: "new_follower", ActorID: a.ID,
							CreatedByName: a.DisplayName, DedupeKey: "new_follower:" + a.ID + ":" + b.ID, CreatedAt: time.Now()}
						_, notified, err := s.Follow(ctx, a.ID, b.ID, time.Now(), note)
						if err != nil {
							errs <- err
							return
						}
						mu.Lock()
						for _, n := range notified {
							told[a.ID+">"+n]++
						}
						mu.Unlock()
						if (i+j+round)%2 == 0 {
							if _, err := s.Unfollow(ctx, a.ID, b.ID); err != nil {
								errs <- err
								return
							}
						}
					}
				})
			}
		}
		wg.Wait()
		stopSyncing()
		if err := <-synced; err != nil {
			t.Fatal(err)
		}
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		consistent(t, s)
		// Every feed matches the follows it ended with: the followed fan's list, or none.
		syncFeeds(t, s)
		for _, a := range fans {
			for _, b := range fans {
				follows, err := s.Follows(ctx, a.ID, b.ID)
				if err != nil {
					t.Fatal(err)
				}
				want := 0
				if follows {
					want = 1
				}
				if got := count(t, s, `SELECT count(*) FROM feed_items WHERE reader_id = $1 AND list_user_id = $2`, a.ID, b.ID); got != want {
					t.Errorf("%s's feed holds %d of %s's lists; want %d", a.DisplayName, got, b.DisplayName, want)
				}
			}
		}
		for i, a := range fans {
			for j, b := range fans {
				if i == j {
					continue
				}
				if told[a.ID+">"+b.ID] != 1 {
					t.Errorf("%s told of %s's follow %d times, want once", b.DisplayName, a.DisplayName, told[a.ID+">"+b.ID])
				}
			}
		}
	})
}

// A follow fills the feed and an unfollow empties it off the request: each queues its
// pair once however often it changes, the feed shows no list of a fan no longer followed
// before the sync, and the sync makes it match the follow as it stands then.
func TestFollowsSyncFeedsLater(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		now := time.Now()
		if _, err := s.CreateList(ctx, ben.ID, lists.IDs(now), listContent("Bens Heroes", "Tom Westman"), now); err != nil {
			t.Fatal(err)
		}
		rows := func() int {
			return count(t, s, `SELECT count(*) FROM feed_items WHERE reader_id = $1 AND list_user_id = $2`, ann.ID, ben.ID)
		}
		pending := func(want int) {
			t.Helper()
			if n, err := s.FanOutsPending(ctx); err != nil || n != want {
				t.Errorf("%d pending (%v); want %d", n, err, want)
			}
		}
		if _, _, err := s.Follow(ctx, ann.ID, ben.ID, now, nil); err != nil {
			t.Fatal(err)
		}
		if got := feedNames(t, s, ann.ID); len(got) != 0 {
			t.Errorf("ann's feed before the sync %v", got)
		}
		pending(1)
		// A sync cut short (its worker stopping) leaves the pair queued.
		cut, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.SyncFeeds(cut, now, 10); err == nil {
			t.Error("a cancelled sync said it synced")
		}
		pending(1)
		if n, err := s.SyncFeeds(ctx, now, 10); err != nil || n != 1 {
			t.Fatalf("synced %d (%v)", n, err)
		}
		if got := feedNames(t, s, ann.ID); !slices.Equal(got, []string{"Bens Heroes"}) {
			t.Errorf("ann's feed after the sync %v", got)
		}
		pending(0)

		if _, err := s.Unfollow(ctx, ann.ID, ben.ID); err != nil {
			t.Fatal(err)
		}
		if got := feedNames(t, s, ann.ID); len(got) != 0 {
			t.Errorf("ann's feed after unfollowing, before the sync %v", got)
		}
		if rows() != 1 {
			t.Errorf("the unfollow deleted the feed rows itself")
		}
		syncFeeds(t, s)
		if n := rows(); n != 0 {
			t.Errorf("%d feed rows after the unfollow's sync", n)
		}

		// Follow, unfollow, follow: one pair queued, synced to the follow that stands.
		for _, step := range []func() error{
			func() error { _, _, err := s.Follow(ctx, ann.ID, ben.ID, now, nil); return err },
			func() error { _, err := s.Unfollow(ctx, ann.ID, ben.ID); return err },
			func() error { _, _, err := s.Follow(ctx, ann.ID, ben.ID, now, nil); return err },
		} {
			if err := step(); err != nil {
				t.Fatal(err)
			}
		}
		pending(1)
		syncFeeds(t, s)
		if n := rows(); n != 1 {
			t.Errorf("%d feed rows after following again", n)
		}
		// Unfollowed again before the sync: it fills nothing.
		if _, err := s.Unfollow(ctx, ann.ID, ben.ID); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Follow(ctx, ann.ID, ben.ID, now, nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Unfollow(ctx, ann.ID, ben.ID); err != nil {
			t.Fatal(err)
		}
		syncFeeds(t, s)
		if n := rows(); n != 0 {
			t.Errorf("%d feed rows after the last unfollow", n)
		}
		pending(0)
	})
}

// A block ends the follows both ways with their feed rows; suspending an account takes
// its follows out of everyone else's counts and lifting it puts them back; deleting one
// takes them out for good, suspended or not.
func TestFollowsEndWithBlocksSuspensionsAndDeletion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben, cat, dan := listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Cat"), listUser(t, s, "Dan")
		// Recent: a follow fills the feed with lists of the last FeedRetention only.
		now := time.Now()
		if _, err := s.CreateList(ctx, ben.ID, lists.IDs(now), listContent("Bens Heroes", "Tom Westman"), now); err != nil {
			t.Fatal(err)
		}
		follow(t, s, ann.ID, ben.ID)
		follow(t, s, ben.ID, ann.ID)
		follow(t, s, cat.ID, ben.ID)
		follow(t, s, ben.ID, cat.ID)
		follow(t, s, dan.ID, ben.ID)
		if got := feedNames(t, s, ann.ID); !slices.Equal(got, []string{"Bens Heroes"}) {
			t.Fatalf("ann's feed %v", got)
		}
		if err := s.Block(ctx, ben.ID, ann.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if ok, _ := s.Follows(ctx, ann.ID, ben.ID); ok {
			t.Error("the blocked fan still follows")
		}
		if ok, _ := s.Follows(ctx, ben.ID, ann.ID); ok {
			t.Error("the blocker still follows")
		}
		if got := feedNames(t, s, ann.ID); len(got) != 0 {
			t.Errorf("ann's feed after the block %v", got)
		}
		if c := counts(t, s, ann.ID); c != [2]int{0, 0} {
			t.Errorf("ann after the block %v", c)
		}
		if c := counts(t, s, ben.ID); c != [2]int{2, 1} {
			t.Errorf("ben after the block %v", c)
		}
		consistent(t, s)

		suspend(t, s, ben.ID, time.Time{})
		if c := counts(t, s, cat.ID); c != [2]int{0, 0} {
			t.Errorf("cat while ben is suspended %v", c)
		}
		if c := counts(t, s, dan.ID); c != [2]int{0, 0} {
			t.Errorf("dan while ben is suspended %v", c)
		}
		if got := feedNames(t, s, cat.ID); len(got) != 0 {
			t.Errorf("a suspended fan's list in a feed: %v", got)
		}
		consistent(t, s)
		if err := s.Unsuspend(ctx, ben.ID, time.Time{}, &model.Action{ID: "u1", AdminName: "Mod", Action: store.ActionUnsuspend, CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		if c := counts(t, s, cat.ID); c != [2]int{1, 1} {
			t.Errorf("cat after ben is back %v", c)
		}
		if got := feedNames(t, s, cat.ID); !slices.Equal(got, []string{"Bens Heroes"}) {
			t.Errorf("cat's feed after ben is back %v", got)
		}
		consistent(t, s)

		if err := s.DeleteAccount(ctx, ben.ID); err != nil {
			t.Fatal(err)
		}
		for _, u := range []string{cat.ID, dan.ID} {
			if c := counts(t, s, u); c != [2]int{0, 0} {
				t.Errorf("%s after ben is deleted %v", u, c)
			}
		}
		consistent(t, s)

		// A suspended account deleted: its follows left the counts already.
		follow(t, s, cat.ID, dan.ID)
		follow(t, s, dan.ID, cat.ID)
		suspend(t, s, dan.ID, time.Time{})
		if err := s.DeleteAccount(ctx, dan.ID); err != nil {
			t.Fatal(err)
		}
		if c := counts(t, s, cat.ID); c != [2]int{0, 0} {
			t.Errorf("cat after suspended dan is deleted %v", c)
		}
		consistent(t, s)
	})
}

// The verify recount finds a follow count out of step and the rebuild repairs it.
func TestVerifyRepairsFollowCounts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		follow(t, s, ann.ID, ben.ID)
		execOK(t, s.DB(), `UPDATE users SET follower_count = 7, following_count = 3 WHERE id = $1`, ben.ID)
		diffs, err := s.VerifyAggregates(ctx)
		if err != nil || len(diffs) != 2 {
			t.Fatalf("verify found %v %v", diffs, err)
		}
		if err := s.RebuildAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		consistent(t, s)
		if c := counts(t, s, ben.ID); c != [2]int{1, 0} {
			t.Errorf("ben repaired %v", c)
		}
	})
}

// The feed holds the public lists and remixes of the fans a reader follows, newest first,
// paged by cursor without repeats: never a private list, one a moderator hid, one the
// reader reported, nor anything of a fan they unfollowed. A list made public later joins
// it; publishing notifies the followers who kept the setting on, once.
func TestFeed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben, cat, mod := listUser(t, s, "Ann"), listUser(t, s, "Ben"), listUser(t, s, "Cat"), listUser(t, s, "Mod")
		follow(t, s, ann.ID, ben.ID)
		follow(t, s, ann.ID, cat.ID)
		follow(t, s, cat.ID, ben.ID)
		if err := s.SetNotifyFollowedLists(ctx, cat.ID, false); err != nil {
			t.Fatal(err)
		}
		t0 := time.Now().Add(-time.Hour)
		at := func(i int) time.Time { return t0.Add(time.Duration(i) * time.Minute) }
		create := func(owner *model.User, name string, i int, public bool) *model.List {
			t.Helper()
			c := listContent(name, "Tom Westman")
			c.IsPublic = public
			l, err := s.CreateList(ctx, owner.ID, lists.IDs(at(i)), c, at(i))
			if err != nil {
				t.Fatal(err)
			}
			notified := fanOutAll(t, s)
			// ann follows ben and cat; cat follows ben but turned the notes off.
			if want := public && owner.ID != ann.ID; want != slices.Contains(notified, ann.ID) || slices.Contains(notified, cat.ID) {
				t.Errorf("%s notified %v", name, notified)
			}
			return l
		}
		for i := range 7 {
			create(ben, fmt.Sprintf("Ben %d", i), i, true)
		}
		create(cat, "Cat 7", 7, true)
		secret := create(ben, "Ben secret", 8, false)
		hidden := create(ben, "Ben hidden", 9, true)
		reported := create(cat, "Cat reported", 10, true)
		create(ann, "Anns own", 11, true)
		report(t, s, mod.ID, store.KindList, store.ListKey(ben.ID, hidden.ID), "spam", "")
		moderate(t, s, mod, store.ActionHide, store.KindList, store.ListKey(ben.ID, hidden.ID))
		report(t, s, ann.ID, store.KindList, store.ListKey(cat.ID, reported.ID), "spam", "")

		var got []string
		cursor := ""
		for {
			page, next, err := s.Feed(ctx, ann.ID, cursor, 3)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range page {
				got = append(got, l.Name)
			}
			if next == "" {
				break
			}
			cursor = next
		}
		want := []string{"Cat 7", "Ben 6", "Ben 5", "Ben 4", "Ben 3", "Ben 2", "Ben 1", "Ben 0"}
		if !slices.Equal(got, want) {
			t.Fatalf("ann's feed %v, want %v", got, want)
		}
		if _, _, err := s.Feed(ctx, ann.ID, "garbage", 3); !errors.Is(err, store.ErrBadCursor) {
			t.Errorf("bad cursor: %v", err)
		}

		// Made public later: it joins the feed at its own time and notifies once.
		c := listContent("Ben secret", "Tom Westman")
		if _, err := s.UpdateList(ctx, ben.ID, secret.ID, c, at(20)); err != nil {
			t.Fatal(err)
		}
		if notified := fanOutAll(t, s); !slices.Contains(notified, ann.ID) {
			t.Fatalf("made public: %v", notified)
		}
		if got := feedNames(t, s, ann.ID); got[0] != "Ben secret" {
			t.Errorf("after publishing: %v", got)
		}
		c.IsPublic = false
		if _, err := s.UpdateList(ctx, ben.ID, secret.ID, c, at(21)); err != nil {
			t.Fatal(err)
		}
		c.IsPublic = true
		if _, err := s.UpdateList(ctx, ben.ID, secret.ID, c, at(22)); err != nil {
			t.Fatal(err)
		}
		if notified := fanOutAll(t, s); len(notified) != 0 {
			t.Errorf("published again: %v", notified)
		}
		notes, _, err := s.RecentNotifications(ctx, ann.ID, 50)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, note := range notes {
			if note.Type == model.NoteFollowedList {
				n++
			}
		}
		if n != 10 { // Ben 0-6, Ben secret, Cat 7 and Cat reported (the hidden one leaves the inbox)
			t.Errorf("%d followed_list notes", n)
		}

		if _, err := s.Unfollow(ctx, ann.ID, ben.ID); err != nil {
			t.Fatal(err)
		}
		if got := feedNames(t, s, ann.ID); !slices.Equal(got, []string{"Cat 7"}) {
			t.Errorf("after unfollowing ben: %v", got)
		}
		// Following again brings back ben's newest public lists.
		follow(t, s, ann.ID, ben.ID)
		if got := feedNames(t, s, ann.ID); len(got) != 9 {
			t.Errorf("after following ben again: %v", got)
		}
	})
}

// Following pages the accounts a fan follows, newest first, leaving suspended ones out.
func TestFollowingPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann := listUser(t, s, "Ann")
		var ids []string
		for i := range 5 {
			u := listUser(t, s, fmt.Sprintf("Fan%d", i))
			ids = append(ids, u.ID)
			if _, _, err := s.Follow(ctx, ann.ID, u.ID, listT0.Add(time.Duration(i)*time.Minute), nil); err != nil {
				t.Fatal(err)
			}
		}
		suspend(t, s, ids[2], time.Time{})
		var got []string
		cursor := ""
		for {
			page, next, err := s.Following(ctx, ann.ID, cursor, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range page {
				got = append(got, f.DisplayName)
			}
			if next == "" {
				break
			}
			cursor = next
		}
		if want := []string{"Fan4", "Fan3", "Fan1", "Fan0"}; !slices.Equal(got, want) {
			t.Errorf("following %v, want %v", got, want)
		}
	})
}

// A page reads a bounded number of the reader's feed rows: past many of lists no longer
// public it comes back short, with a cursor that carries on after the rows it read, and
// the reader's cursor still reaches every list left.
func TestFeedPageIsBounded(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, ben := listUser(t, s, "Ann"), listUser(t, s, "Ben")
		follow(t, s, ann.ID, ben.ID)
		t0 := time.Now().Add(-time.Hour)
		for i := range 120 {
			name := fmt.Sprintf("Gone %d", i)
			if i == 0 {
				name = "Kept"
			}
			at := t0.Add(time.Duration(i) * time.Second)
			if _, err := s.CreateList(ctx, ben.ID, lists.IDs(at), listContent(name, "Tom Westman"), at); err != nil {
				t.Fatal(err)
			}
		}
		fanOutAll(t, s)
		// Made private behind the store's back: the feed rows stay, as after a rush of edits.
		execOK(t, s.DB(), `UPDATE lists SET is_public = FALSE WHERE user_id = $1 AND name <> 'Kept'`, ben.ID)
		page, next, err := s.Feed(ctx, ann.ID, "", 20)
		if err != nil || len(page) != 0 || next == "" {
			t.Fatalf("first page %d lists, next %q, %v", len(page), next, err)
		}
		var got []string
		for pages := 1; next != ""; pages++ {
			if pages > 3 {
				t.Fatal("the cursor never reached the end")
			}
			if page, next, err = s.Feed(ctx, ann.ID, next, 20); err != nil {
				t.Fatal(err)
			}
			for _, l := range page {
				got = append(got, l.Name)
			}
		}
		if !slices.Equal(got, []string{"Kept"}) {
			t.Errorf("later pages %v", got)
		}
	})
}

// count reads one count.
func count(t *testing.T, s *store.Store, query string, args ...any) int {
	t.Helper()
	var n int
	if err := s.DB().QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
