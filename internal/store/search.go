package store

import (
	"context"
	"database/sql"
	"fmt"
)

// searchItemText is one list_items row as the index holds it: its name, then its note
// when it has one (so a list without notes indexes exactly its item names).
const searchItemText = `name || CASE WHEN note = '' THEN '' ELSE ' ' || note END`

// pgSearchDoc is the tsvector of the list l on PostgreSQL, its row in list_search_docs.
const pgSearchDoc = `to_tsvector('simple', l.name || ' ' || l.description || ' ' ||
	COALESCE((SELECT u.display_name FROM users u WHERE u.id = l.user_id), '') || ' ' ||
	COALESCE((SELECT string_agg(` + searchItemText + `, ' ' ORDER BY position) FROM list_items
	          WHERE list_user_id = l.user_id AND list_id = l.id), ''))`

// sqliteSearchItems is the items column of the list l in the SQLite index.
const sqliteSearchItems = `COALESCE((SELECT group_concat(t, ' ') FROM (SELECT ` + searchItemText + ` AS t FROM list_items
	WHERE list_user_id = l.user_id AND list_id = l.id ORDER BY position) i), '')`

// searchIndexStatements rewrite the full-text index rows of the lists l matching where
// (which may use $1, $2 …) from their name, description, owner's display name and item
// names and notes: the index is derived, so any change to those, or to whether everyone
// may see the list, rewrites it. The index holds only lists everyone may see (is_public,
// which a moderator's hiding clears), so nothing a search reads, counts or caps depends on
// a list the visitor cannot see: SQLite's FTS table has no row for any other list, nor
// has PostgreSQL's list_search_docs (so its GIN index holds no word of one). Every list
// keeps its list_search_ids number, given at creation, so rowid order stays creation
// order. On PostgreSQL a row is written only when its words change: any write to it is
// one more for the GIN index, which takes it at once (no pending list, migration 0077). It
// carries the list's creation time, the order a search of a common word walks (0085).
func (s *Store) searchIndexStatements(where string) []string {
	if s.dialect == Postgres {
		return []string{
			`DELETE FROM list_search_docs d USING lists l WHERE l.user_id = d.list_user_id AND l.id = d.list_id
				AND l.is_public <> TRUE AND (` + where + `)`,
			`INSERT INTO list_search_docs (list_user_id, list_id, created_at, doc) SELECT l.user_id, l.id, l.created_at, ` + pgSearchDoc + `
				FROM lists l WHERE l.is_public = TRUE AND (` + where + `)
				ON CONFLICT (list_user_id, list_id) DO UPDATE SET doc = excluded.doc, created_at = excluded.created_at
				WHERE list_search_docs.doc <> excluded.doc OR list_search_docs.created_at <> excluded.created_at`,
		}
	}
	return []string{
		`INSERT OR IGNORE INTO list_search_ids (list_user_id, list_id)
			SELECT l.user_id, l.id FROM lists l WHERE ` + where + ` ORDER BY l.created_at, l.user_id, l.id`,
		`DELETE FROM list_fts WHERE rowid IN (SELECT k.id FROM list_search_ids k
			JOIN lists l ON l.user_id = k.list_user_id AND l.id = k.list_id WHERE ` + where + `)`,
		// In rowid order: FTS5 flushes its pending terms to a new segment whenever a rowid
		// goes backwards, and merging thousands of segments made a rebuild quadratic.
		`INSERT INTO list_fts (rowid, name, description, author, items)
			SELECT k.id, l.name, l.description, u.display_name, ` + sqliteSearchItems + `
			FROM list_search_ids k JOIN lists l ON l.user_id = k.list_user_id AND l.id = k.list_id
			JOIN users u ON u.id = l.user_id WHERE l.is_public = TRUE AND (` + where + `)
			ORDER BY k.id`,
	}
}

// reindexSearch rewrites the search index rows of the lists matching where, in tx.
func (s *Store) reindexSearch(ctx context.Context, tx *sql.Tx, where string, args ...any) error {
	for _, q := range s.searchIndexStatements(where) {
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return fmt.Errorf("index lists for search: %w", err)
		}
	}
	return nil
}

// searchChecks are the checks of AggSearch on s's engine.
func (s *Store) searchChecks() []check {
	if s.dialect == Postgres {
		return []check{
			{"list %s/%s: search index %v, expected %v",
				`SELECT l.user_id, l.id, CASE WHEN d.list_id IS NULL THEN 'missing' ELSE 'stale' END, 'rewritten'
				FROM lists l LEFT JOIN list_search_docs d ON d.list_user_id = l.user_id AND d.list_id = l.id
				WHERE l.is_public = TRUE AND (d.list_id IS NULL OR d.created_at <> l.created_at OR d.doc <> ` + pgSearchDoc + `)`},
			{"list %s/%s: search index %v, expected %v",
				`SELECT l.user_id, l.id, 'holds a private list', 'rewritten' FROM list_search_docs d
				JOIN lists l ON l.user_id = d.list_user_id AND l.id = d.list_id WHERE l.is_public <> TRUE`},
			{"search word %q%s: %v lists, expected %v",
				`SELECT COALESCE(w.word, t.term), '', COALESCE(t.n, 0), COALESCE(w.ndoc, 0) FROM ` + pgTermStats + ` w
				FULL JOIN search_term_counts t ON t.term = w.word WHERE t.n IS DISTINCT FROM w.ndoc`},
		}
	}
	return []check{
		// Every list has its number; a public one has its row as its words are, any
		// other none (searchIndexStatements).
		{"list %s/%s: search index %v, expected %v",
			`SELECT l.user_id, l.id, CASE WHEN k.id IS NULL THEN 'unnumbered' WHEN NOT l.is_public THEN 'holds a private list'
				WHEN f.rowid IS NULL THEN 'missing' ELSE 'stale' END, 'rewritten'
			FROM lists l JOIN users u ON u.id = l.user_id
			LEFT JOIN list_search_ids k ON k.list_user_id = l.user_id AND k.list_id = l.id
			LEFT JOIN list_fts f ON f.rowid = k.id
			WHERE k.id IS NULL OR (l.is_public = TRUE AND f.rowid IS NULL) OR (f.rowid IS NOT NULL AND ` + sqliteRowDiffers + `)`},
		{"search index row %v: %v %v %v", `SELECT f.rowid, 'belongs', 'to no', 'list' FROM list_fts f WHERE ` + sqliteRowOrphaned},
	}
}

// pgTermStats is each word of PostgreSQL's search index and how many lists hold it, as
// search_term_counts keeps them (migration 0082).
const pgTermStats = `ts_stat('SELECT doc FROM list_search_docs')`

// sqliteRowDiffers holds when the FTS row f of the list l (by u) is one its list should
// not have, or holds other words than the list's.
const sqliteRowDiffers = `(l.is_public <> TRUE OR f.name IS NOT l.name OR f.description IS NOT l.description
	OR f.author IS NOT u.display_name OR f.items IS NOT ` + sqliteSearchItems + `)`

// sqliteRowOrphaned holds when the FTS row f belongs to no list's number.
const sqliteRowOrphaned = `NOT EXISTS (SELECT 1 FROM list_search_ids k WHERE k.id = f.rowid)`

// rebuildSearch rewrites the search index rows that differ from their lists, as the
// checks find them, and no other: a rebuild of a consistent index computes every row's
// words but writes none (each write is one more for the full-text index to merge).
func (s *Store) rebuildSearch(ctx context.Context, tx *sql.Tx) error {
	if s.dialect == Postgres {
		// The upsert writes only the docs whose words changed; a gone list's doc goes
		// with it (ON DELETE CASCADE). Then the word counts, which the docs' triggers
		// keep, are put right where they differ.
		if err := s.reindexSearch(ctx, tx, `TRUE`); err != nil {
			return err
		}
		return exec(
			`DELETE FROM search_term_counts t WHERE NOT EXISTS (SELECT 1 FROM `+pgTermStats+` w WHERE w.word = t.term)`,
			`INSERT INTO search_term_counts AS t (term, n) SELECT word, ndoc FROM `+pgTermStats+` w
				ON CONFLICT (term) DO UPDATE SET n = excluded.n WHERE t.n <> excluded.n`,
		)(ctx, tx)
	}
	return exec(
		`INSERT OR IGNORE INTO list_search_ids (list_user_id, list_id)
			SELECT l.user_id, l.id FROM lists l ORDER BY l.created_at, l.user_id, l.id`,
		// A gone list's number goes, and its row with it (trigger list_search_ids_gone).
		`DELETE FROM list_search_ids WHERE NOT EXISTS (SELECT 1 FROM lists l
			WHERE l.user_id = list_search_ids.list_user_id AND l.id = list_search_ids.list_id)`,
		`DELETE FROM list_fts WHERE rowid IN (SELECT f.rowid FROM list_fts f
			JOIN list_search_ids k ON k.id = f.rowid
			JOIN lists l ON l.user_id = k.list_user_id AND l.id = k.list_id
			JOIN users u ON u.id = l.user_id WHERE `+sqliteRowDiffers+`)`,
		`DELETE FROM list_fts WHERE rowid IN (SELECT f.rowid FROM list_fts f WHERE `+sqliteRowOrphaned+`)`,
		// In rowid order, as searchIndexStatements inserts.
		`INSERT INTO list_fts (rowid, name, description, author, items)
			SELECT k.id, l.name, l.description, u.display_name, `+sqliteSearchItems+`
			FROM list_search_ids k JOIN lists l ON l.user_id = k.list_user_id AND l.id = k.list_id
			JOIN users u ON u.id = l.user_id
			WHERE l.is_public = TRUE AND NOT EXISTS (SELECT 1 FROM list_fts f WHERE f.rowid = k.id)
			ORDER BY k.id`,
	)(ctx, tx)
}
