package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// communityUser makes a user named name.
func communityUser(t *testing.T, s *store.Store, name string) *model.User {
	t.Helper()
	u := &model.User{ID: model.NewID(), DisplayName: name, CreatedAt: time.Now()}
	if err := s.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

// communityList makes a bare list row, as the community features see lists.
func communityList(t *testing.T, s *store.Store, ownerID, id, name string, public bool) {
	t.Helper()
	_, err := s.DB().ExecContext(context.Background(), `INSERT INTO lists (user_id, id, name, is_public, chosen_public, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $4, 1, 1)`, ownerID, id, name, public)
	if err != nil {
		t.Fatal(err)
	}
}

func upvoteRows(t *testing.T, s *store.Store, ownerID, listID string) (rows, counter int) {
	t.Helper()
	db := s.DB()
	if err := db.QueryRow(`SELECT COUNT(*) FROM list_upvotes WHERE list_user_id = $1 AND list_id = $2`, ownerID, listID).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT upvote_count FROM lists WHERE user_id = $1 AND id = $2`, ownerID, listID).Scan(&counter); err != nil {
		t.Fatal(err)
	}
	return rows, counter
}

func TestListVisibility(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := communityUser(t, s, "Owner")
		communityList(t, s, owner.ID, "list_1", "Secret", false)
		l, err := s.ListVisibilityOf(ctx, owner.ID, "list_1")
		if err != nil || l.Name != "Secret" || l.IsPublic {
			t.Fatalf("list %+v, %v", l, err)
		}
		if _, err := s.ListVisibilityOf(ctx, owner.ID, "list_2"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing list: %v", err)
		}
	})
}

func TestUpvotesAreIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, fan := communityUser(t, s, "Owner"), communityUser(t, s, "Fan")
		communityList(t, s, owner.ID, "list_1", "Heroes", true)

		r, err := s.AddUpvote(ctx, owner.ID, "list_1", fan.ID, time.Now(), true)
		if err != nil || r.UpvoteCount != 1 || !r.Upvoted {
			t.Fatalf("first upvote %+v, %v", r, err)
		}
		// A retry changes nothing.
		if r, err = s.AddUpvote(ctx, owner.ID, "list_1", fan.ID, time.Now(), true); err != nil || r.UpvoteCount != 1 || !r.Upvoted {
			t.Fatalf("repeated upvote %+v, %v", r, err)
		}
		if r, err = s.RemoveUpvote(ctx, owner.ID, "list_1", fan.ID); err != nil || r.UpvoteCount != 0 || r.Upvoted {
			t.Fatalf("remove %+v, %v", r, err)
		}
		if r, err = s.RemoveUpvote(ctx, owner.ID, "list_1", fan.ID); err != nil || r.UpvoteCount != 0 {
			t.Fatalf("repeated remove %+v, %v", r, err)
		}
		if r, err = s.AddUpvote(ctx, owner.ID, "list_1", fan.ID, time.Now(), true); err != nil || r.UpvoteCount != 1 {
			t.Fatalf("vote again %+v, %v", r, err)
		}
		// Two votes on the day, one taken back: the counts the answer and "this week" read stay exact.
		other := communityUser(t, s, "Other")
		if r, err = s.AddUpvote(ctx, owner.ID, "list_1", other.ID, time.Now(), true); err != nil || r.UpvoteCount != 2 {
			t.Fatalf("second fan %+v, %v", r, err)
		}
		if r, err = s.RemoveUpvote(ctx, owner.ID, "list_1", fan.ID); err != nil || r.UpvoteCount != 1 || r.Upvoted {
			t.Fatalf("remove one of two %+v, %v", r, err)
		}
		if r, err = s.RemoveUpvote(ctx, owner.ID, "list_1", other.ID); err != nil || r.UpvoteCount != 0 {
			t.Fatalf("remove the last %+v, %v", r, err)
		}
		var days int
		if err := s.DB().QueryRowContext(ctx, `SELECT count(*) FROM list_upvotes_daily WHERE list_id = 'list_1'`).Scan(&days); err != nil || days != 0 {
			t.Fatalf("days counted after every vote was taken back: %d, %v", days, err)
		}

		// Someone else's private list is not there for a fan; its owner votes on it.
		communityList(t, s, owner.ID, "list_private", "Secret", false)
		if _, err := s.AddUpvote(ctx, owner.ID, "list_private", fan.ID, time.Now(), true); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("upvote of a private list: %v", err)
		}
		if _, err := s.RemoveUpvote(ctx, owner.ID, "list_private", fan.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("remove upvote of a private list: %v", err)
		}
		if r, err := s.AddUpvote(ctx, owner.ID, "list_private", owner.ID, time.Now(), false); err != nil || r.UpvoteCount != 1 {
			t.Fatalf("owner's upvote of their private list %+v, %v", r, err)
		}
		if rows, counter := upvoteRows(t, s, owner.ID, "list_private"); rows != 1 || counter != 1 {
			t.Fatalf("private list: %d votes, counted %d", rows, counter)
		}
		if _, err := s.AddUpvote(ctx, owner.ID, "list_404", fan.ID, time.Now(), true); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("upvote of a missing list: %v", err)
		}
		if _, err := s.RemoveUpvote(ctx, owner.ID, "list_404", fan.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("remove upvote of a missing list: %v", err)
		}
	})
}

func TestConcurrentUpvotesCountExactly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := communityUser(t, s, "Owner")
		communityList(t, s, owner.ID, "list_1", "Heroes", true)
		const voters = 30
		users := make([]*model.User, voters)
		for i := range users {
			users[i] = communityUser(t, s, fmt.Sprintf("Voter %d", i))
		}

		// Every voter votes twice at once, then a third of them take it back at once.
		var wg sync.WaitGroup
		errs := make(chan error, voters*3)
		for _, u := range users {
			for range 2 {
				wg.Go(func() {
					_, err := s.AddUpvote(ctx, owner.ID, "list_1", u.ID, time.Now(), false)
					errs <- err
				})
			}
		}
		wg.Wait()
		if rows, counter := upvoteRows(t, s, owner.ID, "list_1"); rows != voters || counter != voters {
			t.Fatalf("after voting: %d rows, counter %d, want %d", rows, counter, voters)
		}
		for _, u := range users[:voters/3] {
			wg.Go(func() {
				_, err := s.RemoveUpvote(ctx, owner.ID, "list_1", u.ID)
				errs <- err
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		if rows, counter := upvoteRows(t, s, owner.ID, "list_1"); rows != voters-voters/3 || counter != rows {
			t.Fatalf("after unvoting: %d rows, counter %d, want %d", rows, counter, voters-voters/3)
		}
	})
}
