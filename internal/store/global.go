package store

// Global polls, ballots and their running totals. A ballot's write changes the
// totals in the same transaction (the replaced ballot's points out, the new one's
// in), so it costs the same with ten ballots stored or a hundred thousand;
// VerifyPolls and RecountPolls check and rebuild the totals from the ballots.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"castaway/internal/model"
)

// ErrPollClosed is returned when a ballot is cast in a closed poll.
var ErrPollClosed = errors.New("poll closed")

const pollColumns = `id, title, description, season_id, is_open, submissions, created_at`

func scanPoll(row interface{ Scan(...any) error }) (*model.Poll, error) {
	var p model.Poll
	var created int64
	if err := row.Scan(&p.ID, &p.Title, &p.Description, &p.SeasonID, &p.IsOpen, &p.Submissions, &created); err != nil {
		return nil, err
	}
	p.CreatedAt = fromMillis(created)
	return &p, nil
}

// Polls returns every poll, oldest first.
func (s *Store) Polls(ctx context.Context) ([]model.Poll, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+pollColumns+` FROM global_polls ORDER BY created_at, id`)
	return rowsOf(rows, err, "list polls", valueOf(scanPoll))
}

// Poll finds a poll, or ErrNotFound.
func (s *Store) Poll(ctx context.Context, id string) (*model.Poll, error) {
	p, err := scanPoll(s.db.QueryRowContext(ctx, `SELECT `+pollColumns+` FROM global_polls WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("find poll: %w", err)
	}
	return p, nil
}

// AddPoll creates p, open; ErrConflict when its id is taken.
func (s *Store) AddPoll(ctx context.Context, p *model.Poll) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO global_polls (id, title, description, season_id, is_open, submissions, created_at)
		VALUES ($1, $2, $3, $4, $5, 0, $6)`, p.ID, p.Title, p.Description, p.SeasonID, p.IsOpen, millis(p.CreatedAt))
	if isUniqueViolation(err) {
		return ErrConflict
	}
	if err != nil {
		return fmt.Errorf("add poll: %w", err)
	}
	return nil
}

// SetPollOpen opens or closes a poll; ErrNotFound when there is none.
func (s *Store) SetPollOpen(ctx context.Context, id string, open bool) error {
	res, err := s.db.ExecContext(ctx, `UPDATE global_polls SET is_open = $1 WHERE id = $2`, open, id)
	if err != nil {
		return fmt.Errorf("set poll open: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// pollTopQuery reads a poll's results in order, off the global_scores_rank index.
const pollTopQuery = `SELECT contestant_id, name, total_score, votes FROM global_scores
	WHERE poll_id = $1 AND votes > 0
	ORDER BY total_score DESC, votes DESC, name, contestant_id LIMIT CAST($2 AS BIGINT)`

// PollTop is a poll's best n contestants in result order (points, ballots, name),
// read straight off the global_scores_rank index.
func (s *Store) PollTop(ctx context.Context, pollID string, n int) ([]model.Score, error) {
	return pollTop(ctx, s.db, pollID, n)
}

// pollTop is PollTop read through q (the store's pool, or a transaction).
func pollTop(ctx context.Context, q interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}, pollID string, n int) ([]model.Score, error) {
	rows, err := q.QueryContext(ctx, pollTopQuery, pollID, n)
	if err != nil {
		return nil, fmt.Errorf("poll results: %w", err)
	}
	defer rows.Close()
	top := []model.Score{}
	for rows.Next() {
		var sc model.Score
		if err := rows.Scan(&sc.ContestantID, &sc.Name, &sc.TotalScore, &sc.Votes); err != nil {
			return nil, fmt.Errorf("poll results: %w", err)
		}
		top = append(top, sc)
	}
	return top, rows.Err()
}

// BallotOf is userID's ballot in a poll, or ErrNotFound.
func (s *Store) BallotOf(ctx context.Context, pollID, userID string) (*model.Ballot, error) {
	b := model.Ballot{PollID: pollID, UserID: userID}
	var ranking string
	var at int64
	err := s.db.QueryRowContext(ctx, `SELECT ranking, submitted_at FROM global_submissions WHERE poll_id = $1 AND user_id = $2`,
		pollID, userID).Scan(&ranking, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read ballot: %w", err)
	}
	if b.Ranking, err = decodeRanking(ranking); err != nil {
		return nil, err
	}
	b.SubmittedAt = fromMillis(at)
	return &b, nil
}

// decodeRanking reads a stored ranking: a JSON array of ids or nulls, or the earlier
// product's tolerated form, an object with a contestants array.
func decodeRanking(raw string) ([]string, error) {
	var slots []*string
	if err := json.Unmarshal([]byte(raw), &slots); err != nil {
		var wrapped struct {
			Contestants []*string `json:"contestants"`
		}
		if err2 := json.Unmarshal([]byte(raw), &wrapped); err2 != nil {
			return nil, fmt.Errorf("read ballot ranking: %w", err)
		}
		slots = wrapped.Contestants
	}
	ids := make([]string, len(slots))
	for i, p := range slots {
		if p != nil {
			ids[i] = *p
		}
	}
	return ids, nil
}

func encodeRanking(ids []string) (string, error) {
	slots := make([]*string, len(ids))
	for i := range ids {
		if ids[i] != "" {
			slots[i] = &ids[i]
		}
	}
	b, err := json.Marshal(slots)
	return string(b), err
}

// SubmitBallot stores b as its user's only ballot in the poll, replacing any earlier
// one, and moves the running totals by the difference in the same transaction. It
// returns ErrNotFound for an unknown poll and ErrPollClosed for a closed one.
//
// The voter's earlier ballot is locked first (on PostgreSQL, until commit), so two
// resubmissions by the same user cannot both subtract it; the poll's row is touched
// last but one, which locks it until commit: the ballots of one poll move its totals one
// at a time, and the score rows are always locked in the same order (no deadlocks). A
// poll's row is what every ballot of it waits for, so it is held for the totals' update
// and the commit alone, not for the reading and writing of the voter's own ballot
// before. SQLite has one writer anyway.
func (s *Store) SubmitBallot(ctx context.Context, b *model.Ballot) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		_, err := submitBallot(ctx, tx, b.PollID, b.UserID, b.SubmittedAt, func(string) ([]string, []string, error) {
			return b.Ranking, b.Names, nil
		})
		return err
	})
}

// submitBallot is SubmitBallot in tx, of the ballot that ballot makes for the poll's
// season (contestant ids and names by slot, "" for an empty slot); it returns the poll
// as the ballot leaves it.
func submitBallot(ctx context.Context, tx dbtx, pollID, userID string, at time.Time,
	ballot func(seasonID string) (ids, names []string, err error)) (*model.Poll, error) {
	var open bool
	var seasonID string
	err := tx.QueryRowContext(ctx, `SELECT is_open, season_id FROM global_polls WHERE id = $1`, pollID).Scan(&open, &seasonID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("read poll: %w", err)
	}
	if !open {
		return nil, ErrPollClosed
	}
	ids, names, err := ballot(seasonID)
	if err != nil {
		return nil, err
	}
	ranking, err := encodeRanking(ids)
	if err != nil {
		return nil, fmt.Errorf("encode ballot: %w", err)
	}
	old, first, err := replaceBallot(ctx, tx, pollID, userID, ranking, at)
	if err != nil {
		return nil, err
	}
	// Whether the poll is still open is read again as its row is locked: one closed
	// meanwhile takes no more ballots.
	added := 0
	if first {
		added = 1
	}
	p, err := scanPoll(tx.QueryRowContext(ctx, `UPDATE global_polls SET submissions = submissions + $2 WHERE id = $1 AND is_open = TRUE
		RETURNING `+pollColumns, pollID, added))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrPollClosed
	}
	if err != nil {
		return nil, fmt.Errorf("count ballot: %w", err)
	}
	return p, applyDeltas(ctx, tx, pollID, model.BallotChange(old, ids, names))
}

// replaceBallot makes ranking userID's ballot in the poll, locking the earlier one first;
// it returns the earlier ranking, or first when there was none.
func replaceBallot(ctx context.Context, tx dbtx, pollID, userID, ranking string, at time.Time) (old []string, first bool, err error) {
	for range 2 {
		// Touching the earlier ballot locks it on PostgreSQL, and reads it as the last
		// commit before the lock left it.
		var oldRaw string
		err := tx.QueryRowContext(ctx, `UPDATE global_submissions SET ranking = ranking WHERE poll_id = $1 AND user_id = $2
			RETURNING ranking`, pollID, userID).Scan(&oldRaw)
		if err == nil {
			if old, err = decodeRanking(oldRaw); err != nil {
				return nil, false, err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE global_submissions SET ranking = $3, submitted_at = $4 WHERE poll_id = $1 AND user_id = $2`,
				pollID, userID, ranking, millis(at)); err != nil {
				return nil, false, fmt.Errorf("save ballot: %w", err)
			}
			return old, false, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return nil, false, fmt.Errorf("save ballot: %w", err)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO global_submissions (poll_id, user_id, ranking, submitted_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (poll_id, user_id) DO NOTHING`, pollID, userID, ranking, millis(at))
		if isForeignKeyViolation(err) {
			return nil, false, ErrNotFound
		}
		if err != nil {
			return nil, false, fmt.Errorf("save ballot: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return nil, true, nil
		}
		// The voter's first ballot from another request landed meanwhile: replace it.
	}
	return nil, false, fmt.Errorf("save ballot: %w", ErrConflict)
}

// applyDeltas adds each contestant's change to its running total in one statement,
// then drops totals no ballot names any more.
func applyDeltas(ctx context.Context, tx dbtx, pollID string, deltas []model.ScoreDelta) error {
	return moveTotals(ctx, tx, pollID, deltas, slices.ContainsFunc(deltas, func(d model.ScoreDelta) bool { return d.Votes < 0 }))
}

// moveTotals is applyDeltas, the empty totals dropped when gone (a ballot took votes away).
func moveTotals(ctx context.Context, tx dbtx, pollID string, deltas []model.ScoreDelta, gone bool) error {
	if len(deltas) == 0 {
		return nil
	}
	var q strings.Builder
	q.WriteString(`INSERT INTO global_scores (poll_id, contestant_id, name, total_score, votes) VALUES `)
	args := []any{pollID}
	for i, d := range deltas {
		if i > 0 {
			q.WriteString(", ")
		}
		n := len(args)
		fmt.Fprintf(&q, "($1, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4)
		args = append(args, d.ContestantID, d.Name, d.Score, d.Votes)
	}
	q.WriteString(` ON CONFLICT (poll_id, contestant_id) DO UPDATE SET
		total_score = global_scores.total_score + excluded.total_score,
		votes = global_scores.votes + excluded.votes,
		name = CASE WHEN excluded.name = '' THEN global_scores.name ELSE excluded.name END`)
	if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
		return fmt.Errorf("update totals: %w", err)
	}
	if gone {
		if _, err := tx.ExecContext(ctx, `DELETE FROM global_scores WHERE poll_id = $1 AND total_score = 0 AND votes = 0`, pollID); err != nil {
			return fmt.Errorf("drop empty totals: %w", err)
		}
	}
	return nil
}

// pollRecount is what a poll's totals should be, from its ballots.
type pollRecount struct {
	submissions int
	scores      []model.Score
}

func recountPoll(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, pollID string, nameOf func(string) string) (*pollRecount, error) {
	rows, err := q.QueryContext(ctx, `SELECT ranking FROM global_submissions WHERE poll_id = $1`, pollID)
	if err != nil {
		return nil, fmt.Errorf("read ballots: %w", err)
	}
	defer rows.Close()
	var ballots [][]string
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return nil, fmt.Errorf("read ballots: %w", err)
		}
		ids, err := decodeRanking(raw)
		if err != nil {
			return nil, err
		}
		ballots = append(ballots, ids)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read ballots: %w", err)
	}
	return &pollRecount{submissions: len(ballots), scores: model.Tally(ballots, nameOf)}, nil
}

func storedScores(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, pollID string) (map[string]model.Score, error) {
	rows, err := q.QueryContext(ctx, `SELECT contestant_id, name, total_score, votes FROM global_scores WHERE poll_id = $1`, pollID)
	if err != nil {
		return nil, fmt.Errorf("read totals: %w", err)
	}
	defer rows.Close()
	out := map[string]model.Score{}
	for rows.Next() {
		var sc model.Score
		if err := rows.Scan(&sc.ContestantID, &sc.Name, &sc.TotalScore, &sc.Votes); err != nil {
			return nil, fmt.Errorf("read totals: %w", err)
		}
		out[sc.ContestantID] = sc
	}
	return out, rows.Err()
}

// VerifyPolls recounts every poll from its ballots and describes, one line each,
// every running total, ballot count or contestant name that differs; none when all match.
func (s *Store) VerifyPolls(ctx context.Context) ([]string, error) {
	polls, err := s.Polls(ctx)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for _, p := range polls {
		want, err := recountPoll(ctx, s.db, p.ID, nil)
		if err != nil {
			return nil, err
		}
		have, err := storedScores(ctx, s.db, p.ID)
		if err != nil {
			return nil, err
		}
		if p.Submissions != want.submissions {
			diffs = append(diffs, fmt.Sprintf("poll %s: submissions is %d, the ballots count %d", p.ID, p.Submissions, want.submissions))
		}
		for _, w := range want.scores {
			h, ok := have[w.ContestantID]
			delete(have, w.ContestantID)
			switch {
			case !ok:
				diffs = append(diffs, fmt.Sprintf("poll %s, %s: no total stored, the ballots give %d points from %d ballots",
					p.ID, w.ContestantID, w.TotalScore, w.Votes))
			case h.TotalScore != w.TotalScore || h.Votes != w.Votes:
				diffs = append(diffs, fmt.Sprintf("poll %s, %s: stored %d points from %d ballots, the ballots give %d points from %d ballots",
					p.ID, w.ContestantID, h.TotalScore, h.Votes, w.TotalScore, w.Votes))
			case h.Name == "":
				diffs = append(diffs, fmt.Sprintf("poll %s, %s: the stored total has no name", p.ID, w.ContestantID))
			}
		}
		extra := make([]string, 0, len(have))
		for id := range have {
			extra = append(extra, id)
		}
		sort.Strings(extra)
		for _, id := range extra {
			if h := have[id]; h.TotalScore != 0 || h.Votes != 0 {
				diffs = append(diffs, fmt.Sprintf("poll %s, %s: stored %d points from %d ballots, no ballot names them",
					p.ID, id, h.TotalScore, h.Votes))
			}
		}
	}
	return diffs, nil
}

// RecountPolls rebuilds every poll's running totals and ballot count from its
// ballots, in one transaction. nameOf names contestants (a stored name is kept
// when it gives none).
func (s *Store) RecountPolls(ctx context.Context, nameOf func(string) string) error {
	polls, err := s.Polls(ctx)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *sql.Tx) error {
		for _, p := range polls {
			have, err := storedScores(ctx, tx, p.ID)
			if err != nil {
				return err
			}
			want, err := recountPoll(ctx, tx, p.ID, func(id string) string {
				if nameOf != nil {
					if n := nameOf(id); n != "" {
						return n
					}
				}
				if n := have[id].Name; n != "" {
					return n
				}
				return id
			})
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM global_scores WHERE poll_id = $1`, p.ID); err != nil {
				return fmt.Errorf("recount poll %s: %w", p.ID, err)
			}
			rows := make([][]any, len(want.scores))
			for i, sc := range want.scores {
				rows[i] = []any{p.ID, sc.ContestantID, sc.Name, sc.TotalScore, sc.Votes}
			}
			if err := s.multiInsert(ctx, tx, "global_scores", []string{"poll_id", "contestant_id", "name", "total_score", "votes"}, rows); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE global_polls SET submissions = $1 WHERE id = $2`, want.submissions, p.ID); err != nil {
				return fmt.Errorf("recount poll %s: %w", p.ID, err)
			}
		}
		return nil
	})
}

// WithdrawBallots removes userID's ballots from every poll, taking their points out
// of the totals in the same transaction. Deleting an account must do this (in its
// own transaction, through withdrawBallots) before the user row goes, since the
// ballots' foreign key would otherwise drop them without touching the totals.
func (s *Store) WithdrawBallots(ctx context.Context, userID string) error {
	return s.tx(ctx, func(tx *sql.Tx) error { return withdrawBallots(ctx, tx, userID) })
}

func withdrawBallots(ctx context.Context, tx *sql.Tx, userID string) error {
	rows, err := tx.QueryContext(ctx, `SELECT poll_id FROM global_submissions WHERE user_id = $1 ORDER BY poll_id`, userID)
	if err != nil {
		return fmt.Errorf("find ballots: %w", err)
	}
	var polls []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("find ballots: %w", err)
		}
		polls = append(polls, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find ballots: %w", err)
	}
	for _, pollID := range polls {
		// The poll's row first, as SubmitBallot takes it, then the ballot as it is now.
		if _, err := tx.ExecContext(ctx, `UPDATE global_polls SET submissions = submissions WHERE id = $1`, pollID); err != nil {
			return fmt.Errorf("lock poll: %w", err)
		}
		var raw string
		err := tx.QueryRowContext(ctx, `DELETE FROM global_submissions WHERE poll_id = $1 AND user_id = $2 RETURNING ranking`, pollID, userID).Scan(&raw)
		if errors.Is(err, sql.ErrNoRows) {
			continue // withdrawn meanwhile
		}
		if err != nil {
			return fmt.Errorf("withdraw ballot: %w", err)
		}
		old, err := decodeRanking(raw)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE global_polls SET submissions = submissions - 1 WHERE id = $1`, pollID); err != nil {
			return fmt.Errorf("count ballot: %w", err)
		}
		if err := applyDeltas(ctx, tx, pollID, model.BallotChange(old, nil, nil)); err != nil {
			return err
		}
	}
	return nil
}
