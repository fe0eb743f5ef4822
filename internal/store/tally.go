package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"castaway/internal/model"
)

// A vote writes what a fan reads at once: its row, the list's upvote count and the day's
// count (upvotes.go). What follows from them is caught up by the tally a moment later,
// for every list voted on since, however many votes each had: the browse orders by votes
// (lists.vote_rank), the kept weeks' counts (list_upvotes_week, recounted from the
// days) and the author's one upvote notification of the list, naming its newest voter.
// A vote wrote all of that itself before, half of its pages, one list's at a time.

// TallyBatch bounds the lists one catch-up takes on.
const TallyBatch = 500

// FoldVotes catches up at most max lists whose votes changed since their last catch-up,
// in one transaction, and tells how many it caught up and who it notified. note makes the
// notification a list's newest voter sends its author (nil for none).
//
// It reads the pending lists without locking them and recounts their weeks (rows no vote
// writes), then takes each list out of the pending ones in one last statement: only the
// votes it saw (the pending votes less what it read), so a vote cast meanwhile leaves its list
// pending for the next catch-up, and the voter named only when no newer one came. A vote
// therefore never waits for a catch-up's round trips: on PostgreSQL the catch-up locked
// its lists from its first statement to its commit, and every vote on them, a popular
// list's most of all, queued behind it (upvotes at 0.018× the minimal handler). On
// PostgreSQL one catch-up runs at a time across the nodes (a transaction's advisory lock;
// another node's catch-up finds it taken and leaves the lists to it), and it commits as a
// mark does (batched), though on a connection of the main pool, so the marks' pool is the
// votes' alone: what it writes is recounted from the votes if a crash loses it.
func (s *Store) FoldVotes(ctx context.Context, max int, note func(model.VotedList) *model.Notification) (int, []string, error) {
	var caught int
	var notified []string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		caught, notified = 0, nil
		if s.dialect == Postgres {
			var mine bool
			err := tx.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock($1), set_config('synchronous_commit', 'off', true)`, tallyLock).
				Scan(&mine, new(string))
			if err != nil || !mine {
				return err
			}
		}
		pending, err := s.votedLists(ctx, tx, max)
		if err != nil || len(pending) == 0 {
			return err
		}
		if err := s.foldWeeks(ctx, tx, pending); err != nil {
			return err
		}
		var notes []*model.Notification
		for _, v := range pending {
			if v.VoterID != "" {
				if n := note(v.VotedList); n != nil {
					notes = append(notes, n)
				}
			}
		}
		if notified, err = s.announceUpvotes(ctx, tx, notes); err != nil {
			return err
		}
		// Last, so the lists' rows are held for this statement and the commit alone.
		if err := s.foldLists(ctx, tx, pending); err != nil {
			return err
		}
		caught = len(pending)
		return nil
	})
	return caught, notified, err
}

// tallyLock is the advisory lock a catch-up holds on PostgreSQL ("tally" in ASCII).
const tallyLock = 0x74616c6c79

// votedList is a list the tally catches up, with the votes it saw pending.
type votedList struct {
	model.VotedList
	pending int64
}

// foldStatements take list ($1, $2) out of the pending lists for the $3 votes a catch-up
// saw, its browse orders taking its count, and forget voter $4 unless a newer one came.
var foldStatements = []string{
	`UPDATE lists SET vote_rank = upvote_count WHERE user_id = $1 AND id = $2 AND vote_rank <> upvote_count`,
	`UPDATE list_votes_pending SET n = n - $3, last_voter_id = CASE WHEN last_voter_id = $4 THEN '' ELSE last_voter_id END
		WHERE list_user_id = $1 AND list_id = $2`,
	`DELETE FROM list_votes_pending WHERE list_user_id = $1 AND list_id = $2 AND n <= 0`,
}

// foldLists runs foldStatements for each of lists: on PostgreSQL for them all at once
// (FoldListsTogether), so the lists' rows are locked for those statements and the commit
// alone. A list's browse order is written only when its count moved (a vote and its
// withdrawal leave it), and a vote that came meanwhile leaves its list pending: the
// pending row is deleted only when it holds no more than the catch-up saw.
func (s *Store) foldLists(ctx context.Context, tx *sql.Tx, lists []votedList) error {
	if s.dialect != Postgres {
		for _, v := range lists {
			for _, q := range foldStatements {
				if _, err := tx.ExecContext(ctx, q, v.List.UserID, v.List.ID, v.pending, v.VoterID); err != nil {
					return fmt.Errorf("catch up votes: %w", err)
				}
			}
		}
		return nil
	}
	users, ids, seen, voters := make([]string, len(lists)), make([]string, len(lists)), make([]int64, len(lists)), make([]string, len(lists))
	for i, v := range lists {
		users[i], ids[i], seen[i], voters[i] = v.List.UserID, v.List.ID, v.pending, v.VoterID
	}
	for _, q := range FoldListsTogether {
		if _, err := tx.ExecContext(ctx, q, users, ids, seen, voters); err != nil {
			return fmt.Errorf("catch up votes: %w", err)
		}
	}
	return nil
}

// FoldListsTogether are foldStatements for the lists of the arrays $1 (owners), $2 (ids),
// $3 (votes seen) and $4 (voters seen) (PostgreSQL). They lock as a vote does, the list's
// row before its pending row, each a statement of its own: in one statement PostgreSQL
// chooses the order, and a vote waiting on the one for the other was a deadlock.
var FoldListsTogether = []string{
	`UPDATE lists l SET vote_rank = l.upvote_count FROM ` + foldArrays + `
	WHERE l.user_id = v.user_id AND l.id = v.id AND l.vote_rank <> l.upvote_count`,
	`UPDATE list_votes_pending p SET n = p.n - v.seen, last_voter_id = CASE WHEN p.last_voter_id = v.voter THEN '' ELSE p.last_voter_id END
	FROM ` + foldArrays + ` WHERE p.list_user_id = v.user_id AND p.list_id = v.id`,
	`DELETE FROM list_votes_pending p USING ` + foldArrays + ` WHERE p.list_user_id = v.user_id AND p.list_id = v.id AND p.n <= 0`,
}

const foldArrays = `unnest(CAST($1 AS TEXT[]), CAST($2 AS TEXT[]), CAST($3 AS BIGINT[]), CAST($4 AS TEXT[])) AS v(user_id, id, seen, voter)`

// StmtVotedLists reads at most max lists the tally has yet to catch up, each with the
// votes pending and the voter its author is to hear of, if any, through the index of
// such lists alone. On PostgreSQL each pending list's row and voter's are looked up by
// key (LATERAL, LIMIT 1): joined as tables, the planner guessed the pending lists from
// the table's size, hundreds where the votes of a moment leave a few, and read every list
// and every user for them (11 ms a catch-up at 20,000 lists, quiet; 84 ms under votes).
func StmtVotedLists(d Dialect, max int) string {
	if d == Postgres {
		return `SELECT l.user_id, l.id, l.name, l.is_public, p.last_voter_id, COALESCE(u.display_name, ''), p.n
		FROM (SELECT list_user_id, list_id, last_voter_id, n FROM list_votes_pending LIMIT ` + strconv.Itoa(max) + `) p
		JOIN LATERAL (SELECT user_id, id, name, is_public FROM lists WHERE user_id = p.list_user_id AND id = p.list_id LIMIT 1) l ON TRUE
		LEFT JOIN LATERAL (SELECT display_name FROM users WHERE id = p.last_voter_id LIMIT 1) u ON TRUE`
	}
	return `SELECT l.user_id, l.id, l.name, l.is_public, p.last_voter_id, COALESCE(u.display_name, ''), p.n
		FROM list_votes_pending p JOIN lists l ON l.user_id = p.list_user_id AND l.id = p.list_id
		LEFT JOIN users u ON u.id = p.last_voter_id LIMIT ` + strconv.Itoa(max)
}

func (s *Store) votedLists(ctx context.Context, tx *sql.Tx, max int) ([]votedList, error) {
	rows, err := tx.QueryContext(ctx, StmtVotedLists(s.dialect, max))
	if err != nil {
		return nil, fmt.Errorf("read voted lists: %w", err)
	}
	defer rows.Close()
	var out []votedList
	for rows.Next() {
		var v votedList
		if err := rows.Scan(&v.List.UserID, &v.List.ID, &v.List.Name, &v.List.IsPublic, &v.VoterID, &v.VoterName, &v.pending); err != nil {
			return nil, fmt.Errorf("read voted lists: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// foldWeeks recounts the kept weeks of lists from their days: on PostgreSQL for them all
// in two statements (a catch-up of a hundred lists cost two hundred round trips, as many
// as the votes it caught up), on SQLite, in process, with FoldStatements for each.
func (s *Store) foldWeeks(ctx context.Context, tx *sql.Tx, lists []votedList) error {
	if s.dialect == Postgres {
		users, ids := make([]string, len(lists)), make([]string, len(lists))
		for i, v := range lists {
			users[i], ids[i] = v.List.UserID, v.List.ID
		}
		for _, q := range FoldWeeksTogether {
			if _, err := tx.ExecContext(ctx, q, users, ids); err != nil {
				return fmt.Errorf("catch up votes: %w", err)
			}
		}
		return nil
	}
	stmts := make([]*sql.Stmt, len(FoldStatements))
	for i, q := range FoldStatements {
		var err error
		if stmts[i], err = tx.PrepareContext(ctx, q); err != nil {
			return fmt.Errorf("catch up votes: %w", err)
		}
		defer stmts[i].Close()
	}
	for _, v := range lists {
		for _, st := range stmts {
			if _, err := st.ExecContext(ctx, v.List.UserID, v.List.ID); err != nil {
				return fmt.Errorf("catch up votes: %w", err)
			}
		}
	}
	return nil
}

// FoldWeeksTogether are FoldStatements for the lists whose owners and ids are the arrays
// $1 and $2 (PostgreSQL).
var FoldWeeksTogether = []string{
	`INSERT INTO list_upvotes_week (list_user_id, list_id, end_day, n)
	SELECT d.list_user_id, d.list_id, w.end_day, SUM(d.n)
	FROM unnest(CAST($1 AS TEXT[]), CAST($2 AS TEXT[])) AS p(u, i)
	JOIN list_upvotes_daily d ON d.list_user_id = p.u AND d.list_id = p.i
		AND d.day >= (SELECT min(end_day) FROM list_upvote_weeks) - ` + strconv.Itoa(weekDays-1) + `
		AND d.day <= (SELECT max(end_day) FROM list_upvote_weeks)
	JOIN list_upvote_weeks w ON d.day >= w.end_day - ` + strconv.Itoa(weekDays-1) + ` AND d.day <= w.end_day
	GROUP BY d.list_user_id, d.list_id, w.end_day
	ON CONFLICT (list_user_id, list_id, end_day) DO UPDATE SET n = excluded.n WHERE list_upvotes_week.n <> excluded.n`,
	`DELETE FROM list_upvotes_week wk USING unnest(CAST($1 AS TEXT[]), CAST($2 AS TEXT[])) AS p(u, i)
	WHERE wk.list_user_id = p.u AND wk.list_id = p.i AND NOT EXISTS (SELECT 1 FROM list_upvotes_daily d
		WHERE d.list_user_id = p.u AND d.list_id = p.i AND d.day >= wk.end_day - ` + strconv.Itoa(weekDays-1) + `
		AND d.day <= wk.end_day)`,
}

// FoldStatements catch one list ($1, $2) up with its votes: its kept weeks are recounted
// from its days (a row for each with any upvote, written only where it changed; the kept
// weeks' first and last days bound the days read, so a list voted on for years reads a
// week's). foldLists then takes it out of the pending lists.
var FoldStatements = []string{
	`INSERT INTO list_upvotes_week (list_user_id, list_id, end_day, n)
	SELECT d.list_user_id, d.list_id, w.end_day, SUM(d.n) FROM list_upvote_weeks w
	JOIN list_upvotes_daily d ON d.list_user_id = $1 AND d.list_id = $2
		AND d.day >= w.end_day - ` + strconv.Itoa(weekDays-1) + ` AND d.day <= w.end_day
	WHERE d.day >= (SELECT min(end_day) FROM list_upvote_weeks) - ` + strconv.Itoa(weekDays-1) + `
		AND d.day <= (SELECT max(end_day) FROM list_upvote_weeks)
	GROUP BY d.list_user_id, d.list_id, w.end_day
	ON CONFLICT (list_user_id, list_id, end_day) DO UPDATE SET n = excluded.n WHERE list_upvotes_week.n <> excluded.n`,
	`DELETE FROM list_upvotes_week WHERE list_user_id = $1 AND list_id = $2 AND NOT EXISTS (SELECT 1 FROM list_upvotes_daily d
		WHERE d.list_user_id = $1 AND d.list_id = $2 AND d.day >= list_upvotes_week.end_day - ` + strconv.Itoa(weekDays-1) + `
		AND d.day <= list_upvotes_week.end_day)`,
}

// announceUpvotes writes each list's one upvote notification (its dedupe key names the
// list, not the voter): new, or brought back to the top as new when it names another
// voter than it did, so a fan toggling a vote never repeats it. Nobody hears of someone
// they blocked. It returns the recipients of those written.
func (s *Store) announceUpvotes(ctx context.Context, tx *sql.Tx, notes []*model.Notification) ([]string, error) {
	if len(notes) == 0 {
		return nil, nil
	}
	if s.dialect == Postgres {
		return announceUpvotesTogether(ctx, tx, notes)
	}
	st, err := tx.PrepareContext(ctx, stmtAnnounceUpvote)
	if err != nil {
		return nil, fmt.Errorf("announce upvotes: %w", err)
	}
	defer st.Close()
	var notified []string
	for _, n := range notes {
		res, err := st.ExecContext(ctx, n.ID, n.UserID, n.Type, n.ActorID, n.CreatedByName, n.Content,
			n.ListUserID, n.ListID, n.CommentID, n.DedupeKey, millis(n.CreatedAt))
		if err != nil {
			return nil, fmt.Errorf("announce upvotes: %w", err)
		}
		if written, _ := res.RowsAffected(); written > 0 {
			notified = append(notified, n.UserID)
		}
	}
	return notified, nil
}

// stmtAnnounceUpvote writes one list's upvote notification ($1...$11), unless its author
// blocked the voter, or it names that voter already.
const stmtAnnounceUpvote = `INSERT INTO notifications
	(id, user_id, type, actor_id, created_by_name, content, is_new, list_user_id, list_id, comment_id, dedupe_key, created_at)
	SELECT $1, $2, $3, $4, $5, $6, TRUE, $7, $8, $9, $10, CAST($11 AS BIGINT)
	WHERE NOT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $2 AND blocked_id = $4)
	ON CONFLICT (dedupe_key) DO UPDATE SET actor_id = excluded.actor_id, created_by_name = excluded.created_by_name,
		content = excluded.content, is_new = TRUE, created_at = excluded.created_at
	WHERE notifications.actor_id IS DISTINCT FROM excluded.actor_id`

// announceUpvotesTogether is announceUpvotes on PostgreSQL: every note in one statement
// (a list has one note: their dedupe keys differ).
func announceUpvotesTogether(ctx context.Context, tx *sql.Tx, notes []*model.Notification) ([]string, error) {
	cols := make([][]string, 10)
	at := make([]int64, len(notes))
	for i, n := range notes {
		for c, v := range []string{n.ID, n.UserID, n.Type, n.ActorID, n.CreatedByName, n.Content, n.ListUserID, n.ListID, n.CommentID, n.DedupeKey} {
			cols[c] = append(cols[c], v)
		}
		at[i] = millis(n.CreatedAt)
	}
	args := make([]any, 0, 11)
	for _, c := range cols {
		args = append(args, c)
	}
	rows, err := tx.QueryContext(ctx, `INSERT INTO notifications
		(id, user_id, type, actor_id, created_by_name, content, is_new, list_user_id, list_id, comment_id, dedupe_key, created_at)
		SELECT n.id, n.user_id, n.type, n.actor_id, n.name, n.content, TRUE, n.luid, n.lid, n.cid, n.dedupe, n.at
		FROM unnest(CAST($1 AS TEXT[]), CAST($2 AS TEXT[]), CAST($3 AS TEXT[]), CAST($4 AS TEXT[]), CAST($5 AS TEXT[]),
			CAST($6 AS TEXT[]), CAST($7 AS TEXT[]), CAST($8 AS TEXT[]), CAST($9 AS TEXT[]), CAST($10 AS TEXT[]), CAST($11 AS BIGINT[]))
			AS n(id, user_id, type, actor_id, name, content, luid, lid, cid, dedupe, at)
		WHERE NOT EXISTS (SELECT 1 FROM blocks WHERE blocker_id = n.user_id AND blocked_id = n.actor_id)
		ON CONFLICT (dedupe_key) DO UPDATE SET actor_id = excluded.actor_id, created_by_name = excluded.created_by_name,
			content = excluded.content, is_new = TRUE, created_at = excluded.created_at
		WHERE notifications.actor_id IS DISTINCT FROM excluded.actor_id
		RETURNING user_id`, append(args, at)...)
	if err != nil {
		return nil, fmt.Errorf("announce upvotes: %w", err)
	}
	defer rows.Close()
	var notified []string
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return nil, fmt.Errorf("announce upvotes: %w", err)
		}
		notified = append(notified, u)
	}
	return notified, rows.Err()
}

// StmtVotesPending counts the lists the tally has yet to catch up, up to $1.
const StmtVotesPending = `SELECT count(*) FROM (SELECT 1 FROM list_votes_pending LIMIT CAST($1 AS BIGINT)) p`

// VotesPending counts the lists the tally has yet to catch up, up to max.
func (s *Store) VotesPending(ctx context.Context, max int) (int, error) {
	var n int
	if err := s.rdb.QueryRowContext(ctx, StmtVotesPending, max).Scan(&n); err != nil {
		return 0, fmt.Errorf("count voted lists: %w", err)
	}
	return n, nil
}
