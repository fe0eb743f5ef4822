package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"castaway/internal/model"
)

// TopItemCount is how many items a card previews (spec: top 3).
const TopItemCount = 3

// BrowseCountCap bounds how many matches a browse count reads: past it the total is
// reported as capped ("1,000+") instead of counted.
const BrowseCountCap = 1000

// SearchCandidates bounds how many full-text matches one search considers on SQLite:
// the newest this many, then filtered and ordered. A search matching more lists than
// this ranks (by votes, or oldest first) among the newest matches only. PostgreSQL
// ranks every match (its planner walks the ordered index when matches are common).
const SearchCandidates = 1000

// Browse returns one page of public lists matching q and how many match in all
// (at most BrowseCountCap).
func (s *Store) Browse(ctx context.Context, q model.BrowseQuery) ([]model.ListSummary, int, error) {
	r, err := s.BrowsePage(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	return r.Lists, r.Total, nil
}

// BrowsePage returns one page of public lists matching q. Its cost is bounded whatever
// the number of lists: the count is read from list_counts (no search, at most one tag)
// or stops at BrowseCountCap, page numbers reach only as
// deep as the count (beyond it, or from any page, NextCursor pages by key), and text
// search reads at most SearchCandidates matches from the engine's full-text index.
// ErrBadCursor for a cursor that is not this sort's.
func (s *Store) BrowsePage(ctx context.Context, q model.BrowseQuery) (*model.BrowseResult, error) {
	st, err := s.BrowseStatements(q)
	if err != nil {
		return nil, err
	}
	r := &model.BrowseResult{Lists: []model.ListSummary{}}
	var page []model.ListSummary
	if st.CountInPage {
		var n int
		if page, err = s.summariesWith(ctx, []any{&n}, st.Page, st.PageArgs...); err != nil {
			return nil, fmt.Errorf("browse lists: %w", err)
		}
		if len(page) > 0 {
			r.Total, r.TotalIsCapped = min(n, BrowseCountCap), n > BrowseCountCap
			return withPage(r, page, q), nil
		}
	}
	matches := -1
	if st.Matches != "" {
		if err := s.rdb.QueryRowContext(ctx, st.Matches, st.MatchesArgs...).Scan(&matches, &q.SearchFloor); err != nil {
			return nil, fmt.Errorf("count matches: %w", err)
		}
	}
	if matches > SearchCandidates {
		// More matches than a search considers: the count is capped whatever it would say.
		r.Total, r.TotalIsCapped = BrowseCountCap, true
	} else {
		var n int
		if err := s.rdb.QueryRowContext(ctx, st.Count, st.CountArgs...).Scan(&n); err != nil {
			return nil, fmt.Errorf("count lists: %w", err)
		}
		r.Total, r.TotalIsCapped = min(n, BrowseCountCap), n > BrowseCountCap
	}
	if s.dialect == Postgres && !r.TotalIsCapped && len(model.SearchWords(q.Q)) > 0 {
		q.FewMatches = true
	}
	if q.FewMatches || q.SearchFloor != 0 {
		if st, err = s.BrowseStatements(q); err != nil {
			return nil, err
		}
	}
	if st.Page == "" || st.CountInPage { // past the count, or read already (empty)
		return r, nil
	}
	if page, err = s.summaries(ctx, st.Page, st.PageArgs...); err != nil {
		return nil, fmt.Errorf("browse lists: %w", err)
	}
	return withPage(r, page, q), nil
}

// withPage puts page, the rows read for q, into r: a row past q.PageSize says there is a
// next page, whose cursor it sets.
func withPage(r *model.BrowseResult, page []model.ListSummary, q model.BrowseQuery) *model.BrowseResult {
	if len(page) > q.PageSize {
		page = page[:q.PageSize]
		last := page[len(page)-1]
		r.NextCursor = encodeCursor(string(sortOf(q)), strconv.Itoa(last.VoteRank),
			strconv.FormatInt(millis(last.CreatedAt), 10), last.UserID, last.ID)
	}
	r.Lists = page
	return r
}

// StmtListCount reads how many public lists carry tag $1 (” for any) of kind $2
// ('all', 'season' or 'survivor').
const StmtListCount = `SELECT COALESCE((SELECT n FROM list_counts WHERE tag = $1 AND kind = $2), 0)`

// BrowseStmts are the statements one browse request runs.
type BrowseStmts struct {
	Count     string // counts matches: kept-in-step counts, or counting up to BrowseCountCap+1
	CountArgs []any
	Page      string // one page, plus one row telling whether there is more; "" past the count
	PageArgs  []any
	// Matches, for a search on SQLite, counts the full-text matches up to
	// SearchCandidates+1 and reads the lowest rowid among them (BrowseQuery.SearchFloor):
	// past SearchCandidates the count is capped without being made.
	Matches     string
	MatchesArgs []any
	// CountInPage says Page's rows end with Count's kept count, read in the same
	// statement (on PostgreSQL: one round trip, not two): Count runs only when the page is
	// empty.
	CountInPage bool
}

func sortOf(q model.BrowseQuery) model.BrowseSort {
	switch q.Sort {
	case model.SortMostVotes, model.SortOldest:
		return q.Sort
	}
	return model.SortNewest
}

// BrowseStatements builds the statements Browse runs for q, exposed so tests can
// check their plans.
func (s *Store) BrowseStatements(q model.BrowseQuery) (*BrowseStmts, error) {
	if q.PageSize <= 0 {
		q.PageSize = 12
	}
	from, conds, args, firstTag := s.browseFilter(q, false)
	keptCount := "" // the kept count as a column of the page, when it can be one
	where := strings.Join(conds, " AND ")
	countFrom, countWhere := from, where
	if from == `lists l` && len(q.Tags) > 0 && q.Franchise == "" {
		// Counting needs no order: start from the first tag's index entries (the tag
		// conditions come last, the first tag's in place of its EXISTS), so the count
		// reads at most BrowseCountCap+1 of them rather than walking every list.
		first := len(conds) - len(q.Tags)
		countFrom = `list_tags ct CROSS JOIN lists l`
		countWhere = strings.Join(append(append([]string{`ct.tag = ` + firstTag,
			`l.user_id = ct.list_user_id AND l.id = ct.list_id`}, conds[:first]...), conds[first+1:]...), " AND ")
	}
	st := &BrowseStmts{
		Count:     `SELECT count(*) FROM (SELECT 1 FROM ` + countFrom + ` WHERE ` + countWhere + fmt.Sprintf(` LIMIT %d) m`, BrowseCountCap+1),
		CountArgs: args,
	}
	if len(model.SearchWords(q.Q)) == 0 && len(q.Tags) <= 1 && q.Format == "" && q.Franchise == "" {
		// The common filters have their count kept in step: one row read. A format
		// filter counts its matches off its index, up to BrowseCountCap+1.
		tag, kind := "", model.TypeAll
		if len(q.Tags) == 1 {
			tag = q.Tags[0]
		}
		if q.Type == model.TypeSeason || q.Type == model.TypeSurvivor {
			kind = q.Type
		}
		st.Count = StmtListCount
		st.CountArgs = []any{tag, string(kind)}
		// On PostgreSQL the count is read as a column of the page: a round trip costs more
		// there than either read (SQLite has none to save, and ran the page slower).
		if lit, ok := tagLiteral(tag); (ok || tag == "") && s.dialect == Postgres {
			if tag == "" {
				lit = `''`
			}
			keptCount = `, COALESCE((SELECT n FROM list_counts WHERE tag = ` + lit + ` AND kind = '` + string(kind) + `'), 0)`
		}
	}
	if words := model.SearchWords(q.Q); len(words) > 0 && s.dialect == Postgres && q.Type != model.TypeSeason && q.Type != model.TypeSurvivor &&
		q.Format == "" && q.Franchise == "" && len(q.Tags) == 0 {
		// A search alone counts its matches off list_search_docs, which holds the public
		// lists only: no list row read.
		st.Count = fmt.Sprintf(`SELECT count(*) FROM (SELECT 1 FROM list_search_docs sd
			WHERE sd.doc @@ to_tsquery('simple', $1) LIMIT %d) m`, BrowseCountCap+1)
		st.CountArgs = []any{pgQuery(words)}
		if lo, hi, ok := termRange(words); ok {
			// Past the cap when one word it matches is held by more lists than the cap
			// (search_term_counts): a common word is not counted list by list.
			st.Count = fmt.Sprintf(`SELECT CASE WHEN EXISTS (SELECT 1 FROM search_term_counts
				WHERE term >= $2 AND term <= $3 AND n > %d) THEN %d ELSE (%s) END`, BrowseCountCap, BrowseCountCap+1, st.Count)
			st.CountArgs = append(st.CountArgs, lo, hi)
		}
	}
	if words := model.SearchWords(q.Q); len(words) > 0 && s.dialect == SQLite {
		st.Matches = fmt.Sprintf(`SELECT count(*), COALESCE(min(r), 0) FROM (SELECT rowid AS r FROM list_fts
			WHERE list_fts MATCH $1 ORDER BY rowid DESC LIMIT %d) m`, SearchCandidates+1)
		st.MatchesArgs = []any{ftsQuery(words)}
	}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	sort := sortOf(q)
	// The key a newest or oldest page walks: the lists' own, or, for a search alone of a
	// common word on PostgreSQL, its docs' (pgDocWalk).
	keys, inner := `l.created_at, l.user_id, l.id`, ""
	if s.pgDocWalk(q, sort) {
		keys, inner = `sd.created_at, sd.list_user_id, sd.list_id`, pgMatch(model.SearchWords(q.Q))
	}
	order := strings.ReplaceAll(keys, ",", " DESC,") + ` DESC`
	switch sort {
	case model.SortMostVotes:
		order = `l.vote_rank DESC, l.created_at DESC, l.user_id DESC, l.id DESC`
	case model.SortOldest:
		order = keys
	}
	if walk := len(model.SearchWords(q.Q)) > 0 && s.dialect == SQLite && sort != model.SortMostVotes; walk {
		// Full-text rowids follow creation, so a newest (oldest) page is the first rows of
		// the index walked down (up) from the newest match to SearchFloor: no sort, and the
		// walk stops at the page.
		from, conds, args, _ = s.browseFilter(q, true)
		where = strings.Join(conds, " AND ")
		order = `f.rowid DESC`
		if sort == model.SortOldest {
			order = `f.rowid`
		}
	}
	offset := 0
	if q.Cursor != "" {
		k, err := decodeCursor(q.Cursor, 5)
		if err != nil || model.BrowseSort(k[0]) != sort {
			return nil, ErrBadCursor
		}
		votes, err1 := strconv.Atoi(k[1])
		at, err2 := strconv.ParseInt(k[2], 10, 64)
		if err1 != nil || err2 != nil {
			return nil, ErrBadCursor
		}
		var after string
		switch sort {
		case model.SortMostVotes:
			after = ` AND (l.vote_rank, l.created_at, l.user_id, l.id) < (` + arg(votes) + `, ` + arg(at) + `, ` + arg(k[3]) + `, ` + arg(k[4]) + `)`
		case model.SortOldest:
			after = ` AND (` + keys + `) > (` + arg(at) + `, ` + arg(k[3]) + `, ` + arg(k[4]) + `)`
		default:
			after = ` AND (` + keys + `) < (` + arg(at) + `, ` + arg(k[3]) + `, ` + arg(k[4]) + `)`
		}
		if inner != "" {
			inner += after
		} else {
			where += after
		}
	} else {
		offset = (max(q.Page, 1) - 1) * q.PageSize
		if offset >= BrowseCountCap {
			return st, nil // past what page numbers reach: the cursor goes further
		}
	}
	// The first page of a type or a tag, the ones most read, binds nothing: with its tag
	// and LIMIT in the text it is planned once (see boundedBy and tagLiteral). A page that
	// binds a value (a format, a cursor, a deeper page) binds its LIMIT too, so PostgreSQL
	// plans it for that value.
	limit := boundedBy(q.PageSize + 1)
	if len(args) > 0 || offset > 0 {
		limit = ` LIMIT CAST(` + arg(q.PageSize+1) + ` AS BIGINT) OFFSET CAST(` + arg(offset) + ` AS BIGINT)`
	}
	st.Page = `SELECT ` + listColumns + keptCount + ` FROM ` + from + ` JOIN users u ON u.id = l.user_id WHERE ` + where + ` ORDER BY ` + order + limit
	if inner != "" {
		// The page is taken from the docs, then its lists are read by key (a LIMIT over
		// the join would be planned as if few docs had a list: the planner multiplies
		// the two keys' selectivities).
		outer := `m.created_at DESC, m.list_user_id DESC, m.list_id DESC`
		if sort == model.SortOldest {
			outer = `m.created_at, m.list_user_id, m.list_id`
		}
		st.Page = `SELECT ` + listColumns + ` FROM (SELECT sd.list_user_id, sd.list_id, sd.created_at FROM list_search_docs sd
			WHERE ` + inner + ` ORDER BY ` + order + limit + `) m CROSS JOIN lists l JOIN users u ON u.id = l.user_id
			WHERE l.user_id = m.list_user_id AND l.id = m.list_id AND l.is_public = TRUE ORDER BY ` + outer
	}
	st.CountInPage = keptCount != ""
	st.PageArgs = args
	return st, nil
}

// pgDocWalk says a PostgreSQL page of q, in sort, walks list_search_docs in creation
// order (migration 0085), reading each doc on the way: a search alone, newest or oldest
// first, of words more lists hold than the count cap (fewer are read through the GIN
// index, FewMatches). Any other filter is the lists', so such a search walks them.
func (s *Store) pgDocWalk(q model.BrowseQuery, sort model.BrowseSort) bool {
	return s.dialect == Postgres && len(model.SearchWords(q.Q)) > 0 && !q.FewMatches && sort != model.SortMostVotes &&
		q.Type != model.TypeSeason && q.Type != model.TypeSurvivor && q.Format == "" && q.Franchise == "" && len(q.Tags) == 0
}

// pgMatch is the condition that a doc sd holds every word. The words are written into
// the statement, not bound (see browseFilter).
func pgMatch(words []string) string {
	return `sd.doc @@ to_tsquery('simple', '` + pgQuery(words) + `')`
}

// browseFilter builds the FROM (lists l, through the full-text matches when searching on
// SQLite) and WHERE clauses for q, and says how the first tag is written (its literal or
// parameter). With walk, a SQLite search reads the full-text index in rowid order down to
// q.SearchFloor (alias f) instead of its newest SearchCandidates.
func (s *Store) browseFilter(q model.BrowseQuery, walk bool) (from string, conds []string, args []any, firstTag string) {
	from = `lists l`
	conds = []string{`l.is_public = TRUE`}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if words := model.SearchWords(q.Q); len(words) > 0 {
		if s.dialect == Postgres {
			// The planner picks between the GIN index (rare words) and walking the
			// ordered index, looking each list's words up (common words): both bounded by
			// what they find. That choice needs the words: the query is written into the
			// statement, not passed as a parameter, as a prepared statement's generic plan
			// (taken after five runs) cannot see them and read every match of a common
			// word through the GIN index, then sorted them (7,725 buffers for a page of
			// "parvati" at 10,000 lists, against 785 walking). Words are letters, digits
			// and marks only (model.SearchWords), so they cannot end the literal.
			match := pgMatch(words)
			if q.FewMatches {
				from = `(SELECT sd.list_user_id AS mu, sd.list_id AS mi FROM list_search_docs sd WHERE ` + match + ` OFFSET 0) m
				CROSS JOIN lists l`
				conds = append(conds, `l.user_id = m.mu AND l.id = m.mi`)
			} else {
				conds = append(conds, `EXISTS (SELECT 1 FROM list_search_docs sd WHERE sd.list_user_id = l.user_id
					AND sd.list_id = l.id AND `+match+`)`)
			}
		} else if walk {
			from = `list_fts f JOIN list_search_ids k ON k.id = f.rowid CROSS JOIN lists l`
			conds = append(conds, `f.list_fts MATCH `+arg(ftsQuery(words))+` AND f.rowid >= `+arg(q.SearchFloor),
				`l.user_id = k.list_user_id AND l.id = k.list_id`)
		} else {
			// FTS5 hands its matches newest first (rowids follow creation), so reading the
			// newest SearchCandidates of them is cheap however many match; CROSS JOIN keeps
			// SQLite reading the matches first rather than walking every list.
			from = `(SELECT k.list_user_id AS mu, k.list_id AS mi FROM list_fts JOIN list_search_ids k ON k.id = list_fts.rowid
				WHERE list_fts MATCH ` + arg(ftsQuery(words)) + ` ORDER BY list_fts.rowid DESC LIMIT ` + strconv.Itoa(SearchCandidates) + `) m
				CROSS JOIN lists l`
			conds = append(conds, `l.user_id = m.mu AND l.id = m.mi`)
		}
	}
	switch q.Type {
	case model.TypeSeason:
		conds = append(conds, `l.is_season = TRUE`)
	case model.TypeSurvivor:
		conds = append(conds, `l.is_season = FALSE`)
	}
	if q.Format != "" {
		conds = append(conds, `l.format = `+arg(q.Format))
	}
	if code, ok := model.FranchiseCode(q.Franchise); ok && q.Franchise != "" {
		// Written, not bound: one of a few codes, planned once each (see tagLiteral).
		conds = append(conds, `l.franchise = `+strconv.Itoa(code))
	}
	for _, tag := range q.Tags {
		v, ok := tagLiteral(tag)
		if !ok {
			v = arg(tag)
		}
		if firstTag == "" {
			firstTag = v
		}
		if bit, ok := model.TagBit(tag); ok {
			// Read off the order index being walked (migration 0080), no lookup per list.
			conds = append(conds, `(l.tag_mask & `+strconv.FormatInt(bit, 10)+`) <> 0`)
			continue
		}
		conds = append(conds, `EXISTS (SELECT 1 FROM list_tags t WHERE t.list_user_id = l.user_id AND t.list_id = l.id AND t.tag = `+v+`)`)
	}
	return from, conds, args, firstTag
}

// tagLiteral is tag as an SQL literal, when it is a plain word (what browse filters by:
// a handful of fixed tags, so the texts stay few). A tag in the text is planned for itself
// and, its page binding nothing else, once: bound, PostgreSQL planned the page anew on
// every run (a rare tag's lists are best found through the tag, a common one's by walking
// the order, so a generic plan is costed above the custom one), and planning cost twice
// the page's reading. Anything else is bound.
func tagLiteral(tag string) (string, bool) {
	if tag == "" || len(tag) > 32 || strings.Trim(tag, "abcdefghijklmnopqrstuvwxyz-") != "" {
		return "", false
	}
	return `'` + tag + `'`, true
}

// ftsQuery asks FTS5 for lists holding every word: the last one, the word being typed,
// as a prefix ("parv" finds Parvati) when it has at least minPrefix letters; the others
// whole. A prefix of 2 to 10 letters is read from its own index, newest first, as a whole
// word is (migration 0062); a longer one merges every matching term's doclist first.
// Words hold no quote, so quoting each is safe.
func ftsQuery(words []string) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = `"` + w + `"`
		if i == len(words)-1 && utf8.RuneCountInString(w) >= minPrefix {
			parts[i] += "*"
		}
	}
	return strings.Join(parts, " ")
}

// minPrefix is the shortest last word matched as a prefix; a single letter is matched whole.
const minPrefix = 2

// pgQuery is ftsQuery for to_tsquery (parv:*), all words required. Words are letters and
// digits only, so they cannot form tsquery operators.
func pgQuery(words []string) string {
	parts := make([]string, len(words))
	for i, w := range words {
		parts[i] = w
		if i == len(words)-1 && utf8.RuneCountInString(w) >= minPrefix {
			parts[i] += ":*"
		}
	}
	return strings.Join(parts, " & ")
}

// termRange is the range of search_term_counts' words that a search of words matches
// when it is one lexeme of PostgreSQL's: one word of ASCII letters and digits (the parser
// may cut other words in two), lowercased as the 'simple' configuration does, and as a
// prefix as pgQuery writes it.
func termRange(words []string) (lo, hi string, ok bool) {
	if len(words) != 1 {
		return "", "", false
	}
	w := words[0]
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "", "", false
		}
	}
	lo = strings.ToLower(w)
	if utf8.RuneCountInString(w) >= minPrefix {
		return lo, lo + "\U0010FFFF", true
	}
	return lo, lo, true
}

// HomeSize is how many lists the top and recent sections show.
const HomeSize = 3

// weekDays is how many UTC days "this week" sums: today and the 6 days before.
const weekDays = 7

// weekCandidates bounds the lists that compete for the week's top: those with at least
// as many of the week's upvotes as the week's third public list, read off the
// (end_day, n) index. A list could only be missed by tying with more than this many.
const weekCandidates = 50

// StmtTopThisWeek ranks the public lists by their upvotes in the week ending on UTC day
// endDay (list_upvotes_week), HomeSize of them. Its cost is bounded whatever the week's
// votes: the floor is the week's HomeSize-th public list's count (walking the (end_day, n)
// index down, each list found by its key, until HomeSize are public: a few unless the most
// upvoted went private), and the candidates are the lists at or above it, at most
// weekCandidates, so the ties at the floor are broken as every list's are. The day and
// the size are written into the text, not bound: PostgreSQL planned the bound statement
// again on every run (its generic plan costed above the custom one), about as much work
// as running it. The text changes once a day.
func StmtTopThisWeek(endDay int64) string { return stmtTopThisWeek(endDay, "") }

// stmtTopThisWeek is StmtTopThisWeek with extra columns after listColumns. The author's
// name is read by key for each of the few rows (nameByKey), not joined: with users in the
// join, PostgreSQL hashed the whole users table and found each list among its author's
// (1.6 ms at 10,000 lists, against 0.14 ms).
func stmtTopThisWeek(endDay int64, extra string) string {
	day := strconv.FormatInt(endDay, 10)
	return `SELECT ` + nameByKey + extra + ` FROM (SELECT list_user_id, list_id, n FROM list_upvotes_week
		WHERE end_day = ` + day + ` AND n >= COALESCE((SELECT w.n FROM list_upvotes_week w CROSS JOIN lists l
			WHERE w.end_day = ` + day + ` AND l.user_id = w.list_user_id AND l.id = w.list_id AND l.is_public = TRUE
			ORDER BY w.n DESC LIMIT 1 OFFSET ` + strconv.Itoa(HomeSize-1) + `), 1)
		ORDER BY n DESC LIMIT ` + strconv.Itoa(weekCandidates) + `) w
	CROSS JOIN lists l
	WHERE l.user_id = w.list_user_id AND l.id = w.list_id AND l.is_public = TRUE
	ORDER BY w.n DESC, l.upvote_count DESC, l.created_at DESC, l.user_id DESC, l.id DESC` + boundedBy(HomeSize)
}

// nameByKey is listColumns with the author's name read by key, for a statement that
// joins no users.
var nameByKey = strings.Replace(listColumns, "u.display_name", "(SELECT u.display_name FROM users u WHERE u.id = l.user_id)", 1)

// StmtRecent reads the newest public lists, HomeSize of them (its LIMIT in the text: see
// boundedBy).
var StmtRecent = stmtRecent("")

// stmtRecent is StmtRecent with extra columns after listColumns.
func stmtRecent(extra string) string {
	return `SELECT ` + listColumns + extra + ` FROM lists l JOIN users u ON u.id = l.user_id
	WHERE l.is_public = TRUE ORDER BY l.created_at DESC, l.user_id DESC, l.id DESC` + boundedBy(HomeSize)
}

// StmtHome reads both sections every visitor's front page shows, the week's top
// (StmtTopThisWeek) then the newest (StmtRecent), in one statement: on PostgreSQL each
// statement is a round trip, which cost a visitor's home more than either read. Each row
// says its section and is put in its section's order by the outer sort (a few rows).
func StmtHome(endDay int64) string {
	return `SELECT * FROM (` + stmtTopThisWeek(endDay, `, 0 AS section, w.n AS k1, l.upvote_count AS k2`) + `) top
	UNION ALL SELECT * FROM (` + stmtRecent(`, 1 AS section, 0 AS k1, 0 AS k2`) + `) recent
	ORDER BY section, k1 DESC, k2 DESC, created_at DESC, user_id DESC, id DESC`
}

// StmtFavorites reads the lists $1 starred that they may still see, newest star first.
var StmtFavorites = `SELECT ` + listColumns + ` FROM favorites f
	JOIN lists l ON l.user_id = f.list_user_id AND l.id = f.list_id JOIN users u ON u.id = l.user_id
	WHERE f.user_id = $1 AND ` + visibleTo("$1") + ` ORDER BY f.favorited_at DESC, l.user_id, l.id`

// WeekEndDay is the UTC day naming the week that ends 7 days after since: the week is
// the days after since's day, the last of them naming it.
func WeekEndDay(since time.Time) int64 {
	return dayOf(millis(since)) + weekDays
}

// Home reads the front page: the public lists with the most upvotes this week, the
// newest public lists, and viewerID's favorites that still exist and are visible to
// them (none when viewerID is empty). "This week" counts whole UTC days from the weekly
// counts kept in step with the votes (list_upvotes_week, counted on the week's first
// read: weeks.go): the upvotes cast on the days after since's day
// (since is now - 7 days), that is today and the 6 days before. An upvote older than 7
// days never counts; one between 6 and 7 days old counts no more once its day ends.
func (s *Store) Home(ctx context.Context, viewerID string, since time.Time) (*model.Home, error) {
	h, err := s.HomeShared(ctx, since)
	if err != nil {
		return nil, err
	}
	if viewerID != "" {
		if h.Favorites, err = s.FavoriteLists(ctx, viewerID); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// HomeShared reads what the front page shows every visitor alike: the week's top and
// the newest public lists (Favorites empty).
func (s *Store) HomeShared(ctx context.Context, since time.Time) (*model.Home, error) {
	h := model.Home{TopThisWeek: []model.ListSummary{}, Recent: []model.ListSummary{}}
	if err := s.KeepWeek(ctx, WeekEndDay(since)); err != nil {
		return nil, err
	}
	rows, err := s.rdb.QueryContext(ctx, StmtHome(WeekEndDay(since)))
	if err != nil {
		return nil, fmt.Errorf("home lists: %w", err)
	}
	defer rows.Close()
	var lists []*model.List
	for rows.Next() {
		var section, k1, k2 int64
		l, err := scanList(rows, &section, &k1, &k2)
		if err != nil {
			return nil, fmt.Errorf("home lists: %w", err)
		}
		lists = append(lists, l)
		if section == 0 {
			h.TopThisWeek = append(h.TopThisWeek, summaryOf(l))
		} else {
			h.Recent = append(h.Recent, summaryOf(l))
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("home lists: %w", err)
	}
	// Both sections' cards in one read.
	if err := s.addCards(ctx, lists, h.TopThisWeek, h.Recent); err != nil {
		return nil, fmt.Errorf("home cards: %w", err)
	}
	h.Favorites = []model.ListSummary{}
	return &h, nil
}

// FavoriteLists reads viewerID's favorite lists that still exist and that they may see.
func (s *Store) FavoriteLists(ctx context.Context, viewerID string) ([]model.ListSummary, error) {
	out, err := s.summaries(ctx, StmtFavorites, viewerID)
	if err != nil {
		return nil, fmt.Errorf("favorite lists: %w", err)
	}
	return out, nil
}

// UserLists reads ownerID's lists that viewerID may see, most recently updated first.
func (s *Store) UserLists(ctx context.Context, ownerID, viewerID string) ([]model.ListSummary, error) {
	out, err := s.summaries(ctx, `SELECT `+listColumns+` FROM lists l JOIN users u ON u.id = l.user_id
		WHERE l.user_id = $1 AND `+visibleTo("$2")+` ORDER BY l.updated_at DESC, l.id DESC`, ownerID, viewerID)
	if err != nil {
		return nil, fmt.Errorf("user lists: %w", err)
	}
	return out, nil
}

// summaries runs a query selecting listColumns, then fetches the top items of
// every list it found and their tags in one more query.
func (s *Store) summaries(ctx context.Context, query string, args ...any) ([]model.ListSummary, error) {
	return s.summariesWith(ctx, nil, query, args...)
}

// summariesWith is summaries of a query whose rows end with more columns, each row's
// read into extra (summaryRowsWith).
func (s *Store) summariesWith(ctx context.Context, extra []any, query string, args ...any) ([]model.ListSummary, error) {
	out, lists, err := s.summaryRowsWith(ctx, extra, query, args...)
	if err != nil {
		return nil, err
	}
	return out, s.addCards(ctx, lists, out)
}

// summaryRows runs a query selecting listColumns, without the cards' items and tags;
// lists[i] is the list out[i] summarises.
func (s *Store) summaryRows(ctx context.Context, query string, args ...any) (out []model.ListSummary, lists []*model.List, err error) {
	return s.summaryRowsWith(ctx, nil, query, args...)
}

// summaryRowsWith is summaryRows of a query whose rows end with more columns, each row's
// read into extra.
func (s *Store) summaryRowsWith(ctx context.Context, extra []any, query string, args ...any) (out []model.ListSummary, lists []*model.List, err error) {
	rows, err := s.rdb.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	out = []model.ListSummary{}
	for rows.Next() {
		l, err := scanList(rows, extra...)
		if err != nil {
			return nil, nil, err
		}
		lists = append(lists, l)
		out = append(out, summaryOf(l))
	}
	return out, lists, rows.Err()
}

// summaryOf is l's summary, without its card (addCards).
func summaryOf(l *model.List) model.ListSummary {
	return model.ListSummary{UserID: l.UserID, ID: l.ID, UserName: l.UserName, Name: l.Name,
		Description: l.Description, IsPublic: l.IsPublic, IsSeason: l.IsSeason, ItemCount: l.ItemCount,
		UpvoteCount: l.UpvoteCount, VoteRank: l.VoteRank, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt, Hidden: l.Hidden, Format: l.Format}
}

// likeEscaper makes the user's text match literally inside a LIKE pattern.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
