package store

import (
	"context"
	"slices"
	"strings"
	"time"

	"castaway/internal/model"
)

// On PostgreSQL the rate limits of the writes made at once are counted together: every
// write a fan makes counts its per-account and per-client limits first, and one at a time
// each cost a round trip and a commit of its own, as much as an upvote's write itself.
// Together, a batch of them costs one statement (hitRateLimitsAtOnce) for each time a key
// comes up in the batch, usually one. A crash may forget the last moments' counts, which
// only lets a few more writes through (they commit without waiting for the flush).

// rateLimitsKey is the lane key of every write's limits: one batch counts them all.
const rateLimitsKey = "rate-limits"

// rateHits is one write's limits in a batch: what hitRateLimitsTogether reads and sets.
type rateHits struct {
	hits []model.RateHit
	now  time.Time
	out  []model.RateState
}

// hitRateLimitsTogether is HitRateLimits on PostgreSQL for hits of distinct keys: they
// join the next batch of limits; alone (a batch taken back), they are counted in one
// statement.
func (s *Store) hitRateLimitsTogether(ctx context.Context, hits []model.RateHit, now time.Time) ([]model.RateState, error) {
	w := &rateHits{hits: hits, now: now}
	err := s.lanes.of(rateLimitsKey).submit(&batchJob{ctx: ctx, key: rateLimitsKey, payload: w, together: countRateHits,
		fn: func(ctx context.Context, tx dbtx) (err error) {
			w.out, err = hitRateLimitsAtOnce(ctx, tx, hits, now)
			return err
		}})
	return w.out, err
}

// countRateHits counts the hits of jobs, in rounds of distinct keys (a key two writes
// count is counted by the first round, then by the second, as one after the other), each
// round at the latest of its writes' times and in the order of its keys, so two nodes'
// batches lock shared keys in the same order.
func countRateHits(ctx context.Context, tx dbtx, jobs []*batchJob) error {
	type at struct{ job, hit int }
	var rounds [][]at
	seen := map[string]int{} // how many rounds a key is in so far
	for j, job := range jobs {
		w := job.payload.(*rateHits)
		w.out = make([]model.RateState, len(w.hits))
		for i, h := range w.hits {
			r := seen[h.Key]
			seen[h.Key]++
			if r == len(rounds) {
				rounds = append(rounds, nil)
			}
			rounds[r] = append(rounds[r], at{j, i})
		}
	}
	for _, round := range rounds {
		slices.SortFunc(round, func(a, b at) int {
			return strings.Compare(jobs[a.job].payload.(*rateHits).hits[a.hit].Key, jobs[b.job].payload.(*rateHits).hits[b.hit].Key)
		})
		hits := make([]model.RateHit, len(round))
		var now time.Time
		for k, a := range round {
			w := jobs[a.job].payload.(*rateHits)
			hits[k] = w.hits[a.hit]
			if w.now.After(now) {
				now = w.now
			}
		}
		states, err := hitRateLimitsAtOnce(ctx, tx, hits, now)
		if err != nil {
			return err
		}
		for k, a := range round {
			jobs[a.job].payload.(*rateHits).out[a.hit] = states[k]
		}
	}
	return nil
}
