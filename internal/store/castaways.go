package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"castaway/internal/model"
)

// recountCastawayRanks is what castaway_ranks should hold: each public list's place for
// each contestant it ranks.
const recountCastawayRanks = `SELECT l.user_id, l.id, i.item_id, i.position, -l.created_at AS sort_key FROM lists l
	JOIN list_items i ON i.list_user_id = l.user_id AND i.list_id = l.id WHERE l.is_public = TRUE AND NOT i.is_season`

// adjustCastaways keeps castaway_ranks and sitemap_lists in step with list ($1, $2) as
// it stands in tx: -1 before a change takes its places out, +1 after one puts them back
// when it is public and numbers it for the sitemap, or drops its number, by whether it is
// public now (a delete drops both by cascade; a suspension, which changes lists without
// +1, calls syncSitemap itself). A list keeps its number across edits.
func adjustCastaways(ctx context.Context, tx *sql.Tx, userID, listID string, delta int) error {
	if delta < 0 {
		if _, err := tx.ExecContext(ctx, `DELETE FROM castaway_ranks WHERE list_user_id = $1 AND list_id = $2`, userID, listID); err != nil {
			return fmt.Errorf("count castaway places: %w", err)
		}
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO castaway_ranks (list_user_id, list_id, item_id, position, sort_key) `+
		recountCastawayRanks+` AND l.user_id = $1 AND l.id = $2 ON CONFLICT DO NOTHING`, userID, listID); err != nil {
		return fmt.Errorf("count castaway places: %w", err)
	}
	return syncSitemap(ctx, tx, userID, listID)
}

// syncSitemap numbers list ($1, $2) for the sitemap when it is public in tx, and drops
// its number when it is not; a numbered list's time follows its updated_at.
func syncSitemap(ctx context.Context, tx *sql.Tx, userID, listID string) error {
	for _, q := range []string{
		`DELETE FROM sitemap_lists WHERE list_user_id = $1 AND list_id = $2
			AND NOT EXISTS (SELECT 1 FROM lists WHERE user_id = $1 AND id = $2 AND is_public = TRUE)`,
		// NOT EXISTS rather than ON CONFLICT: PostgreSQL would spend a number on every edit.
		`INSERT INTO sitemap_lists (list_user_id, list_id, updated_at) SELECT user_id, id, updated_at FROM lists
			WHERE user_id = $1 AND id = $2 AND is_public = TRUE
			AND NOT EXISTS (SELECT 1 FROM sitemap_lists WHERE list_user_id = $1 AND list_id = $2)`,
		`UPDATE sitemap_lists SET updated_at = (SELECT l.updated_at FROM lists l WHERE l.user_id = $1 AND l.id = $2)
			WHERE list_user_id = $1 AND list_id = $2`,
	} {
		if _, err := tx.ExecContext(ctx, q, userID, listID); err != nil {
			return fmt.Errorf("number list for the sitemap: %w", err)
		}
	}
	return nil
}

// StmtCastawayPlaces reads up to limit of the places of contestant $1 in public lists,
// best place first and at one place newest first, after the row ($2 position, $3 sort
// key, $4 owner, $5 id): one range of castaway_ranks_best, and no list (lists_by_key.go
// says why). Then, as rows of position -1, the versions of the n rankings named $6 …
// $(5+n) that the page shows: one statement where two would each pay a round trip. The
// limit is written into the text (see boundedBy): bound, it made PostgreSQL plan the
// statement anew on every run, three times the cost of running it.
func StmtCastawayPlaces(limit, n int) string {
	places := `SELECT r.list_user_id, r.list_id, r.position, r.sort_key FROM castaway_ranks r
		WHERE r.item_id = $1 AND (r.position, r.sort_key, r.list_user_id, r.list_id) > ($2, $3, $4, $5)
		ORDER BY r.position, r.sort_key, r.list_user_id, r.list_id` + boundedBy(limit)
	if n == 0 {
		return places
	}
	marks := make([]string, n)
	for i := range marks {
		marks[i] = "$" + strconv.Itoa(i+6)
	}
	return `SELECT p.list_user_id, p.list_id, p.position, p.sort_key FROM (` + places + `) p
	UNION ALL SELECT scope, '', -1, version FROM consensus_lists WHERE scope IN (` + strings.Join(marks, ", ") + `)`
}

// castawayPlace is a row of StmtCastawayPlaces: a list and the place it gives the castaway.
type castawayPlace struct {
	key      listKey
	position int
	sortKey  int64
}

// CastawayPage is a page of the public lists ranking a castaway, the highest place
// first, and the versions of the rankings the castaway's page shows.
type CastawayPage struct {
	Lists    []model.RankedList
	Next     string           // the next page's cursor, "" when there is none
	Versions map[string]int64 // each scope asked for: its version, -1 when it has none
}

// CastawayLists returns up to limit (at most byKeyMost-1) public lists ranking the
// contestant itemID after cursor ("" for the first page), with the versions of scopes:
// their places and the versions, then the lists by key. A list that stopped being public
// between the two reads leaves its page one short. ErrBadCursor for a cursor it did not
// make.
func (s *Store) CastawayLists(ctx context.Context, itemID, cursor string, limit int, scopes []string) (CastawayPage, error) {
	limit = min(limit, byKeyMost-1)
	pos, key, owner, id := int64(-1), int64(0), "", ""
	if cursor != "" {
		k, err := decodeCursor(cursor, 4)
		if err != nil {
			return CastawayPage{}, err
		}
		p, err1 := strconv.ParseInt(k[0], 10, 32)
		sk, err2 := strconv.ParseInt(k[1], 10, 64)
		if err1 != nil || err2 != nil {
			return CastawayPage{}, ErrBadCursor
		}
		pos, key, owner, id = p, sk, k[2], k[3]
	}
	page := CastawayPage{Lists: []model.RankedList{}, Versions: make(map[string]int64, len(scopes))}
	args := []any{itemID, pos, key, owner, id}
	for _, scope := range scopes {
		page.Versions[scope] = -1
		args = append(args, scope)
	}
	rows, err := s.rdb.QueryContext(ctx, StmtCastawayPlaces(limit+1, len(scopes)), args...)
	all, err := rowsOf(rows, err, "castaway lists", func(rows *sql.Rows) (p castawayPlace, err error) {
		err = rows.Scan(&p.key.userID, &p.key.listID, &p.position, &p.sortKey)
		return p, err
	})
	if err != nil {
		return CastawayPage{}, err
	}
	var places []castawayPlace
	for _, p := range all {
		if p.position < 0 {
			page.Versions[p.key.userID] = p.sortKey
		} else {
			places = append(places, p)
		}
	}
	// In the range's order: UNION ALL keeps it on both engines, but SQL does not promise it.
	slices.SortFunc(places, func(a, b castawayPlace) int {
		return cmp.Or(cmp.Compare(a.position, b.position), cmp.Compare(a.sortKey, b.sortKey),
			strings.Compare(a.key.userID, b.key.userID), strings.Compare(a.key.listID, b.key.listID))
	})
	if len(places) > limit {
		places = places[:limit]
		last := places[limit-1]
		page.Next = encodeCursor(strconv.Itoa(last.position), strconv.FormatInt(last.sortKey, 10), last.key.userID, last.key.listID)
	}
	if len(places) == 0 {
		return page, nil
	}
	keys := make([]listKey, len(places))
	for i, p := range places {
		keys[i] = p.key
	}
	found, err := s.listedByKey(ctx, keys)
	if err != nil {
		return CastawayPage{}, fmt.Errorf("castaway lists: %w", err)
	}
	var lists []*model.List
	summaries := []model.ListSummary{}
	for _, p := range places {
		if f, ok := found[p.key]; ok {
			lists = append(lists, f.list)
			summaries = append(summaries, f.summary)
			page.Lists = append(page.Lists, model.RankedList{Position: p.position + 1})
		}
	}
	if err := s.addCards(ctx, lists, summaries); err != nil {
		return CastawayPage{}, fmt.Errorf("castaway lists: %w", err)
	}
	for i := range page.Lists {
		page.Lists[i].ListSummary = summaries[i]
	}
	return page, nil
}

// The statements the sitemap runs: its last number (one step down the primary key), and
// one page's range of numbers ($1, $2], each with its list's time kept beside it
// (syncSitemap), so a page reads no list: PostgreSQL joined a page to lists by hashing the
// whole table, and 50,000 lookups by key took seconds at 100,000 lists.
const (
	StmtSitemapLast  = `SELECT COALESCE(max(seq), 0) FROM sitemap_lists`
	StmtSitemapLists = `SELECT s.list_user_id, s.list_id, s.updated_at FROM sitemap_lists s
		WHERE s.seq > $1 AND s.seq <= $2 ORDER BY s.seq`
)

// SitemapListPages is how many sitemap pages of size lists the public lists fill.
func (s *Store) SitemapListPages(ctx context.Context, size int) (int, error) {
	var last int64
	if err := s.rdb.QueryRowContext(ctx, StmtSitemapLast).Scan(&last); err != nil {
		return 0, fmt.Errorf("sitemap pages: %w", err)
	}
	return int((last + int64(size) - 1) / int64(size)), nil
}

// SitemapLists is page (1 first) of the public lists, size numbers to a page: fewer
// lists where lists stopped being public.
func (s *Store) SitemapLists(ctx context.Context, page, size int) ([]model.SitemapList, error) {
	from := int64(page-1) * int64(size)
	rows, err := s.rdb.QueryContext(ctx, StmtSitemapLists, from, from+int64(size))
	return rowsOf(rows, err, "sitemap lists", func(rows *sql.Rows) (l model.SitemapList, err error) {
		var at int64
		err = rows.Scan(&l.UserID, &l.ListID, &at)
		l.UpdatedAt = fromMillis(at)
		return l, err
	})
}

// castawayChecks compare castaway_ranks and sitemap_lists with the public lists, as
// VerifyAggregates reports.
var castawayChecks = []check{
	{"castaway place %s/%s of %v: %v", `SELECT * FROM (SELECT list_user_id, list_id, item_id, 'stray' FROM castaway_ranks
		EXCEPT SELECT l.user_id, l.id, i.item_id, 'stray' FROM lists l JOIN list_items i ON i.list_user_id = l.user_id
			AND i.list_id = l.id WHERE l.is_public = TRUE AND NOT i.is_season) x`},
	{"castaway place %s/%s of %v: %v", `SELECT * FROM (SELECT user_id, id, item_id, position || '/' || sort_key FROM (` + recountCastawayRanks +
		`) r EXCEPT SELECT list_user_id, list_id, item_id, position || '/' || sort_key FROM castaway_ranks) x`},
	{"sitemap list %s/%s: %v %v", `SELECT s.list_user_id, s.list_id, 'numbered', 'not public' FROM sitemap_lists s
		WHERE NOT EXISTS (SELECT 1 FROM lists l WHERE l.user_id = s.list_user_id AND l.id = s.list_id AND l.is_public = TRUE)`},
	{"sitemap list %s/%s: %v %v", `SELECT l.user_id, l.id, 'public', 'unnumbered' FROM lists l WHERE l.is_public = TRUE
		AND NOT EXISTS (SELECT 1 FROM sitemap_lists s WHERE s.list_user_id = l.user_id AND s.list_id = l.id)`},
	{"sitemap list %s/%s: time %v, list changed at %v", `SELECT s.list_user_id, s.list_id, s.updated_at, l.updated_at
		FROM sitemap_lists s JOIN lists l ON l.user_id = s.list_user_id AND l.id = s.list_id WHERE s.updated_at <> l.updated_at`},
}

// rebuildCastaways rebuilds castaway_ranks and sitemap_lists:
// a public list keeps its sitemap number; new ones are numbered oldest first.
var rebuildCastaways = []string{
	`DELETE FROM castaway_ranks`,
	`INSERT INTO castaway_ranks (list_user_id, list_id, item_id, position, sort_key) ` + recountCastawayRanks,
	`DELETE FROM sitemap_lists WHERE NOT EXISTS (SELECT 1 FROM lists l
		WHERE l.user_id = sitemap_lists.list_user_id AND l.id = sitemap_lists.list_id AND l.is_public = TRUE)`,
	`INSERT INTO sitemap_lists (list_user_id, list_id, updated_at) SELECT l.user_id, l.id, l.updated_at FROM lists l
		WHERE l.is_public = TRUE AND NOT EXISTS (SELECT 1 FROM sitemap_lists s WHERE s.list_user_id = l.user_id AND s.list_id = l.id)
		ORDER BY l.created_at, l.user_id, l.id`,
	`UPDATE sitemap_lists SET updated_at = (SELECT l.updated_at FROM lists l
		WHERE l.user_id = sitemap_lists.list_user_id AND l.id = sitemap_lists.list_id)
		WHERE updated_at <> (SELECT l.updated_at FROM lists l WHERE l.user_id = sitemap_lists.list_user_id AND l.id = sitemap_lists.list_id)`,
}
