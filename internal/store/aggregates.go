package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// The per-list and per-comment counts, each recounted for every row at once: one
// grouped pass over the rows joined once to what it counts, so a recount costs time in
// proportion to the data whatever plan the statistics suggest (a correlated count per
// list became a nested scan).
var (
	// listCounts are the counts each list keeps, as (column, its rows grouped by list).
	listCounts = []struct{ column, recount string }{
		{"upvote_count", `SELECT list_user_id AS k1, list_id AS k2, count(*) AS n FROM list_upvotes GROUP BY list_user_id, list_id`},
		{"comment_count", `SELECT c.list_user_id AS k1, c.list_id AS k2, count(*) AS n FROM comments c
			LEFT JOIN comments p ON p.id = c.parent_id WHERE ` + commentCounted + ` GROUP BY c.list_user_id, c.list_id`},
		{"item_count", `SELECT list_user_id AS k1, list_id AS k2, count(*) AS n FROM list_items GROUP BY list_user_id, list_id`},
		{"remix_count", recountRemixes},
	}
	recountCommentVotes = `SELECT comment_id, SUM(CASE WHEN value = 1 THEN 1 ELSE 0 END) AS up,
		SUM(CASE WHEN value = -1 THEN 1 ELSE 0 END) AS down FROM comment_votes GROUP BY comment_id`
)

// recountDaily is what list_upvotes_daily should hold.
const recountDaily = `SELECT list_user_id, list_id, created_at / 86400000 AS day, count(*) AS n FROM list_upvotes
	GROUP BY list_user_id, list_id, created_at / 86400000`

// rebuildCounts are RebuildAggregates' steps for the per-list and per-comment counts:
// zero every count that is not, then write each group's count.
func rebuildCounts() []string {
	var set, nonzero, steps []string
	for _, c := range listCounts {
		set, nonzero = append(set, c.column+` = 0`), append(nonzero, c.column+` <> 0`)
		steps = append(steps, `UPDATE lists SET `+c.column+` = r.n FROM (`+c.recount+`) r
			WHERE lists.user_id = r.k1 AND lists.id = r.k2`)
	}
	return append([]string{
		`UPDATE lists SET ` + strings.Join(set, ", ") + ` WHERE ` + strings.Join(nonzero, " OR "),
		`UPDATE comments SET upvotes = 0, downvotes = 0 WHERE upvotes <> 0 OR downvotes <> 0`,
		`UPDATE comments SET upvotes = r.up, downvotes = r.down FROM (` + recountCommentVotes + `) r
			WHERE comments.id = r.comment_id`,
	}, steps...)
}

// RebuildAggregates recomputes, in one transaction, every aggregate kept in step with
// its rows from the rows themselves: each list's upvote, comment, item and remix counts, the
// daily upvote counts behind "top voted this week", the public list counts per browse
// filter, the community consensus of each season and of the seasons, each comment's up
// and down votes, each account's follower and following counts,
// and the full-text search index. Bulk loads that insert rows directly call it after.
func (s *Store) RebuildAggregates(ctx context.Context) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		if err := sortInMemory(ctx, tx, s.dialect); err != nil {
			return fmt.Errorf("rebuild aggregates: %w", err)
		}
		steps := append(append(append([]string{}, suspensionRepairs...), // first: what is public and shown decides every count
			rebuildCounts()...),
			`DELETE FROM list_upvotes_daily`,
			`INSERT INTO list_upvotes_daily (list_user_id, list_id, day, n) `+recountDaily,
			`DELETE FROM list_counts`,
			`INSERT INTO list_counts (tag, kind, n) `+recountListCounts)
		steps = append(append(steps, rebuildConsensus...), rebuildCastaways...)
		steps = append(steps, followRepairs()...)
		if s.dialect == SQLite {
			steps = append(steps, `DELETE FROM list_fts`,
				`DELETE FROM list_search_ids WHERE NOT EXISTS (SELECT 1 FROM lists l
					WHERE l.user_id = list_search_ids.list_user_id AND l.id = list_search_ids.list_id)`)
		}
		for _, q := range steps {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return fmt.Errorf("rebuild aggregates: %w\n%s", err, q)
			}
		}
		if err := s.reindexSearch(ctx, tx, `TRUE`); err != nil {
			return fmt.Errorf("rebuild aggregates: %w", err)
		}
		if s.dialect == Postgres {
			// Fresh statistics, so the planner knows the new sizes: of this schema's tables
			// only, as a bare ANALYZE would lock every schema's (other nodes' tests, say).
			if err := analyzeSchema(ctx, tx); err != nil {
				return fmt.Errorf("rebuild aggregates: analyze: %w", err)
			}
		}
		return nil
	})
}

// maxDifferences bounds how many differences of one kind VerifyAggregates reports.
const maxDifferences = 50

// VerifyAggregates recounts every aggregate RebuildAggregates rebuilds and describes
// each one that differs from its rows (at most 50 of each kind); none means consistent.
func (s *Store) VerifyAggregates(ctx context.Context) ([]string, error) {
	var out []string
	limit := fmt.Sprintf(" LIMIT %d", maxDifferences)
	checks := []struct {
		what, query string
	}{
		{"list %s/%s: daily upvotes of day %v should be %v", `SELECT * FROM (` + recountDaily +
			` EXCEPT SELECT list_user_id, list_id, day, n FROM list_upvotes_daily) x`},
		{"list %s/%s: daily upvotes of day %v counted %v, no such upvotes", `SELECT * FROM (SELECT list_user_id, list_id, day, n FROM list_upvotes_daily
			EXCEPT ` + recountDaily + `) x`},
		{"list count (tag %q, %s): %v, should be %v", `SELECT c.tag, c.kind, c.n, COALESCE(r.n, 0) FROM list_counts c
			LEFT JOIN (` + recountListCounts + `) r ON r.tag = c.tag AND r.kind = c.kind WHERE c.n <> COALESCE(r.n, 0)`},
		{"list count (tag %q, %s): %v, should be %v", `SELECT r.tag, r.kind, 'missing', r.n FROM (` + recountListCounts + `) r
			WHERE NOT EXISTS (SELECT 1 FROM list_counts c WHERE c.tag = r.tag AND c.kind = r.kind)`},
		{"comment %s (%s): up/down %v, votes %v", `SELECT c.id, c.list_id, c.upvotes || '/' || c.downvotes,
			COALESCE(r.up, 0) || '/' || COALESCE(r.down, 0) FROM comments c LEFT JOIN (` + recountCommentVotes + `) r
			ON r.comment_id = c.id WHERE c.upvotes <> COALESCE(r.up, 0) OR c.downvotes <> COALESCE(r.down, 0)`},
	}
	for _, c := range listCounts {
		checks = append(checks, struct{ what, query string }{"list %s/%s: " + c.column + " %v, recounted %v",
			`SELECT l.user_id, l.id, l.` + c.column + `, COALESCE(r.n, 0) FROM lists l LEFT JOIN (` + c.recount + `) r
				ON r.k1 = l.user_id AND r.k2 = l.id WHERE l.` + c.column + ` <> COALESCE(r.n, 0)`})
	}
	checks = append(checks, suspensionChecks...)
	checks = append(append(checks, consensusChecks...), castawayChecks...)
	checks = append(checks, followChecks()...)
	if s.dialect == Postgres {
		checks = append(checks, struct{ what, query string }{"list %s/%s: search index %v, expected %v",
			`SELECT l.user_id, l.id, 'stale', 'rewritten' FROM lists l WHERE l.search_doc <> ` + pgSearchDoc})
	} else {
		checks = append(checks,
			// Every list has its number; a public one has its row as its words are, any
			// other none (searchIndexStatements).
			struct{ what, query string }{"list %s/%s: search index %v, expected %v",
				`SELECT l.user_id, l.id, CASE WHEN k.id IS NULL THEN 'unnumbered' WHEN NOT l.is_public THEN 'holds a private list'
					WHEN f.rowid IS NULL THEN 'missing' ELSE 'stale' END, 'rewritten'
				FROM lists l JOIN users u ON u.id = l.user_id
				LEFT JOIN list_search_ids k ON k.list_user_id = l.user_id AND k.list_id = l.id
				LEFT JOIN list_fts f ON f.rowid = k.id
				WHERE k.id IS NULL OR (l.is_public <> TRUE AND f.rowid IS NOT NULL)
				   OR (l.is_public = TRUE AND (f.rowid IS NULL OR f.name IS NOT l.name OR f.description IS NOT l.description
				       OR f.author IS NOT u.display_name OR f.items IS NOT ` + sqliteSearchItems + `))`},
			struct{ what, query string }{"search index row %v: %v %v %v",
				`SELECT f.rowid, 'belongs', 'to no', 'list' FROM list_fts f
				WHERE NOT EXISTS (SELECT 1 FROM list_search_ids k WHERE k.id = f.rowid)`})
	}
	// On PostgreSQL every check reads one snapshot, with room to sort; SQLite's reads
	// outside a transaction each see the database as it is.
	var db interface {
		QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	} = s.rdb
	if s.dialect == Postgres {
		tx, err := s.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
		if err != nil {
			return nil, fmt.Errorf("verify aggregates: %w", err)
		}
		defer tx.Rollback()
		if err := sortInMemory(ctx, tx, s.dialect); err != nil {
			return nil, fmt.Errorf("verify aggregates: %w", err)
		}
		db = tx
	}
	for _, c := range checks {
		rows, err := db.QueryContext(ctx, c.query+limit)
		if err != nil {
			return nil, fmt.Errorf("verify aggregates: %w\n%s", err, c.query)
		}
		for rows.Next() {
			var a, b, x, y any
			if err := rows.Scan(&a, &b, &x, &y); err != nil {
				rows.Close()
				return nil, fmt.Errorf("verify aggregates: %w", err)
			}
			out = append(out, fmt.Sprintf(c.what, a, b, x, y))
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("verify aggregates: %w", err)
		}
	}
	return out, nil
}

// listCountKeys are the list_counts rows the lists l matching where (and public)
// contribute to, one row per contribution.
func listCountKeys(where string) string {
	kind := `CASE WHEN l.is_season THEN 'season' ELSE 'survivor' END`
	tagged := ` FROM list_tags t JOIN lists l ON l.user_id = t.list_user_id AND l.id = t.list_id WHERE l.is_public AND ` + where
	return `SELECT '' AS tag, 'all' AS kind FROM lists l WHERE l.is_public AND ` + where + `
		UNION ALL SELECT '', ` + kind + ` FROM lists l WHERE l.is_public AND ` + where + `
		UNION ALL SELECT t.tag, 'all'` + tagged + `
		UNION ALL SELECT t.tag, ` + kind + tagged
}

// recountListCounts is what list_counts should hold.
var recountListCounts = `SELECT tag, kind, count(*) AS n FROM (` + listCountKeys(`TRUE`) + `) k GROUP BY tag, kind`

// adjustListCounts adds delta to the list_counts rows list ($1, $2) contributes to, as
// it stands in tx: -1 before a change, +1 after it.
func adjustListCounts(ctx context.Context, tx *sql.Tx, userID, listID string, delta int) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO list_counts (tag, kind, n)
		SELECT tag, kind, count(*) * $3 FROM (`+listCountKeys(`l.user_id = $1 AND l.id = $2`)+`) k GROUP BY tag, kind
		ON CONFLICT (tag, kind) DO UPDATE SET n = list_counts.n + excluded.n`, userID, listID, delta)
	if err != nil {
		return fmt.Errorf("count lists: %w", err)
	}
	return nil
}

// sortInMemory gives a PostgreSQL transaction's recounts room to sort and group in
// memory: with the default 4 MB a recount of some 100,000 list items spills to disk and
// costs more per row than a smaller one, so verify --repair grows faster than the data.
func sortInMemory(ctx context.Context, tx *sql.Tx, d Dialect) error {
	if d != Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SET LOCAL work_mem = '64MB'`)
	return err
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
