package store

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"
)

// The week's upvotes (list_upvotes_week) are kept for a few weeks only, named in
// list_upvote_weeks by the day each ends on: the week the front page reads (today's) and
// the next one. A vote counts in the kept weeks that hold its day (StmtWeekUpvoteAdd):
// today's and tomorrow's, two rows, where keeping all seven weeks a day is in wrote seven,
// a third of an upvote's pages. A week is counted from the daily upvotes when first read
// (KeepWeek), together with the next, so it is ready when its day comes; on that day the
// week after is counted in the background, and no reader waits for it.
//
// Counting a week and a vote must not pass each other: a vote the count did not see must
// find the week kept. On SQLite the one writer runs them one after the other; on
// PostgreSQL the count locks list_upvotes_daily against writes (every vote writes it
// before it counts its weeks) and waits for the votes under way.

// keptWeeks remembers the weeks this process knows are kept, so the front page asks the
// database once a day. Its zero value is ready.
type keptWeeks struct {
	mu   sync.Mutex
	days map[int64]bool
	// counting runs one count of a day at a time, whoever asks.
	counting singleflight.Group
	// next is the week being counted ahead of its day, if any.
	next int64
}

// claimNext reports whether the week after endDay is neither kept nor being counted,
// and then marks it as being counted, until releaseNext.
func (k *keptWeeks) claimNext(endDay int64) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.days[endDay+1] || k.next == endDay+1 {
		return false
	}
	k.next = endDay + 1
	return true
}

func (k *keptWeeks) releaseNext() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.next = 0
}

func (k *keptWeeks) has(endDay int64) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.days[endDay]
}

// add records endDay and endDay+1 as kept and forgets the weeks KeepWeek drops.
func (k *keptWeeks) add(endDay int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.days == nil {
		k.days = map[int64]bool{}
	}
	for d := range k.days {
		if d < endDay-1 {
			delete(k.days, d)
		}
	}
	k.days[endDay], k.days[endDay+1] = true, true
}

// KeepWeek makes sure the upvotes of the week ending on endDay and of the next are kept,
// counting them from the daily upvotes if they are not (a row per list voted on in the
// week), and drops the weeks ended before the day before endDay, which no one reads.
// The count runs to its end even if the caller stops waiting for it (ctx): cut short, it
// would be rolled back, and each reader of a large site would start it again in vain.
func (s *Store) KeepWeek(ctx context.Context, endDay int64) error {
	count := func() <-chan singleflight.Result {
		return s.weeks.counting.DoChan(strconv.FormatInt(endDay, 10), func() (any, error) {
			return nil, s.keepWeeks(context.WithoutCancel(ctx), endDay)
		})
	}
	if s.weeks.has(endDay) {
		// Today's week was kept as yesterday's next: tomorrow's is counted meanwhile, by
		// one goroutine, and no reader waits for it (a week's count took seconds at
		// 1,000,000 lists).
		if s.weeks.claimNext(endDay) {
			go func() {
				defer s.weeks.releaseNext()
				if r := <-count(); r.Err != nil {
					slog.Warn("count the next week's upvotes", "err", r.Err)
				}
			}()
		}
		return nil
	}
	counted := count()
	select {
	case r := <-counted:
		return r.Err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// keepWeeks is KeepWeek's count, in one transaction.
func (s *Store) keepWeeks(ctx context.Context, endDay int64) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if s.dialect == Postgres {
			// No statement timeout: the first count on a large site (900,000 daily rows a week
			// at 1,000,000 lists) outlasts a request's, and a count cut short is counted again
			// by the next reader, so it would never end.
			for _, q := range []string{`SET LOCAL statement_timeout = 0`, `LOCK TABLE list_upvotes_daily IN SHARE ROW EXCLUSIVE MODE`} {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return err
				}
			}
		}
		for _, day := range []int64{endDay, endDay + 1} {
			if err := keepWeek(ctx, tx, day); err != nil {
				return err
			}
		}
		for _, q := range []string{`DELETE FROM list_upvotes_week WHERE end_day < $1`, `DELETE FROM list_upvote_weeks WHERE end_day < $1`} {
			if _, err := tx.ExecContext(ctx, q, endDay-1); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("keep the week's upvotes: %w", err)
	}
	s.weeks.add(endDay)
	return nil
}

// keepWeek counts the week ending on endDay from the daily upvotes unless it is kept.
func keepWeek(ctx context.Context, tx *sql.Tx, endDay int64) error {
	res, err := tx.ExecContext(ctx, `INSERT INTO list_upvote_weeks (end_day) VALUES ($1) ON CONFLICT (end_day) DO NOTHING`, endDay)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO list_upvotes_week (list_user_id, list_id, end_day, n)
		SELECT list_user_id, list_id, `+strconv.FormatInt(endDay, 10)+`, SUM(n) FROM list_upvotes_daily
		WHERE day >= $1 AND day <= $2 GROUP BY list_user_id, list_id
		ON CONFLICT (list_user_id, list_id, end_day) DO UPDATE SET n = excluded.n`, endDay-weekDays+1, endDay)
	return err
}
