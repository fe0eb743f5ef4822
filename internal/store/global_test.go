package store_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/global"
	"castaway/internal/global/tally"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

var s48 = func() []string {
	s, _ := catalog.MustLoad().Season("s48")
	ids := make([]string, len(s.Contestants))
	for i, c := range s.Contestants {
		ids[i] = c.ID
	}
	return ids
}()

var nameOf = global.NameOf(catalog.MustLoad())

// ballot is a ballot of ids for user in season-48, names filled in.
func ballot(userID string, ids ...string) *model.Ballot {
	ranking := make([]string, global.Slots)
	copy(ranking, ids)
	names := make([]string, global.Slots)
	for i, id := range ranking {
		if id != "" {
			names[i] = nameOf(id)
		}
	}
	return &model.Ballot{PollID: "season-48", UserID: userID, Ranking: ranking, Names: names, SubmittedAt: time.Now()}
}

// assertRecounted fails unless the running totals equal a recount from the ballots.
func assertRecounted(t *testing.T, s *store.Store) {
	t.Helper()
	diffs, err := s.VerifyPolls(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(diffs) > 0 {
		t.Fatalf("totals differ from the ballots:\n%v", diffs)
	}
}

func TestSeasonPollExistsOpen(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		p, err := s.Poll(context.Background(), "season-48")
		if err != nil || p.SeasonID != "s48" || !p.IsOpen || p.Submissions != 0 {
			t.Fatalf("poll %+v, %v", p, err)
		}
		if _, err := s.Poll(context.Background(), "nope"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("missing poll: %v", err)
		}
	})
}

func TestBallotReplacesAndMovesTotals(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, bob := communityUser(t, s, "Ann"), communityUser(t, s, "Bob")
		if err := s.SubmitBallot(ctx, ballot(ann.ID, s48[0], s48[1], "", s48[2])); err != nil {
			t.Fatal(err)
		}
		if err := s.SubmitBallot(ctx, ballot(bob.ID, s48[1], s48[0])); err != nil {
			t.Fatal(err)
		}
		top, _ := s.PollTop(ctx, "season-48", 10)
		// s48[0]: 10+9, s48[1]: 9+10, tie on points and ballots: by name.
		if len(top) != 3 || top[0].TotalScore != 19 || top[1].TotalScore != 19 || top[2].TotalScore != 7 ||
			top[0].Name > top[1].Name || top[2].ContestantID != s48[2] || top[2].Votes != 1 {
			t.Fatalf("top %+v", top)
		}
		// Ann resubmits: her old ballot's points go, the new one's come; still one ballot.
		if err := s.SubmitBallot(ctx, ballot(ann.ID, s48[3])); err != nil {
			t.Fatal(err)
		}
		b, err := s.BallotOf(ctx, "season-48", ann.ID)
		if err != nil || b.Ranking[0] != s48[3] || b.Ranking[1] != "" || len(b.Ranking) != 10 {
			t.Fatalf("ballot %+v, %v", b, err)
		}
		p, _ := s.Poll(ctx, "season-48")
		if p.Submissions != 2 {
			t.Fatalf("submissions %d", p.Submissions)
		}
		top, _ = s.PollTop(ctx, "season-48", 10)
		if len(top) != 3 || top[0].ContestantID != s48[1] || top[0].TotalScore != 10 || top[1].ContestantID != s48[3] ||
			top[2].ContestantID != s48[0] || top[2].TotalScore != 9 {
			t.Fatalf("top after resubmission %+v", top)
		}
		assertRecounted(t, s)
		if _, err := s.BallotOf(ctx, "season-48", "nobody"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("no ballot: %v", err)
		}
		if err := s.SubmitBallot(ctx, &model.Ballot{PollID: "nope", UserID: ann.ID, Ranking: make([]string, 10)}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown poll: %v", err)
		}
	})
}

func TestClosedPollTakesNoBallots(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann := communityUser(t, s, "Ann")
		if err := s.AddPoll(ctx, &model.Poll{ID: "season-47", Title: "S47", Description: "d", SeasonID: "s47", IsOpen: true, CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
		if err := s.AddPoll(ctx, &model.Poll{ID: "season-47", Title: "again", SeasonID: "s47"}); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("duplicate poll: %v", err)
		}
		if err := s.SubmitBallot(ctx, ballot(ann.ID, s48[0])); err != nil {
			t.Fatal(err)
		}
		if err := s.SetPollOpen(ctx, "season-48", false); err != nil {
			t.Fatal(err)
		}
		if err := s.SubmitBallot(ctx, ballot(ann.ID, s48[1])); !errors.Is(err, store.ErrPollClosed) {
			t.Fatalf("closed poll: %v", err)
		}
		if b, _ := s.BallotOf(ctx, "season-48", ann.ID); b.Ranking[0] != s48[0] {
			t.Fatalf("ballot changed in a closed poll: %v", b.Ranking)
		}
		if err := s.SetPollOpen(ctx, "nope", false); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("unknown poll: %v", err)
		}
		polls, err := s.Polls(ctx)
		if err != nil || len(polls) != 2 || polls[0].ID != "season-48" || polls[0].IsOpen || !polls[1].IsOpen {
			t.Fatalf("polls %+v, %v", polls, err)
		}
	})
}

func TestTotalsEqualRecountAfterRandomBallots(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(1, 2))
		users := make([]string, 12)
		for i := range users {
			users[i] = communityUser(t, s, fmt.Sprintf("Voter%d", i)).ID
		}
		for range 80 {
			perm := rng.Perm(len(s48))
			ids := make([]string, global.Slots)
			for slot := range ids {
				if rng.IntN(4) > 0 {
					ids[slot] = s48[perm[slot]]
				}
			}
			if err := s.SubmitBallot(ctx, ballot(users[rng.IntN(len(users))], ids...)); err != nil {
				t.Fatal(err)
			}
		}
		assertRecounted(t, s)
		top, _ := s.PollTop(ctx, "season-48", 10)
		for i := 1; i < len(top); i++ {
			if tally.Less(top[i], top[i-1]) {
				t.Fatalf("results out of order at %d: %+v", i, top)
			}
		}
	})
}

func TestVerifyFindsAndRecountRepairs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann := communityUser(t, s, "Ann")
		if err := s.SubmitBallot(ctx, ballot(ann.ID, s48[0], s48[1])); err != nil {
			t.Fatal(err)
		}
		db := s.DB()
		for _, q := range []string{
			`UPDATE global_scores SET total_score = total_score + 5 WHERE contestant_id = '` + s48[0] + `'`,
			`DELETE FROM global_scores WHERE contestant_id = '` + s48[1] + `'`,
			`INSERT INTO global_scores (poll_id, contestant_id, name, total_score, votes) VALUES ('season-48', 'ghost', 'Ghost', 3, 1)`,
			`UPDATE global_polls SET submissions = 7`,
		} {
			if _, err := db.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		diffs, err := s.VerifyPolls(ctx)
		if err != nil || len(diffs) != 4 {
			t.Fatalf("diffs %q, %v", diffs, err)
		}
		if err := s.RecountPolls(ctx, nameOf); err != nil {
			t.Fatal(err)
		}
		assertRecounted(t, s)
		top, _ := s.PollTop(ctx, "season-48", 10)
		if len(top) != 2 || top[0].Name != nameOf(s48[0]) || top[1].Name == "" {
			t.Fatalf("recounted top %+v", top)
		}
	})
}

// Concurrent resubmissions by one user, and ballots by others, leave totals that
// equal a recount and one ballot per user.
func TestConcurrentResubmissionsStayConsistent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, bob := communityUser(t, s, "Ann"), communityUser(t, s, "Bob")
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				user := ann.ID
				if i%4 == 0 {
					user = bob.ID
				}
				errs <- s.SubmitBallot(ctx, ballot(user, s48[i%len(s48)], s48[(i+5)%len(s48)], "", s48[(i+9)%len(s48)]))
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		assertRecounted(t, s)
		if p, _ := s.Poll(ctx, "season-48"); p.Submissions != 2 {
			t.Fatalf("submissions %d", p.Submissions)
		}
	})
}

// The results come off the index in order, with no sort, on both engines.
func TestPollTopUsesTheIndex(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		conn, err := s.DB().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		explain := `EXPLAIN QUERY PLAN `
		if s.Dialect() == store.Postgres {
			// The table is small in a test; ask whether the index can serve the order.
			if _, err := conn.ExecContext(ctx, `SET enable_seqscan = off`); err != nil {
				t.Fatal(err)
			}
			explain = `EXPLAIN `
		}
		rows, err := conn.QueryContext(ctx, explain+store.PollTopQuery, "season-48", 10)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var plan string
		for rows.Next() {
			cols, _ := rows.Columns()
			vals := make([]any, len(cols))
			for i := range vals {
				vals[i] = new(any)
			}
			if err := rows.Scan(vals...); err != nil {
				t.Fatal(err)
			}
			plan += fmt.Sprint(*(vals[len(vals)-1].(*any))) + "\n"
		}
		if !strings.Contains(plan, "global_scores_rank") || strings.Contains(plan, "TEMP B-TREE") || strings.Contains(plan, "Sort") {
			t.Fatalf("plan:\n%s", plan)
		}
	})
}

func TestWithdrawBallotsTakesTheirPointsOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		ann, bob := communityUser(t, s, "Ann"), communityUser(t, s, "Bob")
		for _, b := range []*model.Ballot{ballot(ann.ID, s48[0], s48[1]), ballot(bob.ID, s48[1])} {
			if err := s.SubmitBallot(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.WithdrawBallots(ctx, ann.ID); err != nil {
			t.Fatal(err)
		}
		assertRecounted(t, s)
		top, _ := s.PollTop(ctx, "season-48", 10)
		if p, _ := s.Poll(ctx, "season-48"); p.Submissions != 1 || len(top) != 1 || top[0].ContestantID != s48[1] || top[0].TotalScore != 10 {
			t.Fatalf("after withdrawal: %d ballots, top %+v", p.Submissions, top)
		}
		if err := s.WithdrawBallots(ctx, ann.ID); err != nil { // nothing left: no change
			t.Fatal(err)
		}
		assertRecounted(t, s)
	})
}
