package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Many fans toggling the same marks at once (each fan's requests racing each other too, as
// a double click does): upvotes and withdrawals of one list, favorites, follows both ways
// between the same fans, and votes on one comment, with the tally catching up beside
// them. Every count kept in step ends as its rows say (castaway verify finds nothing).
func TestConcurrentMarkTogglesEndExact(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := communityUser(t, s, "Owner")
		communityList(t, s, owner.ID, "list_1", "Heroes", true)
		c := addComment(t, s, owner, owner.ID, "list_1", "", "First!", time.Now())
		if err := s.KeepWeek(ctx, time.Now().UnixMilli()/86400000); err != nil {
			t.Fatal(err)
		}
		const fans, rounds = 12, 6
		users := make([]*model.User, fans)
		for i := range users {
			users[i] = communityUser(t, s, fmt.Sprintf("Fan %d", i))
		}
		errs := make(chan error, fans*rounds*16)
		stop := make(chan struct{})
		var tally sync.WaitGroup
		tally.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, _, err := s.FoldVotes(ctx, store.TallyBatch, upvoteNote); err != nil {
					errs <- err
					return
				}
			}
		})
		var wg sync.WaitGroup
		for i, u := range users {
			other := users[(i+1)%fans] // fan i follows fan i+1 while fan i+1 follows fan i+2...
			back := users[(i+fans-1)%fans]
			for g := range 2 { // two racing requests of each fan
				wg.Go(func() {
					for r := range rounds {
						on := (r+g)%2 == 0
						record := func(err error) {
							if err != nil {
								errs <- err
							}
						}
						if on {
							_, err := s.AddUpvote(ctx, owner.ID, "list_1", u.ID, time.Now(), true)
							record(err)
							record(s.AddFavorite(ctx, u.ID, owner.ID, "list_1", time.Now()))
							_, _, err = s.Follow(ctx, u.ID, other.ID, time.Now(), nil)
							record(err)
							_, _, err = s.Follow(ctx, u.ID, back.ID, time.Now(), nil)
							record(err)
						} else {
							_, err := s.RemoveUpvote(ctx, owner.ID, "list_1", u.ID)
							record(err)
							record(s.RemoveFavorite(ctx, u.ID, owner.ID, "list_1"))
							_, err = s.Unfollow(ctx, u.ID, other.ID)
							record(err)
						}
						_, err := s.SetCommentVote(ctx, c.ID, u.ID, []int{1, 0, -1}[(r+g+i)%3], nil)
						record(err)
					}
				})
			}
		}
		wg.Wait()
		close(stop)
		tally.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		catchUp(t, s)
		// The bare list row has no browse counts, search entry or sitemap number of its own:
		// the aggregates the marks keep are checked.
		for _, a := range []store.Aggregate{store.AggCounts, store.AggWeekly, store.AggFollows} {
			if diffs, err := s.VerifyAggregate(ctx, a); err != nil || len(diffs) != 0 {
				t.Fatalf("after the toggles, %v: %v %v", a, diffs, err)
			}
		}
		rows, counter := upvoteRows(t, s, owner.ID, "list_1")
		var daily int
		if err := s.DB().QueryRowContext(ctx, `SELECT COALESCE(SUM(n), 0) FROM list_upvotes_daily WHERE list_user_id = $1 AND list_id = $2`,
			owner.ID, "list_1").Scan(&daily); err != nil {
			t.Fatal(err)
		}
		if counter != rows || daily != rows {
			t.Fatalf("%d upvotes, counted %d on the list and %d on its days", rows, counter, daily)
		}
	})
}
