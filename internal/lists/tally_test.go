package lists

import (
	"context"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// startTally runs a tally over st until the test ends (or stop is called), woken by s's
// votes (none when s is nil).
func startTally(t *testing.T, s *Service, st *store.Store) (stop func()) {
	t.Helper()
	log, hub := testHub(t)
	tally := NewTally(st, hub, log)
	if s != nil {
		s.OnVoted(tally.Wake)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tally.Start(ctx)
	stop = func() { cancel(); tally.Wait() }
	t.Cleanup(stop)
	return stop
}

// awaitCaughtUp waits until no list is left for a tally to catch up.
func awaitCaughtUp(t *testing.T, st *store.Store) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		n, err := st.VotesPending(context.Background(), 10)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d lists still pending", n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A vote wakes the tally, which tells the author; a tally that stopped leaves its lists
// to the next one, which finds them without a vote to wake it.
func TestTheTallyFollowsTheVotes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		s, as := newService(t, st, "ann", "ben", "cat")
		ann, ben, cat := as[0], as[1], as[2]
		l, err := s.Create(ctx, ann, Input{Name: "Mine", Items: contestants("cirie-fields")})
		if err != nil {
			t.Fatal(err)
		}
		stop := startTally(t, s, st)
		if _, err := s.Upvote(ctx, ben, l.UserID, l.ID); err != nil {
			t.Fatal(err)
		}
		awaitCaughtUp(t, st)
		notes, unread, err := st.RecentNotifications(ctx, ann.UserID(), 10)
		if err != nil || unread != 1 || len(notes) != 1 || notes[0].CreatedByName != "ben" {
			t.Fatalf("after ben's vote: %+v, %d unread, %v", notes, unread, err)
		}

		stop()
		if _, err := s.Upvote(ctx, cat, l.UserID, l.ID); err != nil {
			t.Fatal(err)
		}
		if n, err := st.VotesPending(ctx, 10); err != nil || n != 1 {
			t.Fatalf("pending with no tally: %d, %v", n, err)
		}
		startTally(t, nil, st) // woken by no vote: its first look finds the list
		awaitCaughtUp(t, st)
		if notes, _, err = st.RecentNotifications(ctx, ann.UserID(), 10); err != nil || len(notes) != 1 || notes[0].CreatedByName != "cat" {
			t.Fatalf("after cat's vote: %+v, %v", notes, err)
		}
		page, _, err := st.Browse(ctx, model.BrowseQuery{Sort: model.SortMostVotes, Page: 1, PageSize: 12})
		if err != nil || len(page) != 1 || page[0].VoteRank != 2 || page[0].UpvoteCount != 2 {
			t.Fatalf("browse by votes: %+v, %v", page, err)
		}
	})
}
