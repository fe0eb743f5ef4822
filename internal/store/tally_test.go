package store_test

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// upvoteNote is the note a catch-up hands the author of a list its newest voter voted on,
// as notify.ForListUpvote makes it (the domain's rule; the store only writes it).
func upvoteNote(v model.VotedList) *model.Notification {
	return &model.Notification{ID: model.NewID(), UserID: v.List.UserID, Type: "list_like", ActorID: v.VoterID,
		CreatedByName: v.VoterName, Content: v.List.Name, IsNew: true, ListUserID: v.List.UserID, ListID: v.List.ID,
		DedupeKey: "list_like:" + v.List.UserID + "/" + v.List.ID, CreatedAt: time.Now()}
}

func noNotes(model.VotedList) *model.Notification { return nil }

// catchUp runs the tally until no list is pending and returns whom it notified.
func catchUp(t testing.TB, s *store.Store) []string {
	t.Helper()
	var notified []string
	for {
		n, told, err := s.FoldVotes(context.Background(), store.TallyBatch, upvoteNote)
		if err != nil {
			t.Fatal(err)
		}
		notified = append(notified, told...)
		if n == 0 {
			return notified
		}
	}
}

func upvote(t testing.TB, s *store.Store, ownerID, listID string, voter *model.User, announce bool) {
	t.Helper()
	if _, err := s.AddUpvote(context.Background(), ownerID, listID, voter.ID, time.Now(), announce); err != nil {
		t.Fatal(err)
	}
}

func withdraw(t testing.TB, s *store.Store, ownerID, listID string, voter *model.User) {
	t.Helper()
	if _, err := s.RemoveUpvote(context.Background(), ownerID, listID, voter.ID); err != nil {
		t.Fatal(err)
	}
}

// The browse order by votes follows a list's count once the tally catches it up, while
// the count itself is exact at once; verify waits for the catch-up too.
func TestBrowseByVotesFollowsTheTally(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := communityUser(t, s, "Owner")
		communityList(t, s, owner.ID, "list_1", "Heroes", true)
		communityList(t, s, owner.ID, "list_2", "Villains", true)
		voters := []*model.User{communityUser(t, s, "A"), communityUser(t, s, "B")}
		byVotes := func() []string {
			t.Helper()
			page, _, err := s.Browse(ctx, model.BrowseQuery{Sort: model.SortMostVotes, Page: 1, PageSize: 1})
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.BrowsePage(ctx, model.BrowseQuery{Sort: model.SortMostVotes, Page: 1, PageSize: 1})
			if err != nil || r.NextCursor == "" {
				t.Fatalf("first page %+v, %v", r, err)
			}
			next, err := s.BrowsePage(ctx, model.BrowseQuery{Sort: model.SortMostVotes, Cursor: r.NextCursor, PageSize: 1})
			if err != nil {
				t.Fatal(err)
			}
			return append(names(page), names(next.Lists)...)
		}
		upvote(t, s, owner.ID, "list_1", voters[0], true)
		catchUp(t, s)
		if got := byVotes(); !reflect.DeepEqual(got, []string{"Heroes", "Villains"}) {
			t.Fatalf("by votes %v", got)
		}
		upvote(t, s, owner.ID, "list_2", voters[0], true)
		upvote(t, s, owner.ID, "list_2", voters[1], true)
		if pending, err := s.VotesPending(ctx, 10); err != nil || pending != 1 {
			t.Fatalf("pending %d, %v", pending, err)
		}
		if diffs, err := s.VerifyAggregate(ctx, store.AggCounts); err != nil || len(diffs) != 0 {
			t.Fatalf("a pending list's order is not a difference: %v %v", diffs, err)
		}
		page, _, err := s.Browse(ctx, model.BrowseQuery{Sort: model.SortMostVotes, Page: 1, PageSize: 2})
		if err != nil || len(page) != 2 || page[1].Name != "Villains" || page[1].UpvoteCount != 2 {
			t.Fatalf("before the catch-up, the count is exact and the order waits: %+v, %v", page, err)
		}
		if n := len(catchUp(t, s)); n != 1 {
			t.Fatalf("catch-up notified %d", n)
		}
		if got := byVotes(); !reflect.DeepEqual(got, []string{"Villains", "Heroes"}) {
			t.Fatalf("by votes after the catch-up %v", got)
		}
		// A repair brings an order that went wrong back to its count.
		execOK(t, s.DB(), `UPDATE lists SET vote_rank = 9 WHERE id = 'list_1'`)
		if diffs, err := s.VerifyAggregate(ctx, store.AggCounts); err != nil || len(diffs) != 1 {
			t.Fatalf("a wrong order: %v %v", diffs, err)
		}
		if err := s.RepairAggregate(ctx, store.AggCounts); err != nil {
			t.Fatal(err)
		}
		if got := byVotes(); !reflect.DeepEqual(got, []string{"Villains", "Heroes"}) {
			t.Fatalf("by votes after the repair %v", got)
		}
	})
}

// An author hears of a list's votes in one notification naming its newest voter: brought
// back as new by another voter, never by the same one voting again, never of their own
// vote, of a voter they blocked or of one who took the vote back before the catch-up.
func TestOneUpvoteNotificationAList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := communityUser(t, s, "Owner")
		ann, ben, cat := communityUser(t, s, "Ann"), communityUser(t, s, "Ben"), communityUser(t, s, "Cat")
		communityList(t, s, owner.ID, "list_1", "Heroes", true)
		inbox := func() []model.Notification {
			t.Helper()
			notes, _, err := s.RecentNotifications(ctx, owner.ID, 10)
			if err != nil {
				t.Fatal(err)
			}
			return notes
		}
		readAll := func() {
			t.Helper()
			if err := s.MarkAllNotificationsRead(ctx, owner.ID); err != nil {
				t.Fatal(err)
			}
		}

		upvote(t, s, owner.ID, "list_1", ann, true)
		upvote(t, s, owner.ID, "list_1", ben, true)
		if told := catchUp(t, s); !reflect.DeepEqual(told, []string{owner.ID}) {
			t.Fatalf("notified %v", told)
		}
		notes := inbox()
		if len(notes) != 1 || notes[0].CreatedByName != "Ben" || notes[0].Content != "Heroes" || !notes[0].IsNew || notes[0].Type != "list_like" {
			t.Fatalf("after two votes %+v", notes)
		}
		id := notes[0].ID
		readAll()

		// Ben again, after taking it back: nothing new.
		withdraw(t, s, owner.ID, "list_1", ben)
		upvote(t, s, owner.ID, "list_1", ben, true)
		if told := catchUp(t, s); len(told) != 0 {
			t.Fatalf("the same voter again notified %v", told)
		}
		if notes = inbox(); len(notes) != 1 || notes[0].IsNew {
			t.Fatalf("after the same voter again %+v", notes)
		}
		// Ann again: the one notification, new, naming her.
		withdraw(t, s, owner.ID, "list_1", ann)
		upvote(t, s, owner.ID, "list_1", ann, true)
		catchUp(t, s)
		if notes = inbox(); len(notes) != 1 || notes[0].ID != id || notes[0].CreatedByName != "Ann" || !notes[0].IsNew {
			t.Fatalf("after another voter %+v", notes)
		}
		readAll()

		// The owner's own vote, a vote taken back before the catch-up, a blocked voter: none heard of.
		upvote(t, s, owner.ID, "list_1", owner, false)
		withdraw(t, s, owner.ID, "list_1", ben)
		upvote(t, s, owner.ID, "list_1", ben, true)
		withdraw(t, s, owner.ID, "list_1", ben)
		if err := s.Block(ctx, owner.ID, cat.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		upvote(t, s, owner.ID, "list_1", cat, true)
		if told := catchUp(t, s); len(told) != 0 {
			t.Fatalf("notified %v", told)
		}
		if notes = inbox(); len(notes) != 1 || notes[0].IsNew || notes[0].CreatedByName != "Ann" {
			t.Fatalf("after votes no one hears of %+v", notes)
		}
		var count int
		if err := s.DB().QueryRowContext(ctx, `SELECT upvote_count FROM lists WHERE id = 'list_1'`).Scan(&count); err != nil || count != 3 {
			t.Fatalf("upvotes %d, %v", count, err)
		}
	})
}

// Catch-ups running beside votes and beside each other (on PostgreSQL, two nodes'
// tallies) lose no vote, count none twice and never deadlock with a vote.
func TestTalliesBesideVotesCountExactly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := communityUser(t, s, "Owner")
		lists := []string{"list_1", "list_2", "list_3"}
		for _, id := range lists {
			communityList(t, s, owner.ID, id, "List "+id, true)
		}
		voters := make([]*model.User, 10)
		for i := range voters {
			voters[i] = communityUser(t, s, fmt.Sprintf("Voter %d", i))
		}
		if err := s.KeepWeek(ctx, time.Now().UnixMilli()/86400000); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		stop := make(chan struct{})
		for range 2 {
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					if _, _, err := s.FoldVotes(ctx, 2, upvoteNote); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		var votes sync.WaitGroup
		for i, v := range voters {
			// Each voter comes back to the lists again and again, so votes and catch-ups meet
			// on the same rows (a vote locks its list's row, then its pending one).
			votes.Go(func() {
				for round := range 12 {
					id := lists[(i+round)%len(lists)]
					if _, err := s.AddUpvote(ctx, owner.ID, id, v.ID, time.Now(), true); err != nil {
						errs <- err
					}
					if i%2 == 0 {
						if _, err := s.RemoveUpvote(ctx, owner.ID, id, v.ID); err != nil {
							errs <- err
						}
					}
				}
			})
		}
		votes.Wait()
		close(stop)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		catchUp(t, s)
		for _, a := range []store.Aggregate{store.AggCounts, store.AggWeekly} {
			if diffs, err := s.VerifyAggregate(ctx, a); err != nil || len(diffs) != 0 {
				t.Fatalf("%v: %v %v", a, diffs, err)
			}
		}
		var weekTotal int
		if err := s.DB().QueryRowContext(ctx, `SELECT COALESCE(SUM(n), 0) FROM list_upvotes_week WHERE end_day = $1`,
			time.Now().UnixMilli()/86400000).Scan(&weekTotal); err != nil || weekTotal != 15 {
			t.Fatalf("this week's upvotes %d, want 15 (%v)", weekTotal, err)
		}
		notes, _, err := s.RecentNotifications(ctx, owner.ID, 10)
		if err != nil || len(notes) == 0 {
			t.Fatalf("notifications %+v, %v", notes, err)
		}
		seen := map[string]bool{}
		for _, n := range notes {
			if seen[n.ListID] {
				t.Fatalf("two notifications of %s: %+v", n.ListID, notes)
			}
			seen[n.ListID] = true
		}
	})
}
