package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"

	"castaway/internal/model"
)

// The per-list and per-comment counts, each recounted for every row at once: one
// grouped pass over the rows joined once to what it counts, so a recount costs time in
// proportion to the data whatever plan the statistics suggest (a correlated count per
// list became a nested scan).
var (
	// listCounts are the counts each list keeps, as (column, its rows grouped by list),
	// its tag mask, the sum of its tags' bits, and its franchise (model.ListFranchise).
	listCounts = []struct{ column, recount string }{
		{"upvote_count", `SELECT list_user_id AS k1, list_id AS k2, count(*) AS n FROM list_upvotes GROUP BY list_user_id, list_id`},
		{"comment_count", `SELECT c.list_user_id AS k1, c.list_id AS k2, count(*) AS n FROM comments c
			LEFT JOIN comments p ON p.id = c.parent_id WHERE ` + commentCounted + ` GROUP BY c.list_user_id, c.list_id`},
		{"item_count", `SELECT list_user_id AS k1, list_id AS k2, count(*) AS n FROM list_items GROUP BY list_user_id, list_id`},
		{"remix_count", recountRemixes},
		{"tag_mask", `SELECT list_user_id AS k1, list_id AS k2, SUM(` + model.TagBitSQL("tag") + `) AS n FROM list_tags GROUP BY list_user_id, list_id`},
		{"franchise", recountFranchise},
	}
	recountCommentVotes = `SELECT comment_id, SUM(CASE WHEN value = 1 THEN 1 ELSE 0 END) AS up,
		SUM(CASE WHEN value = -1 THEN 1 ELSE 0 END) AS down FROM comment_votes GROUP BY comment_id`
)

// listCountsRecounted is every list l beside its counts recounted (recounted(i) for
// listCounts[i]), all in one pass over the lists, and differ is true where one differs.
func listCountsRecounted() (from, differ string) {
	var joins, differs []string
	for i, c := range listCounts {
		r := fmt.Sprintf("r%d", i)
		joins = append(joins, `LEFT JOIN (`+c.recount+`) `+r+` ON `+r+`.k1 = l.user_id AND `+r+`.k2 = l.id`)
		differs = append(differs, `l.`+c.column+` <> `+recounted(i))
	}
	return `lists l ` + strings.Join(joins, " "), strings.Join(differs, " OR ")
}

func recounted(i int) string { return fmt.Sprintf("COALESCE(r%d.n, 0)", i) }

// commentVoteDiffs are the comments whose votes differ from their recount.
var commentVoteDiffs = `SELECT c.id, c.list_id, c.upvotes || '/' || c.downvotes AS kept,
	COALESCE(r.up, 0) || '/' || COALESCE(r.down, 0) AS recounted, COALESCE(r.up, 0) AS up, COALESCE(r.down, 0) AS down
	FROM comments c LEFT JOIN (` + recountCommentVotes + `) r
	ON r.comment_id = c.id WHERE c.upvotes <> COALESCE(r.up, 0) OR c.downvotes <> COALESCE(r.down, 0)`

// countChecks are the checks of AggCounts: a list is described by each count that
// differs ("upvote_count 5 (recounted 2)").
func countChecks() []check {
	from, differ := listCountsRecounted()
	var described []string
	for i, c := range listCounts {
		described = append(described, `CASE WHEN l.`+c.column+` <> `+recounted(i)+` THEN '`+c.column+` ' || l.`+c.column+
			` || ' (recounted ' || `+recounted(i)+` || '), ' ELSE '' END`)
	}
	return []check{
		{"comment %s (%s): up/down %v, votes %v", `SELECT id, list_id, kept, recounted FROM (` + commentVoteDiffs + `) d`},
		{"list %s/%s: %s%s", `SELECT l.user_id, l.id, RTRIM(` + strings.Join(described, " || ") + `, ', '), '' FROM ` + from + ` WHERE ` + differ},
		// A list the tally has caught up (tally.go) is browsed by its count.
		{"list %s/%s: browsed by votes as %v, upvote_count %v", `SELECT user_id, id, vote_rank, upvote_count FROM lists l
			WHERE vote_rank <> upvote_count AND NOT EXISTS (SELECT 1 FROM list_votes_pending p
				WHERE p.list_user_id = l.user_id AND p.list_id = l.id)`},
	}
}

// countRepairs set what countChecks check, writing only the rows that differ (on a
// repair, a few; on a bulk load, those with something to count), and each list once
// with all its counts. The threads of the comments whose votes it sets move on first
// (threadChanged).
func countRepairs() []string {
	from, differ := listCountsRecounted()
	var set, values []string
	for i, c := range listCounts {
		set = append(set, c.column+` = d.`+c.column)
		values = append(values, recounted(i)+` AS `+c.column)
	}
	return []string{
		threadsWhereChanged(`c.id IN (SELECT d.id FROM (` + commentVoteDiffs + `) d)`),
		`UPDATE comments SET upvotes = d.up, downvotes = d.down FROM (` + commentVoteDiffs + `) d WHERE comments.id = d.id`,
		`UPDATE lists SET ` + strings.Join(set, ", ") + ` FROM (SELECT l.user_id, l.id, ` + strings.Join(values, ", ") +
			` FROM ` + from + ` WHERE ` + differ + `) d WHERE lists.user_id = d.user_id AND lists.id = d.id`,
		`UPDATE lists SET vote_rank = upvote_count WHERE vote_rank <> upvote_count`,
	}
}

// recountDaily is what list_upvotes_daily should hold.
const recountDaily = `SELECT list_user_id, list_id, created_at / 86400000 AS day, count(*) AS n FROM list_upvotes
	GROUP BY list_user_id, list_id, created_at / 86400000`

// recountWeek is what list_upvotes_week should hold, from list_upvotes_daily: each day's
// upvotes counted in the kept weeks (list_upvote_weeks) ending on it and on each of the 6
// days after. The daily table is checked against the upvotes themselves, and repaired
// first, so the weeks read its rows of the kept weeks' days rather than grouping the
// upvotes again. The bounds on d.day from the first and last kept weeks let both engines
// read the daily rows of those days alone, by their index, not every day there ever was.
var recountWeek = `SELECT d.list_user_id, d.list_id, w.end_day, SUM(d.n) AS n FROM list_upvote_weeks w
	JOIN list_upvotes_daily d ON d.day >= w.end_day - ` + strconv.Itoa(weekDays-1) + ` AND d.day <= w.end_day
	WHERE d.day >= (SELECT min(end_day) FROM list_upvote_weeks) - ` + strconv.Itoa(weekDays-1) + `
		AND d.day <= (SELECT max(end_day) FROM list_upvote_weeks)
	GROUP BY d.list_user_id, d.list_id, w.end_day`

// differing finds the rows of table (keyed by the list and the column day) whose n
// differs from recount's, and recount's rows the table lacks, in one pass over each: the
// list, the day, the n it should have and the n it has (0 for a row missing on a side).
func differing(recount, table, day string) string {
	return `SELECT COALESCE(r.list_user_id, t.list_user_id) AS list_user_id, COALESCE(r.list_id, t.list_id) AS list_id,
		COALESCE(r.` + day + `, t.` + day + `) AS ` + day + `, COALESCE(r.n, 0) AS n, COALESCE(t.n, 0) AS was
	FROM (` + recount + `) r FULL JOIN ` + table + ` t
		ON t.list_user_id = r.list_user_id AND t.list_id = r.list_id AND t.` + day + ` = r.` + day + `
	WHERE r.n IS DISTINCT FROM t.n`
}

// weeklyChecks are the checks of AggWeekly. The weeks of a list whose votes the tally
// has yet to catch up (tally.go) are recounted when it does, not checked before.
var weeklyChecks = []check{
	{"list %s/%s: daily upvotes of day %v should be %v, counted %v", differing(recountDaily, "list_upvotes_daily", "day")},
	{"list %s/%s: upvotes of the week ending on day %v should be %v by the daily upvotes, counted %v",
		`SELECT * FROM (` + differing(recountWeek, "list_upvotes_week", "end_day") + `) w WHERE NOT EXISTS (SELECT 1 FROM list_votes_pending p
		WHERE p.list_user_id = w.list_user_id AND p.list_id = w.list_id)`},
}

// weeklyRepairs rewrite only the daily and weekly rows that differ from their recount:
// a repair after a small fault writes a few rows, and a rebuild of consistent counts
// writes none, rather than deleting and re-inserting seven rows per upvoted list-day.
// The days come first: the weeks are counted from them.
var weeklyRepairs = append(mendFrom(recountDaily, "list_upvotes_daily", "day"), mendFrom(recountWeek, "list_upvotes_week", "end_day")...)

// mendFrom sets the rows of table that differ from recount (see differing) to recount's
// n, adding those it lacks, then deletes those recount has none of. The differences are
// found once, into a temporary table, as finding them is a recount of the whole table
// and writing them (none on a consistent repair, all on a bulk load) is the lesser part.
func mendFrom(recount, table, day string) []string {
	diff := table + `_differing`
	return []string{
		`CREATE TEMP TABLE ` + diff + ` AS ` + differing(recount, table, day),
		`INSERT INTO ` + table + ` (list_user_id, list_id, ` + day + `, n)
		SELECT list_user_id, list_id, ` + day + `, n FROM ` + diff + ` WHERE n > 0
		ON CONFLICT (list_user_id, list_id, ` + day + `) DO UPDATE SET n = excluded.n`,
		`DELETE FROM ` + table + ` WHERE (list_user_id, list_id, ` + day + `) IN (SELECT list_user_id, list_id, ` + day + ` FROM ` +
			diff + ` WHERE n = 0)`,
		`DROP TABLE ` + diff,
	}
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

// browseCountChecks are the checks of AggBrowseCounts.
var browseCountChecks = []check{
	{"list count (tag %q, %s): %v, should be %v", `SELECT c.tag, c.kind, c.n, COALESCE(r.n, 0) FROM list_counts c
		LEFT JOIN (` + recountListCounts + `) r ON r.tag = c.tag AND r.kind = c.kind WHERE c.n <> COALESCE(r.n, 0)`},
	{"list count (tag %q, %s): %v, should be %v", `SELECT r.tag, r.kind, 'missing', r.n FROM (` + recountListCounts + `) r
		WHERE NOT EXISTS (SELECT 1 FROM list_counts c WHERE c.tag = r.tag AND c.kind = r.kind)`},
}

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
