package store

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// An Aggregate is one kind of figure kept in step with its rows. `castaway verify` checks
// each one and `verify --repair` rebuilds only those that differ, so a repair after a
// small fault costs about one check of the data rather than a rebuild of all of it.
type Aggregate int

// The aggregates, in the order they are checked. Visibility comes first: whether a list
// is public decides every other figure, so repairing it rebuilds them all.
const (
	AggVisibility Aggregate = iota
	AggCounts
	AggWeekly
	AggBrowseCounts
	AggConsensus
	AggCastaways
	AggFollows
	AggSearch
)

// Aggregates lists every Aggregate.
var Aggregates = []Aggregate{AggVisibility, AggCounts, AggWeekly, AggBrowseCounts, AggConsensus, AggCastaways, AggFollows, AggSearch}

var aggregateNames = map[Aggregate]string{
	AggVisibility:   "visibility (public lists, comments hidden by a suspension)",
	AggCounts:       "list and comment counts (upvotes, comments, items, remixes, tags, comment votes)",
	AggWeekly:       "daily and weekly upvotes",
	AggBrowseCounts: "browse counts",
	AggConsensus:    "community rankings",
	AggCastaways:    "castaway pages and the sitemap",
	AggFollows:      "follower and following counts",
	AggSearch:       "search index",
}

func (a Aggregate) String() string { return aggregateNames[a] }

// check is one query of an aggregate's verification: each row it returns is a
// difference, described by what (a value per column).
type check struct{ what, query string }

// kept is how an aggregate is checked and rebuilt on one engine.
type kept struct {
	checks  []check
	rebuild func(ctx context.Context, tx *sql.Tx) error
}

// exec runs steps in order.
func exec(steps ...string) func(context.Context, *sql.Tx) error {
	return func(ctx context.Context, tx *sql.Tx) error {
		for _, q := range steps {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("%w\n%s", err, q)
			}
		}
		return nil
	}
}

// kept describes a on s's engine. Each rebuild writes only what differs where a
// table is kept row for row beside another (counts, daily and weekly upvotes, the
// search index), and rewrites the small derived tables whole.
func (s *Store) kept(a Aggregate) kept {
	switch a {
	case AggVisibility:
		return kept{suspensionChecks, exec(suspensionRepairs...)}
	case AggCounts:
		return kept{countChecks(), exec(countRepairs()...)}
	case AggWeekly:
		return kept{weeklyChecks, exec(weeklyRepairs...)}
	case AggBrowseCounts:
		return kept{browseCountChecks, exec(`DELETE FROM list_counts`, `INSERT INTO list_counts (tag, kind, n) `+recountListCounts)}
	case AggConsensus:
		return kept{consensusChecks, exec(rebuildConsensus...)}
	case AggCastaways:
		return kept{castawayChecks, exec(rebuildCastaways...)}
	case AggFollows:
		return kept{followChecks(), exec(followRepairs()...)}
	case AggSearch:
		return kept{s.searchChecks(), s.rebuildSearch}
	}
	panic(fmt.Sprintf("store: no aggregate %d", a))
}

// RebuildAggregates recomputes every aggregate from the rows themselves, one
// transaction each, then merges SQLite's search index into one segment and refreshes
// PostgreSQL's statistics. Bulk loads that insert rows directly call it after. One
// transaction per aggregate keeps what a rebuild holds at once to one aggregate's
// writes: SQLite's writers wait for a step rather than the whole rebuild, and its WAL is
// copied back between steps. Written as one, a million lists'
// rebuild grew the WAL past 6 GB, and each page read the cache missed searched the
// WAL's index, which grows with it.
// Each aggregate is recounted from the rows as they stand, so none needs the others
// in its transaction; visibility, which the others count by, comes first.
func (s *Store) RebuildAggregates(ctx context.Context) error {
	for _, a := range Aggregates {
		start := time.Now()
		if err := s.rebuild(ctx, a); err != nil {
			return err
		}
		slog.DebugContext(ctx, "aggregate rebuilt", "aggregate", a.String(), "took", time.Since(start))
	}
	// A bulk load leaves SQLite's full-text index in many segments, each read by every search.
	if err := s.compactSearch(ctx); err != nil {
		return fmt.Errorf("rebuild aggregates: %w", err)
	}
	if s.dialect == Postgres {
		// Fresh statistics, so the planner knows the new sizes: of this schema's tables
		// only, as a bare ANALYZE would lock every schema's (other nodes' tests, say).
		if err := s.tx(ctx, func(tx *sql.Tx) error { return analyzeSchema(ctx, tx) }); err != nil {
			return fmt.Errorf("rebuild aggregates: analyze: %w", err)
		}
	}
	return nil
}

// RepairAggregate rebuilds a from its rows, in one transaction. Repairing the
// visibility rebuilds every aggregate (one transaction each), since each counts only
// what is public.
func (s *Store) RepairAggregate(ctx context.Context, a Aggregate) error {
	if a == AggVisibility {
		return s.RebuildAggregates(ctx)
	}
	return s.rebuild(ctx, a)
}

// rebuild recomputes a from its rows in one transaction.
func (s *Store) rebuild(ctx context.Context, a Aggregate) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := planRecounts(ctx, tx, s.dialect); err != nil {
			return fmt.Errorf("rebuild %s: %w", a, err)
		}
		if err := s.kept(a).rebuild(ctx, tx); err != nil {
			return fmt.Errorf("rebuild %s: %w", a, err)
		}
		return nil
	})
}

// maxDifferences bounds how many differences of one kind a verification reports.
const maxDifferences = 50

// VerifyAggregates recounts every aggregate and describes each figure that differs
// from its rows (at most 50 of each kind); none means consistent.
func (s *Store) VerifyAggregates(ctx context.Context) ([]string, error) {
	var out []string
	for _, a := range Aggregates {
		diffs, err := s.VerifyAggregate(ctx, a)
		if err != nil {
			return nil, err
		}
		out = append(out, diffs...)
	}
	return out, nil
}

// VerifyAggregate recounts a and describes each figure that differs from its rows.
func (s *Store) VerifyAggregate(ctx context.Context, a Aggregate) ([]string, error) {
	// On PostgreSQL an aggregate's checks read one snapshot, with room to sort; SQLite's
	// reads outside a transaction each see the database as it is.
	var db interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	} = s.rdb
	if s.dialect == Postgres {
		tx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
		if err != nil {
			return nil, fmt.Errorf("verify %s: %w", a, err)
		}
		defer tx.Rollback()
		if err := planRecounts(ctx, tx, s.dialect); err != nil {
			return nil, fmt.Errorf("verify %s: %w", a, err)
		}
		db = tx
	}
	var out []string
	for _, c := range s.kept(a).checks {
		rows, err := db.QueryContext(ctx, c.query+fmt.Sprintf(" LIMIT %d", maxDifferences))
		if err != nil {
			return nil, fmt.Errorf("verify %s: %w\n%s", a, err, c.query)
		}
		cols, err := rows.Columns()
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("verify %s: %w", a, err)
		}
		vals := make([]any, len(cols))
		dest := make([]any, len(cols))
		for i := range vals {
			dest[i] = &vals[i]
		}
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				rows.Close()
				return nil, fmt.Errorf("verify %s: %w", a, err)
			}
			out = append(out, fmt.Sprintf(c.what, vals...))
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("verify %s: %w", a, err)
		}
	}
	return out, nil
}

// planRecounts gives a PostgreSQL transaction's recounts room to sort and group in
// memory: with the default 4 MB a recount of some 100,000 list items spills to disk and
// costs more per row than a smaller one, so verify --repair grows faster than the data.
// It also has them sort and merge rather than hash: a recount joined to its table (the
// weekly upvotes' 30 million rows at 1,000,000 lists) comes out of both in key order, so
// a merge streams whatever the planner's statistics say, where a hash join built on a
// side they put at a tenth of its size spilled and split its batches for over half an
// hour (a bulk load's statistics are stale by nature). A hash at 100,000 lists was
// about 15% faster.
func planRecounts(ctx context.Context, tx *sql.Tx, d Dialect) error {
	if d != Postgres {
		return nil
	}
	for _, set := range []string{`SET LOCAL work_mem = '64MB'`, `SET LOCAL enable_hashjoin = off`, `SET LOCAL enable_hashagg = off`} {
		if _, err := tx.ExecContext(ctx, set); err != nil {
			return err
		}
	}
	return nil
}

// analyzeSchema brings the planner's statistics up to date for the tables of the
// current schema (PostgreSQL).
func analyzeSchema(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`)
	if err != nil {
		return err
	}
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return err
		}
		tables = append(tables, t)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	if len(tables) == 0 {
		return nil
	}
	_, err = tx.ExecContext(ctx, `ANALYZE `+strings.Join(tables, ", "))
	return err
}
