package store_test

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
// (a double click), beside ballots the season refuses, ballots whose client goes away
// before or during their write, and ballots cast the other way (SubmitBallot): every ballot
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
						case 2: // the client goes away before the write, or while it waits for it
							gone, cancel := context.WithTimeout(ctx, time.Duration(i*g*r%5)*100*time.Microsecond)
							if _, _, err := s.CastBallot(gone, "season-48", u.ID, time.Now(), castOf(nil, ids...), 10); err != nil && !errors.Is(err, context.DeadlineExceeded) {
								errs <- fmt.Errorf("ballot of a client gone: %v", err)
							}
							cancel()
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

// castUntil casts ballots of fans in turn from 2 goroutines a fan until stop is closed,
// and returns the fans whose ballot was answered as cast at least once. Errors are
// expected (the database goes away under them) and not counted.
func castUntil(s *store.Store, fans []*model.User, stop <-chan struct{}) map[string]bool {
	var mu sync.Mutex
	cast := map[string]bool{}
	var wg sync.WaitGroup
	for i, u := range fans {
		for g := range 2 {
			wg.Go(func() {
				for r := 0; ; r++ {
					select {
					case <-stop:
						return
					default:
					}
					k := i + g + r
					ids := []string{s48[k%len(s48)], s48[(k+3)%len(s48)], "", s48[(k+7)%len(s48)]}
					if _, _, err := s.CastBallot(context.Background(), "season-48", u.ID, time.Now(), castOf(nil, ids...), 10); err == nil {
						mu.Lock()
						cast[u.ID] = true
						mu.Unlock()
					}
				}
			})
		}
	}
	wg.Wait()
	return cast
}

// assertBallotsOf fails unless the poll's totals equal a recount, its count is its
// ballots', and every fan in cast has a ballot.
func assertBallotsOf(t *testing.T, s *store.Store, cast map[string]bool) {
	t.Helper()
	assertRecounted(t, s)
	var n int
	if err := s.DB().QueryRow(`SELECT count(*) FROM global_submissions WHERE poll_id = 'season-48'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Poll(context.Background(), "season-48"); err != nil || p.Submissions != n {
		t.Fatalf("poll counts %+v submissions, %d ballots stored (%v)", p, n, err)
	}
	for u := range cast {
		if _, err := s.BallotOf(context.Background(), "season-48", u); err != nil {
			t.Fatalf("an answered ballot of %s is missing: %v", u, err)
		}
	}
}

// PostgreSQL's connections cut while ballots are cast (the server restarting, a network
// cut): a batch cut off is taken back whole, and every ballot answered is there once.
func TestBallotsOutliveCutConnections(t *testing.T) {
	url := storetest.PostgresURL(t)
	b := make([]byte, 4)
	rand.Read(b)
	app := "castaway_cut_" + hex.EncodeToString(b)
	s := storetest.OpenPostgresAt(t, url+"&application_name="+app)
	fans := make([]*model.User, 8)
	for i := range fans {
		fans[i] = communityUser(t, s, fmt.Sprintf("Voter %d", i))
	}
	admin, err := sql.Open("pgx", os.Getenv("CASTAWAY_TEST_POSTGRES_URL"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	stop := make(chan struct{})
	cut := 0
	go func() {
		defer close(stop)
		for range 20 {
			time.Sleep(20 * time.Millisecond)
			var n int
			if err := admin.QueryRow(`SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&n); err != nil {
				t.Error(err)
				return
			}
			cut += n
		}
	}()
	answered := castUntil(s, fans, stop)
	if cut == 0 || len(answered) == 0 {
		t.Fatalf("%d connections cut, %d fans answered", cut, len(answered))
	}
	// Read through connections of its own: the pools still hold some that were cut.
	assertBallotsOf(t, storetest.OpenPostgresAt(t, url), answered)
}

// The store closed while ballots are cast (the server stopping): the ballots queued or
// in a batch are cast or refused whole, and the database opened again holds every
// ballot answered, once.
func TestBallotsOutliveTheStoreClosing(t *testing.T) {
	for _, e := range []struct{ name, url string }{
		{"sqlite", filepath.Join(t.TempDir(), "castaway.db")},
		{"postgres", os.Getenv("CASTAWAY_TEST_POSTGRES_URL")},
	} {
		t.Run(e.name, func(t *testing.T) {
			url := e.url
			if e.name == "postgres" {
				url = storetest.PostgresURL(t)
			}
			s := storetest.OpenPostgresAt(t, url)
			fans := make([]*model.User, 8)
			for i := range fans {
				fans[i] = communityUser(t, s, fmt.Sprintf("Voter %d", i))
			}
			stop := make(chan struct{})
			go func() {
				time.Sleep(100 * time.Millisecond)
				s.Close()
				time.Sleep(50 * time.Millisecond)
				close(stop)
			}()
			answered := castUntil(s, fans, stop)
			assertBallotsOf(t, storetest.OpenPostgresAt(t, url), answered)
		})
	}
}
