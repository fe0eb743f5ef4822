package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"castaway/internal/model"
)

// The ballots of a poll cast at once are cast together (castBallots): every ballot of a
// poll moves the poll's row and its totals, so one at a time on PostgreSQL they queued on
// those rows' locks, each held across round trips (0.006× the minimal handler at 100,000
// lists), and on SQLite's one writer each moved twenty totals and the leaders were read
// again for each (ballots at 0.098×). Together, a batch of them costs a handful of
// statements: the voters' earlier ballots read (and on PostgreSQL locked) in one, the new
// ones written, the poll's count and its totals moved once by their sum, and the leaders
// read once for all.

// ballotWrite is one ballot of a batch: what castBallots reads, and what it sets.
type ballotWrite struct {
	userID string
	at     time.Time
	ballot func(seasonID string) (ids, names []string, err error)
	top    int

	poll    *model.Poll
	leaders []model.Score
}

// CastBallot stores userID's ballot in the poll pollID as SubmitBallot does, in one
// transaction with what it needs of the poll: ballot makes the ballot for the poll's
// season from what the voter sent, or refuses it (its error is returned as it is). It
// returns the poll as the ballot left it and its top leaders. The ballot joins the others
// of its poll in the next batch of its lane (PostgreSQL) or of the writer (SQLite); alone
// (a batch taken back) it is cast as SubmitBallot is.
func (s *Store) CastBallot(ctx context.Context, pollID, userID string, at time.Time,
	ballot func(seasonID string) (ids, names []string, err error), top int) (*model.Poll, []model.Score, error) {
	w := &ballotWrite{userID: userID, at: at, ballot: ballot, top: top}
	b := s.batch
	if s.lanes != nil {
		b = s.lanes.of(pollID)
	}
	err := b.submit(&batchJob{ctx: ctx, key: pollID, payload: w, together: s.castBallots,
		fn: func(ctx context.Context, tx dbtx) (err error) {
			if w.poll, err = submitBallot(ctx, tx, pollID, userID, at, ballot); err != nil {
				return err
			}
			w.leaders, err = pollTop(ctx, tx, pollID, top)
			return err
		}})
	if err != nil {
		return nil, nil, err
	}
	return w.poll, w.leaders, nil
}

// castBallots casts jobs, ballots of the poll named by their key, in tx, in their order (a
// voter's later ballot replaces their earlier one), as submitBallot casts each: a ballot
// the poll's season refuses, or a poll closed or missing, is that ballot's own refusal.
// Each is answered with the poll as the batch leaves it and its leaders then.
func (s *Store) castBallots(ctx context.Context, tx dbtx, jobs []*batchJob) error {
	pollID := jobs[0].key
	var open bool
	var seasonID string
	err := tx.QueryRowContext(ctx, `SELECT is_open, season_id FROM global_polls WHERE id = $1`, pollID).Scan(&open, &seasonID)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !open) {
		for _, j := range jobs {
			j.own = map[bool]error{true: ErrNotFound, false: ErrPollClosed}[err != nil]
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("read poll: %w", err)
	}
	var casts []ballotCast
	var users []string
	seen := map[string]bool{}
	for _, j := range jobs {
		w := j.payload.(*ballotWrite)
		ids, names, err := w.ballot(seasonID)
		if err != nil {
			j.own = err
			continue
		}
		ranking, err := encodeRanking(ids)
		if err != nil {
			return fmt.Errorf("encode ballot: %w", err)
		}
		casts = append(casts, ballotCast{w, ids, names, ranking})
		if !seen[w.userID] {
			seen[w.userID] = true
			users = append(users, w.userID)
		}
	}
	if len(casts) == 0 {
		return nil
	}
	// The voters' earlier ballots, locked until commit (as replaceBallot locks one).
	earlier, err := s.lockBallots(ctx, tx, pollID, users)
	if err != nil {
		return err
	}
	// Each ballot in turn against the one before it, the voter's earlier one first.
	current := map[string][]string{}
	for u, old := range earlier {
		current[u] = old
	}
	final := map[string]ballotCast{}
	added := 0
	var sum []model.ScoreDelta
	gone := false
	for _, c := range casts {
		old, had := current[c.w.userID]
		if !had {
			added++
		}
		for _, d := range model.BallotChange(old, c.ids, c.names) {
			sum = append(sum, d)
			gone = gone || d.Votes < 0
		}
		current[c.w.userID] = c.ids
		final[c.w.userID] = c
	}
	if err := s.writeBallots(ctx, tx, pollID, users, final, earlier); err != nil {
		return err
	}
	p, err := scanPoll(tx.QueryRowContext(ctx, `UPDATE global_polls SET submissions = submissions + $2 WHERE id = $1 AND is_open = TRUE
		RETURNING `+pollColumns, pollID, added))
	if err != nil { // closed meanwhile (no row): the ballots go back and each is refused alone
		return fmt.Errorf("count ballots: %w", err)
	}
	if err := moveTotals(ctx, tx, pollID, mergeDeltas(sum), gone); err != nil {
		return err
	}
	top := 0
	for _, c := range casts {
		top = max(top, c.w.top)
	}
	leaders, err := pollTop(ctx, tx, pollID, top)
	if err != nil {
		return err
	}
	for _, c := range casts {
		c.w.poll, c.w.leaders = p, leaders[:min(len(leaders), c.w.top)]
	}
	return nil
}

// ballotCast is a ballot of castBallots that its poll's season takes.
type ballotCast struct {
	w          *ballotWrite
	ids, names []string
	ranking    string
}

// lockBallots locks and reads users' ballots in the poll, by user. On SQLite the batch's
// transaction holds the one write lock, so they are read alone.
func (s *Store) lockBallots(ctx context.Context, tx dbtx, pollID string, users []string) (map[string][]string, error) {
	query, list := `UPDATE global_submissions SET ranking = ranking WHERE poll_id = $1 AND user_id = ANY($2)
		RETURNING user_id, ranking`, any(users)
	if s.dialect == SQLite {
		ids, err := json.Marshal(users)
		if err != nil {
			return nil, fmt.Errorf("lock ballots: %w", err)
		}
		query, list = `SELECT user_id, ranking FROM global_submissions
			WHERE poll_id = $1 AND user_id IN (SELECT value FROM json_each($2))`, string(ids)
	}
	rows, err := tx.QueryContext(ctx, query, pollID, list)
	if err != nil {
		return nil, fmt.Errorf("lock ballots: %w", err)
	}
	defer rows.Close()
	out := map[string][]string{}
	for rows.Next() {
		var u, raw string
		if err := rows.Scan(&u, &raw); err != nil {
			return nil, fmt.Errorf("lock ballots: %w", err)
		}
		if out[u], err = decodeRanking(raw); err != nil {
			return nil, err
		}
	}
	return out, rows.Err()
}

// writeBallots writes each voter's last ballot of the batch. A voter found with no
// earlier ballot whose row is there at the write (a first ballot from another node
// landed meanwhile) takes the batch back, so each is cast again alone. SQLite's one
// writer has no other node: each is written in turn, by one prepared statement.
func (s *Store) writeBallots(ctx context.Context, tx dbtx, pollID string, users []string, final map[string]ballotCast, earlier map[string][]string) error {
	if s.dialect == SQLite {
		for _, u := range users {
			if _, err := tx.ExecContext(ctx, `INSERT INTO global_submissions (poll_id, user_id, ranking, submitted_at) VALUES ($1, $2, $3, $4)
				ON CONFLICT (poll_id, user_id) DO UPDATE SET ranking = excluded.ranking, submitted_at = excluded.submitted_at`,
				pollID, u, final[u].ranking, millis(final[u].w.at)); err != nil {
				return fmt.Errorf("save ballots: %w", err)
			}
		}
		return nil
	}
	rankings, times := make([]string, len(users)), make([]int64, len(users))
	for i, u := range users {
		rankings[i], times[i] = final[u].ranking, millis(final[u].w.at)
	}
	rows, err := tx.QueryContext(ctx, `INSERT INTO global_submissions (poll_id, user_id, ranking, submitted_at)
		SELECT $1, v.u, v.r, v.t FROM unnest(CAST($2 AS TEXT[]), CAST($3 AS TEXT[]), CAST($4 AS BIGINT[])) AS v(u, r, t)
		ON CONFLICT (poll_id, user_id) DO UPDATE SET ranking = excluded.ranking, submitted_at = excluded.submitted_at
		RETURNING user_id, xmax = 0`, pollID, users, rankings, times)
	if err != nil {
		return fmt.Errorf("save ballots: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var u string
		var inserted bool
		if err := rows.Scan(&u, &inserted); err != nil {
			return fmt.Errorf("save ballots: %w", err)
		}
		if _, had := earlier[u]; had == inserted {
			return fmt.Errorf("save ballots: %w", ErrConflict)
		}
	}
	return rows.Err()
}

// mergeDeltas sums deltas by contestant, a later name winning, ordered by contestant (the
// order every ballot locks the totals in).
func mergeDeltas(deltas []model.ScoreDelta) []model.ScoreDelta {
	var out []model.ScoreDelta
	at := map[string]int{}
	for _, d := range deltas {
		i, ok := at[d.ContestantID]
		if !ok {
			at[d.ContestantID] = len(out)
			out = append(out, d)
			continue
		}
		out[i].Score += d.Score
		out[i].Votes += d.Votes
		if d.Name != "" {
			out[i].Name = d.Name
		}
	}
	slices.SortFunc(out, func(a, b model.ScoreDelta) int { return strings.Compare(a.ContestantID, b.ContestantID) })
	return out
}
