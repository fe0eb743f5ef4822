package store

import (
	"fmt"
	"strings"
)

// The statements a visitor's list page runs, named so the plan tests check the same
// strings the code runs (the home, browse and comment ones sit beside their code).

// StmtList reads one list ($1 owner, $2 id) with its owner's name and its tags, comma
// separated in order (tags are words from a fixed set, never holding a comma).
const StmtList = `SELECT ` + listColumns + `,
	(SELECT string_agg(t.tag, ',' ORDER BY t.tag) FROM list_tags t WHERE t.list_user_id = l.user_id AND t.list_id = l.id)
	FROM lists l JOIN users u ON u.id = l.user_id WHERE l.user_id = $1 AND l.id = $2`

// StmtListMarks tells whether $3 upvoted and favorited list ($1, $2).
const StmtListMarks = `SELECT
	EXISTS (SELECT 1 FROM list_upvotes WHERE list_user_id = $1 AND list_id = $2 AND user_id = $3),
	EXISTS (SELECT 1 FROM favorites WHERE list_user_id = $1 AND list_id = $2 AND user_id = $3)`

// StmtListVisibility reads what the community features need of list ($1, $2).
const StmtListVisibility = `SELECT name, is_public, thread_version FROM lists WHERE user_id = $1 AND id = $2`

// StmtListItems reads the items matching where, grouped by list, in rank order.
func StmtListItems(where string) string {
	return `SELECT list_user_id, list_id, item_id, name, image_url, is_season, season_id, season_name, note, tier
		FROM list_items WHERE ` + where + ` ORDER BY list_user_id, list_id, position`
}

// StmtCards reads what the cards of a page of lists show beyond the lists' own rows, in one
// round trip: keys (a PageKeys over $1 … $2n) picks the lists, and each list's rows are its
// first top items in rank order (kind 0), then its tags alphabetically (kind 1, the tag in
// the item_id column).
func StmtCards(keys, top string) string {
	return `SELECT list_user_id, list_id, 0 AS kind, position, item_id, name, image_url, is_season, season_id, season_name, note, tier
		FROM list_items WHERE ` + keys + ` AND position < ` + top + `
		UNION ALL
		SELECT list_user_id, list_id, 1, 0, tag, '', '', false, '', '', '', NULL FROM list_tags WHERE ` + keys + `
		ORDER BY 1, 2, 3, 4, 5`
}

// PageKeys matches the rows of n lists, keys $1 … $2n as (owner, id) pairs: one OR'd
// key pair per list, so both engines use the primary key for each.
func PageKeys(n int) string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("(list_user_id = $%d AND list_id = $%d)", 2*i+1, 2*i+2)
	}
	return "(" + strings.Join(keys, " OR ") + ")"
}
