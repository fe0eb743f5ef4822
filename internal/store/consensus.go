package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"castaway/internal/model"
)

// SeasonsScope is the consensus scope of season lists: the ranking of the seasons.
// AllTimeScope is every contestant of every season: the all-time ranking of contestants.
// Any other scope is a season id, for the ranking of that season's contestants.
const (
	SeasonsScope = ""
	AllTimeScope = "*"
)

// ConsensusPointScale is the points a list gives its top item: with k items the one at
// position p (0 first) gets (k - p) * ConsensusPointScale / k, in integers, so sums are
// exact on both engines and a recount finds the same figures. A tier list's entry takes
// the position in the middle of its tier's span, p = (first + last) / 2 of the tier's
// positions, so its points are (2k - first - last) * ConsensusPointScale/2 / k: a ranked
// item is a span of one (first = last = p), which gives the same points as before.
const ConsensusPointScale = 1000000

// consensusContributions is one row per item of each public list l matching where: its
// scope, item, normalised Borda points, and the list's key and creation time; a
// contestant's row comes twice, in its season's scope and in AllTimeScope (a join with
// two rows, so the window over the list's items is computed once). The list's length
// is counted from its items (not item_count), so a recount stands on the rows alone.
// A span is a tier's entries (list_items.tier), or one ranked item (tier NULL: its
// position tells it apart).
func consensusContributions(where string) string {
	return `SELECT CASE WHEN a.all_time = 1 THEN '*' ELSE w.scope END AS scope, w.item_id,
		(2 * w.k - w.first - w.last) * 500000 / w.k AS points, w.user_id, w.id, w.created_at FROM (
		SELECT CASE WHEN i.is_season THEN '' ELSE i.season_id END AS scope, i.item_id,
			count(*) OVER (PARTITION BY i.list_user_id, i.list_id) AS k,
			min(i.position) OVER span AS first, max(i.position) OVER span AS last, l.user_id, l.id, l.created_at
		FROM lists l JOIN list_items i ON i.list_user_id = l.user_id AND i.list_id = l.id
		WHERE l.is_public = TRUE AND ` + where + `
		WINDOW span AS (PARTITION BY i.list_user_id, i.list_id, i.tier, CASE WHEN i.tier IS NULL THEN i.position END)) w
		JOIN (SELECT 0 AS all_time UNION ALL SELECT 1) a ON a.all_time = 0 OR w.scope <> ''`
}

// What the consensus tables should hold, recounted from every public list's
// contributions (from, a table or a subquery holding consensusContributions' rows).
func recountConsensusItems(from string) string {
	return `SELECT scope, item_id, SUM(points) AS points, count(*) AS lists FROM ` + from + ` x GROUP BY scope, item_id`
}

func recountConsensusMembers(from string) string {
	return `SELECT DISTINCT scope, user_id, id, created_at FROM ` + from + ` x`
}

// adjustConsensus adds list ($1, $2), as it stands in tx, to the consensus (delta +1,
// after a creation or change) or takes it out (-1, before a change or a delete). A list
// that is not public contributes nothing.
func adjustConsensus(ctx context.Context, tx *sql.Tx, userID, listID string, delta int) error {
	one := consensusContributions(`l.user_id = $1 AND l.id = $2`)
	steps := []string{
		`INSERT INTO consensus_items (scope, item_id, points, lists)
			SELECT scope, item_id, SUM(points) * $3, count(*) * $3 FROM (` + one + `) x GROUP BY scope, item_id
			ON CONFLICT (scope, item_id) DO UPDATE SET points = consensus_items.points + excluded.points,
				lists = consensus_items.lists + excluded.lists`,
		`INSERT INTO consensus_lists (scope, n)
			SELECT scope, count(DISTINCT id) * $3 FROM (` + one + `) x GROUP BY scope
			ON CONFLICT (scope) DO UPDATE SET n = consensus_lists.n + excluded.n, version = consensus_lists.version + 1`,
	}
	for _, q := range steps {
		if _, err := tx.ExecContext(ctx, q, userID, listID, delta); err != nil {
			return fmt.Errorf("count consensus: %w", err)
		}
	}
	members := `DELETE FROM consensus_members WHERE list_user_id = $1 AND list_id = $2`
	if delta > 0 {
		members = `INSERT INTO consensus_members (scope, list_user_id, list_id, created_at)
			SELECT DISTINCT scope, user_id, id, created_at FROM (` + one + `) x WHERE TRUE ON CONFLICT DO NOTHING`
	}
	if _, err := tx.ExecContext(ctx, members, userID, listID); err != nil {
		return fmt.Errorf("count consensus lists: %w", err)
	}
	return nil
}

// The statements a consensus page runs. StmtConsensusVersion is all of it while the
// scope's version is the one its ranking was made at (-1: no list has counted yet).
const (
	StmtConsensusVersion = `SELECT COALESCE((SELECT version FROM consensus_lists WHERE scope = $1), -1)`
	StmtConsensusCount   = `SELECT COALESCE((SELECT n FROM consensus_lists WHERE scope = $1), 0)`
	StmtConsensusTallies = `SELECT item_id, points, lists FROM consensus_items WHERE scope = $1 AND lists > 0`
	StmtConsensusSample  = `SELECT cm.list_user_id, cm.list_id, l.name, u.display_name FROM consensus_members cm
		JOIN lists l ON l.user_id = cm.list_user_id AND l.id = cm.list_id JOIN users u ON u.id = l.user_id
		WHERE cm.scope = $1 ORDER BY cm.created_at DESC, cm.list_user_id DESC, cm.list_id DESC LIMIT CAST($2 AS BIGINT)`
)

// ConsensusVersion reads scope's consensus version: it moves on with every change to
// what ConsensusOf reads but the names of lists and their authors.
func (s *Store) ConsensusVersion(ctx context.Context, scope string) (int64, error) {
	var v int64
	if err := s.rdb.QueryRowContext(ctx, StmtConsensusVersion, scope).Scan(&v); err != nil {
		return 0, fmt.Errorf("read consensus version: %w", err)
	}
	return v, nil
}

// StmtConsensusVersions reads the versions of the n scopes $1 … $n that have one.
func StmtConsensusVersions(n int) string {
	marks := make([]string, n)
	for i := range marks {
		marks[i] = "$" + strconv.Itoa(i+1)
	}
	return `SELECT scope, version FROM consensus_lists WHERE scope IN (` + strings.Join(marks, ", ") + `)`
}

// ConsensusVersions reads the consensus versions of scopes in one round trip, as
// ConsensusVersion does each: -1 for a scope with none.
func (s *Store) ConsensusVersions(ctx context.Context, scopes []string) (map[string]int64, error) {
	out := make(map[string]int64, len(scopes))
	if len(scopes) == 0 {
		return out, nil
	}
	args := make([]any, len(scopes))
	for i, scope := range scopes {
		out[scope], args[i] = -1, scope
	}
	rows, err := s.rdb.QueryContext(ctx, StmtConsensusVersions(len(scopes)), args...)
	if err != nil {
		return nil, fmt.Errorf("read consensus versions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var scope string
		var v int64
		if err := rows.Scan(&scope, &v); err != nil {
			return nil, fmt.Errorf("read consensus versions: %w", err)
		}
		out[scope] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read consensus versions: %w", err)
	}
	return out, nil
}

// ListNames reads the names of the lists keys names and their authors' display names;
// a list gone is missing.
func (s *Store) ListNames(ctx context.Context, keys []model.ListRef) (map[model.ListRef][2]string, error) {
	out := map[model.ListRef][2]string{}
	if len(keys) == 0 {
		return out, nil
	}
	args := make([]any, 0, 2*len(keys))
	for _, k := range keys {
		args = append(args, k.UserID, k.ListID)
	}
	rows, err := s.rdb.QueryContext(ctx, StmtListNames(len(keys)), args...)
	if err != nil {
		return nil, fmt.Errorf("read list names: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k model.ListRef
		var name, author string
		if err := rows.Scan(&k.UserID, &k.ListID, &name, &author); err != nil {
			return nil, fmt.Errorf("read list names: %w", err)
		}
		out[k] = [2]string{name, author}
	}
	return out, rows.Err()
}

// StmtListNames reads n lists' names and authors' display names, keys $1 … $2n.
func StmtListNames(n int) string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("(l.user_id = $%d AND l.id = $%d)", 2*i+1, 2*i+2)
	}
	return `SELECT l.user_id, l.id, l.name, u.display_name FROM lists l JOIN users u ON u.id = l.user_id
		WHERE (` + strings.Join(keys, " OR ") + `)`
}

// ConsensusOf reads scope's totals (every item named, at most a season's cast or the
// seasons) and its newest sample contributing lists with their items: bounded reads
// whatever the number of lists.
func (s *Store) ConsensusOf(ctx context.Context, scope string, sample int) (*model.Consensus, error) {
	c := &model.Consensus{Tallies: []model.ConsensusTally{}, Sample: []model.ConsensusSampleList{}}
	if err := s.rdb.QueryRowContext(ctx, StmtConsensusCount, scope).Scan(&c.ListCount); err != nil {
		return nil, fmt.Errorf("count consensus lists: %w", err)
	}
	rows, err := s.rdb.QueryContext(ctx, StmtConsensusTallies, scope)
	if err != nil {
		return nil, fmt.Errorf("read consensus: %w", err)
	}
	for rows.Next() {
		var t model.ConsensusTally
		if err := rows.Scan(&t.ItemID, &t.Points, &t.Lists); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read consensus: %w", err)
		}
		c.Tallies = append(c.Tallies, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read consensus: %w", err)
	}
	if sample <= 0 {
		return c, nil
	}
	rows, err = s.rdb.QueryContext(ctx, StmtConsensusSample, scope, sample)
	if err != nil {
		return nil, fmt.Errorf("read consensus sample: %w", err)
	}
	var keys []any
	for rows.Next() {
		var l model.ConsensusSampleList
		if err := rows.Scan(&l.UserID, &l.ListID, &l.Name, &l.UserName); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read consensus sample: %w", err)
		}
		c.Sample = append(c.Sample, l)
		keys = append(keys, l.UserID, l.ListID)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(c.Sample) == 0 {
		return c, err
	}
	items, err := s.listItems(ctx, PageKeys(len(c.Sample)), keys...)
	if err != nil {
		return nil, err
	}
	for i := range c.Sample {
		c.Sample[i].Items = items[listKey{c.Sample[i].UserID, c.Sample[i].ListID}]
	}
	return c, nil
}

// consensusChecks compare the consensus tables with a recount, as VerifyAggregate
// reports. The contributions are recounted once (c, and its lists m), then each table is
// read beside its recount and grouped by key (src 1: the table, 2: the recount; a row of
// zeros counts as none): one recount and a sort, whatever the plan of a join.
var consensusChecks = []check{{"consensus %s: %s %v, should be %v", `WITH c AS MATERIALIZED (` + consensusContributions(`TRUE`) + `),
	m AS MATERIALIZED (` + recountConsensusMembers(`c`) + `)
	SELECT scope || '/' || item_id, 'points/lists',
		COALESCE(MAX(CASE WHEN src = 1 THEN points || '/' || lists END), 'none'),
		COALESCE(MAX(CASE WHEN src = 2 THEN points || '/' || lists END), 'none') FROM (
		SELECT scope, item_id, points, lists, 1 AS src FROM consensus_items WHERE points <> 0 OR lists <> 0
		UNION ALL SELECT scope, item_id, points, lists, 2 FROM (` + recountConsensusItems(`c`) + `) r) x
		GROUP BY scope, item_id HAVING count(*) = 1 OR MIN(points) <> MAX(points) OR MIN(lists) <> MAX(lists)
	UNION ALL SELECT 'lists of "' || scope || '"', 'counted',
		CAST(COALESCE(MAX(CASE WHEN src = 1 THEN n END), 0) AS TEXT), CAST(COALESCE(MAX(CASE WHEN src = 2 THEN n END), 0) AS TEXT) FROM (
		SELECT scope, n, 1 AS src FROM consensus_lists WHERE n <> 0
		UNION ALL SELECT scope, count(*), 2 FROM m GROUP BY scope) x
		GROUP BY scope HAVING count(*) = 1 OR MIN(n) <> MAX(n)
	UNION ALL SELECT 'member ' || user_id || '/' || id || ' of "' || scope || '"', 'listed',
		CASE WHEN MIN(src) = 1 THEN 'yes' ELSE 'no' END, CASE WHEN MIN(src) = 1 THEN 'no' ELSE 'yes' END FROM (
		SELECT list_user_id AS user_id, list_id AS id, scope, 1 AS src FROM consensus_members
		UNION ALL SELECT user_id, id, scope, 2 FROM m) x
		GROUP BY user_id, id, scope HAVING count(*) = 1`}}

// rebuildConsensus rebuilds the consensus tables: the
// contributions are counted once into a temporary table that the three tables are
// rebuilt from. A scope's row stays, its version moved on, so a ranking kept from
// before is not taken as current.
var rebuildConsensus = []string{
	`CREATE TEMP TABLE consensus_recount AS ` + consensusContributions(`TRUE`),
	`DELETE FROM consensus_items`,
	`INSERT INTO consensus_items (scope, item_id, points, lists) ` + recountConsensusItems(`consensus_recount`),
	`DELETE FROM consensus_members`,
	`INSERT INTO consensus_members (scope, list_user_id, list_id, created_at) ` + recountConsensusMembers(`consensus_recount`),
	`DROP TABLE consensus_recount`,
	`UPDATE consensus_lists SET n = 0, version = version + 1`,
	`INSERT INTO consensus_lists (scope, n) SELECT scope, count(*) FROM consensus_members GROUP BY scope
		ON CONFLICT (scope) DO UPDATE SET n = excluded.n`,
}
