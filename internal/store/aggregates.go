package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// The aggregates kept in step with their rows, each as the expression that recounts it.
const (
	recountUpvotes  = `(SELECT count(*) FROM list_upvotes v WHERE v.list_user_id = l.user_id AND v.list_id = l.id)`
	recountComments = `(SELECT count(*) FROM comments c LEFT JOIN comments p ON p.id = c.parent_id
		WHERE c.list_user_id = l.user_id AND c.list_id = l.id AND ` + commentCounted + `)`
	recountItems       = `(SELECT count(*) FROM list_items i WHERE i.list_user_id = l.user_id AND i.list_id = l.id)`
	recountCommentUp   = `(SELECT count(*) FROM comment_votes v WHERE v.comment_id = c.id AND v.value = 1)`
	recountCommentDown = `(SELECT count(*) FROM comment_votes v WHERE v.comment_id = c.id AND v.value = -1)`
	recountDaily       = `SELECT list_user_id, list_id, created_at / 86400000 AS day, count(*) AS n FROM list_upvotes
		GROUP BY list_user_id, list_id, created_at / 86400000`
)

// RebuildAggregates recomputes, in one transaction, every aggregate kept in step with
// its rows from the rows themselves: each list's upvote, comment, item and remix counts, the
// daily upvote counts behind "top voted this week", the public list counts per browse
// filter, the community consensus of each season and of the seasons, each comment's up
// and down votes,
// and the full-text search index. Bulk loads that insert rows directly call it after.
func (s *Store) RebuildAggregates(ctx context.Context) error {
	return s.tx(ctx, func(tx *sql.Tx) error {
		steps := append(append([]string{}, suspensionRepairs...), // first: what is public and shown decides every count
			`UPDATE lists SET upvote_count = `+strings.ReplaceAll(recountUpvotes, "l.", "lists.")+
				`, comment_count = `+strings.ReplaceAll(recountComments, "l.", "lists.")+
				`, item_count = `+strings.ReplaceAll(recountItems, "l.", "lists.")+
				`, remix_count = `+strings.ReplaceAll(recountRemixes, "l.", "lists."),
			`DELETE FROM list_upvotes_daily`,
			`INSERT INTO list_upvotes_daily (list_user_id, list_id, day, n) `+recountDaily,
			`DELETE FROM list_counts`,
			`INSERT INTO list_counts (tag, kind, n) `+recountListCounts,
			`UPDATE comments SET upvotes = `+strings.ReplaceAll(recountCommentUp, "c.id", "comments.id")+
				`, downvotes = `+strings.ReplaceAll(recountCommentDown, "c.id", "comments.id"),
		)
		steps = append(steps, rebuildConsensus...)
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
			// Fresh statistics, so the planner knows the new sizes.
			if _, err := tx.ExecContext(ctx, `ANALYZE`); err != nil {
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
		{"list %s/%s: upvote_count %v, upvotes %v", `SELECT l.user_id, l.id, l.upvote_count, ` + recountUpvotes +
			` FROM lists l WHERE l.upvote_count <> ` + recountUpvotes},
		{"list %s/%s: comment_count %v, comments %v", `SELECT l.user_id, l.id, l.comment_count, ` + recountComments +
			` FROM lists l WHERE l.comment_count <> ` + recountComments},
		{"list %s/%s: item_count %v, items %v", `SELECT l.user_id, l.id, l.item_count, ` + recountItems +
			` FROM lists l WHERE l.item_count <> ` + recountItems},
		{"list %s/%s: remix_count %v, public remixes %v", `SELECT l.user_id, l.id, l.remix_count, ` + recountRemixes +
			` FROM lists l WHERE l.remix_count <> ` + recountRemixes},
		{"list %s/%s: daily upvotes of day %v should be %v", `SELECT * FROM (` + recountDaily +
			` EXCEPT SELECT list_user_id, list_id, day, n FROM list_upvotes_daily) x`},
		{"list %s/%s: daily upvotes of day %v counted %v, no such upvotes", `SELECT * FROM (SELECT list_user_id, list_id, day, n FROM list_upvotes_daily
			EXCEPT ` + recountDaily + `) x`},
		{"list count (tag %q, %s): %v, should be %v", `SELECT c.tag, c.kind, c.n, COALESCE(r.n, 0) FROM list_counts c
			LEFT JOIN (` + recountListCounts + `) r ON r.tag = c.tag AND r.kind = c.kind WHERE c.n <> COALESCE(r.n, 0)`},
		{"list count (tag %q, %s): %v, should be %v", `SELECT r.tag, r.kind, 'missing', r.n FROM (` + recountListCounts + `) r
			WHERE NOT EXISTS (SELECT 1 FROM list_counts c WHERE c.tag = r.tag AND c.kind = r.kind)`},
		{"comment %s (%s): up/down %v, votes %v", `SELECT c.id, c.list_id, c.upvotes || '/' || c.downvotes,
			` + recountCommentUp + ` || '/' || ` + recountCommentDown + ` FROM comments c
			WHERE c.upvotes <> ` + recountCommentUp + ` OR c.downvotes <> ` + recountCommentDown},
	}
	checks = append(checks, suspensionChecks...)
	checks = append(checks, consensusChecks...)
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
	for _, c := range checks {
		rows, err := s.rdb.QueryContext(ctx, c.query+limit)
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
