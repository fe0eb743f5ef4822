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

// castOf is a CastBallot ballot maker of ids (by slot) for s48, or one refused with err.
func castOf(err error, ids ...string) func(string) ([]string, []string, error) {
	return func(seasonID string) ([]string, []string, error) {
		if err != nil {
			return nil, nil, err
		}
		b := ballot("", ids...)
		return b.Ranking, b.Names, nil
	}
}

// Many fans casting ballots of one poll at once, each fan's requests racing each other
// (a double click), beside ballots the season refuses, ballots whose client went away
// before their write, and ballots cast the other way (SubmitBallot): every ballot
// answered is counted once, every refusal is its own, and the totals, the poll's count
// and each fan's one ballot end as a recount says.
func TestConcurrentBallotsEndExact(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		const fans, rounds = 10, 8
		users := make([]*model.User, fans)
		for i := range users {
			users[i] = communityUser(t, s, fmt.Sprintf("Voter %d", i))
		}
		refused := errors.New("refused")
		errs := make(chan error, fans*rounds*4)
		var wg sync.WaitGroup
		for i, u := range users {
			for g := range 2 {
				wg.Go(func() {
					for r := range rounds {
						k := i + g + r
						ids := []string{s48[k%len(s48)], s48[(k+3)%len(s48)], "", s48[(k+7)%len(s48)]}
						switch r % 4 {
						case 1: // refused by the season: its own error, nothing written
							if _, _, err := s.CastBallot(ctx, "season-48", u.ID, time.Now(), castOf(refused), 10); !errors.Is(err, refused) {
								errs <- fmt.Errorf("refused ballot: %v", err)
							}
						case 2: // the client went away before the write
							gone, cancel := context.WithCancel(ctx)
							cancel()
							if _, _, err := s.CastBallot(gone, "season-48", u.ID, time.Now(), castOf(nil, ids...), 10); err != nil && !errors.Is(err, context.Canceled) {
								errs <- fmt.Errorf("ballot of a client gone: %v", err)
							}
						case 3:
							if err := s.SubmitBallot(ctx, ballot(u.ID, ids...)); err != nil {
								errs <- err
							}
						default:
							p, top, err := s.CastBallot(ctx, "season-48", u.ID, time.Now(), castOf(nil, ids...), 10)
							if err != nil {
								errs <- err
							} else if p == nil || p.Submissions < 1 || len(top) == 0 {
								errs <- fmt.Errorf("answered %+v, %v", p, top)
							}
						}
					}
				})
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		assertRecounted(t, s)
		if p, _ := s.Poll(ctx, "season-48"); p.Submissions != fans {
			t.Fatalf("submissions %d, want %d", p.Submissions, fans)
		}
		if _, _, err := s.CastBallot(ctx, "nope", users[0].ID, time.Now(), castOf(nil, s48[0]), 10); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a poll that does not exist: %v", err)
		}
	})
}
