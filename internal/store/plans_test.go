package store_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// bigTables are the tables (and the aliases the statements give them) that grow with
// the community: no visitor's query may read one of them whole.
var bigTables = map[string]bool{
	"lists": true, "l": true, "list_items": true, "i": true, "list_tags": true, "t": true,
	"list_upvotes": true, "list_upvotes_daily": true, "d": true, "comments": true, "c": true, "r": true,
	"favorites": true, "f": true, "users": true, "u": true, "comment_votes": true, "v": true,
	"list_search_ids": true, "k": true, "ct": true, "consensus_members": true, "cm": true,
	"blocks": true, "b": true, "reports": true, "report_targets": true, "moderation_actions": true,
	"notifications": true, "n": true, "global_submissions": true, "sessions": true,
	"follows": true, "feed_items": true,
	"castaway_ranks": true, "sitemap_lists": true, "s": true, "list_search_docs": true, "sd": true,
}

type plannedStmt struct {
	name  string
	query string
	args  []any
	// sorted says the rows must come out of an index in order: no sort of all matches.
	sorted bool
}

// lookupsOnly names the statements that must reach lists by key only, never by walking
// the public lists (which only a LIMITed ordered page may do). On PostgreSQL a search
// alone, newest or oldest first, walks its docs in creation order (migration 0085); with
// other filters or by votes it may walk an ordered index of the lists, filtering by the
// tsvector (the planner's choice when matches are common; with rare words it takes the
// GIN index).
var lookupsOnly = map[store.Dialect]*regexp.Regexp{
	store.SQLite:   regexp.MustCompile(`^(top this week|favorites|list|card|comment|count search|browse \w+ search)`),
	store.Postgres: regexp.MustCompile(`^(top this week|favorites|list|card|comment|few matches|browse (newest|oldest) search (page|cursor))`),
}

// visitorStatements are the statements a visitor reaches on the home, browse, list and
// comment pages, with arguments that exist in the seeded data.
func visitorStatements(t *testing.T, s *store.Store, now time.Time) []plannedStmt {
	cursor := map[model.BrowseSort]string{}
	for _, sort := range []model.BrowseSort{model.SortNewest, model.SortMostVotes, model.SortOldest} {
		r, err := s.BrowsePage(context.Background(), model.BrowseQuery{Sort: sort, Page: 1, PageSize: 12})
		if err != nil || r.NextCursor == "" {
			t.Fatalf("first page of %s: %v (cursor %q)", sort, err, r.NextCursor)
		}
		cursor[sort] = r.NextCursor
	}
	castaway := strings.ToLower(strings.ReplaceAll(seedNames[0], " ", "-"))
	out := []plannedStmt{
		{"top this week", store.StmtTopThisWeek(store.WeekEndDay(now.Add(-7 * 24 * time.Hour))), nil, false},
		{"recent", store.StmtRecent, nil, true},
		{"home", store.StmtHome(store.WeekEndDay(now.Add(-7 * 24 * time.Hour))), nil, false},
		{"favorites", store.StmtFavorites, []any{"u00001"}, false},
		{"list", store.StmtList, []any{"u00001", "list_1"}, false},
		{"list items", store.StmtListItems(`list_user_id = $1 AND list_id = $2`), []any{"u00001", "list_1"}, true},
		{"cards: top items and tags", store.StmtCards(store.PageKeys(2), `$5`), []any{"u00001", "list_1", "u00002", "list_2", 3}, false},
		{"list marks", store.StmtListMarks, []any{"u00001", "list_1", "u00002"}, false},
		{"list visibility", store.StmtListVisibility, []any{"u00001", "list_1"}, false},
		{"list origin", store.StmtOrigin, []any{"u00001", "list_1"}, false},
		{"list remixes", store.StmtRemixes, []any{"u00001", "list_1", int64(1) << 62, "", "", 13}, true},
		{"consensus version", store.StmtConsensusVersion, []any{"s1"}, false},
		{"board version", store.StmtBoardVersion, []any{"s1"}, false},
		{"consensus versions (a castaway page's head)", store.StmtConsensusVersions(3), []any{store.AllTimeScope, "s1", "s2"}, false},
		{"list names (consensus agreeing)", store.StmtListNames(2), []any{"u00001", "list_1", "u00002", "list_2"}, false},
		{"consensus count", store.StmtConsensusCount, []any{"s1"}, false},
		{"consensus tallies", store.StmtConsensusTallies, []any{"s1"}, false},
		{"consensus sample", store.StmtConsensusSample, []any{"s1", 50}, true},
		{"consensus all-time tallies", store.StmtConsensusTallies, []any{store.AllTimeScope}, false},
		{"castaway places", store.StmtCastawayPlaces(13, 0), []any{castaway, -1, 0, "", ""}, true},
		{"castaway places and versions", store.StmtCastawayPlaces(13, 2), []any{castaway, -1, 0, "", "", "s1", store.AllTimeScope}, true},
		{"castaway places after", store.StmtCastawayPlaces(13, 2), []any{castaway, 1, -(int64(1) << 40), "u00001", "list_1", "s1", store.AllTimeScope}, true},
		{"sitemap pages", store.StmtSitemapLast, nil, false},
		{"sitemap lists", store.StmtSitemapLists, []any{1000, 2000}, true},
		{"consensus sample items", store.StmtListItems(store.PageKeys(2)), []any{"u00001", "list_1", "u00002", "list_2"}, false},
		{"comments top", store.StmtCommentsTop(true, 51), []any{"u00002", "u00000", "list_hot", int64(1) << 62, ""}, true},
		{"comments top signed out", store.StmtCommentsTop(false, 51), []any{"u00000", "list_hot", int64(1) << 62, ""}, true},
		{"comment replies", store.StmtCommentReplies(true, 2), []any{"u00002", "c0000001", "c0000002"}, true},
		{"comment replies signed out", store.StmtCommentReplies(false, 2), []any{"c0000001", "c0000002"}, true},
		{"legacy record", store.StmtLegacyRecord, []any{1}, false},
		// A signed-in reader's own: what they left out of a page, whom they blocked, their inbox.
		{"unseen", store.StmtUnseen(2, 2, 2), []any{"u00002", "u00001", "u00003", "u00001/list_1", "u00003/list_3", "c0000001", "c0000002"}, false},
		{"blocked", store.StmtBlocked(2), []any{"u00002", "u00001", "u00003"}, false},
		{"inbox", store.StmtInbox(10), []any{"u00001"}, true},
		// A fan's feed and follows: one reader's rows by index, newest first.
		{"feed keys", store.StmtFeedKeys, []any{"u00001", int64(1) << 62, "\uffff", ""}, true},
		{"lists by key", store.StmtListsByKey(2), []any{"u00001", "list_1", "u00002", "list_2"}, false},
		{"following", store.StmtFollowing, []any{"u00001", int64(1) << 62, "\uffff", 51}, true},
		{"lists of a fan followed (into the follower's feed)", store.StmtFollowBackfill, []any{"u00002", "u00001", int64(0), 50}, false},
		{"lists of a fan no longer followed (out of the feed)", store.StmtClearFeed, []any{"u00002", "u00001"}, false},
		// Every signed-in request looks its session up; /account lists a fan's sessions.
		{"session", store.StmtSessionOf, []any{"hash", int64(0)}, false},
		{"sessions of a fan", store.StmtUserSessions, []any{"u00001", "hash", int64(0), 51}, true},
		// A moderator's pages grow with the reports, and are read a page at a time.
		{"moderation queue", store.StmtReportQueue, []any{"open", int64(1) << 62, "\uffff", "", 31}, true},
		{"moderation log", store.StmtModerationLog, []any{int64(1) << 62, "\uffff", 51}, true},
		// The fan-out worker's: the feed's stale rows a batch at a time, oldest first, and
		// the /metrics count of its jobs and feed syncs (bounded by its LIMIT).
		{"feed prune", store.StmtPruneFeed(s.Dialect()), []any{now.Add(-store.FeedRetention).UnixMilli(), store.FeedPruneBatch}, true},
		{"fan-outs pending", store.StmtFanOutsPending, []any{store.FanOutsCounted}, false},
		{"voted lists", store.StmtVotedLists(s.Dialect(), store.TallyBatch), nil, false},
		{"votes pending", store.StmtVotesPending, []any{store.TallyBatch}, false},
	}
	// A fan's export reads only what they made or cast (and deleting the account finds the same rows).
	for _, section := range store.ExportSections {
		out = append(out, plannedStmt{"export " + section.Name, section.Query(), []any{"u00001"}, false})
	}
	for i, q := range store.FoldStatements {
		out = append(out, plannedStmt{fmt.Sprintf("catch a list up with its votes (%d)", i+1), q, []any{"u00001", "list_1"}, false})
	}
	if s.Dialect() == store.Postgres {
		for i, q := range store.FoldWeeksTogether {
			out = append(out, plannedStmt{fmt.Sprintf("catch lists up with their votes (%d)", i+1), q, []any{[]string{"u00001", "u00002"}, []string{"list_1", "list_2"}}, false})
		}
	}
	out = append(out, plannedStmt{"comment notifications", store.StmtDeleteCommentNotes, []any{"c0000001"}, false})
	out = append(out, plannedStmt{"account comment votes", store.StmtUncountCommentVotes, []any{"u00001"}, false})
	out = append(out, plannedStmt{"notifications of an account", store.StmtDeleteActorNotes, []any{"u00001"}, false})
	out = append(out, plannedStmt{"threads of an author", store.StmtThreadsOfAuthorChanged, []any{"u00001"}, false})
	out = append(out, plannedStmt{"threads an account voted in", store.StmtThreadsVotedInChanged, []any{"u00001"}, false})
	for _, sort := range []model.BrowseSort{model.SortNewest, model.SortMostVotes, model.SortOldest} {
		for _, f := range []struct {
			name string
			q    model.BrowseQuery
		}{
			{"all", model.BrowseQuery{}},
			{"season", model.BrowseQuery{Type: model.TypeSeason}},
			{"survivor+tag", model.BrowseQuery{Type: model.TypeSurvivor, Tags: []string{"strategic"}}},
			{"two tags", model.BrowseQuery{Tags: []string{"strategic", "survivor-ranking"}}},
			{"search", model.BrowseQuery{Q: "parv"}},
			{"search+type+tag", model.BrowseQuery{Q: "player 0004", Type: model.TypeSurvivor, Tags: []string{"villains"}}},
			{"tiers", model.BrowseQuery{Format: model.FormatTiers}},
			{"ranked+season", model.BrowseQuery{Format: model.FormatRanked, Type: model.TypeSeason}},
			{"australia", model.BrowseQuery{Franchise: "AU"}},
			{"australia+tag", model.BrowseQuery{Franchise: "AU", Tags: []string{"strategic"}}},
		} {
			for _, paging := range []string{"page 3", "cursor"} {
				q := f.q
				q.Sort, q.Page, q.PageSize = sort, 3, 12
				if paging == "cursor" {
					q.Cursor = cursor[sort]
				}
				st, err := s.BrowseStatements(q)
				if err != nil {
					t.Fatal(err)
				}
				name := "browse " + string(sort) + " " + f.name + " " + paging
				// Filters walk an ordered index, and so do newest and oldest searches on SQLite
				// (the full-text index in rowid order); other searches order their (bounded)
				// candidates.
				walks := q.Q == "" || (s.Dialect() == store.SQLite && sort != model.SortMostVotes)
				out = append(out, plannedStmt{name, st.Page, st.PageArgs, walks})
				if q.Q != "" && s.Dialect() == store.Postgres {
					q.FewMatches = true
					few, err := s.BrowseStatements(q)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, plannedStmt{"few matches " + name, few.Page, few.PageArgs, false})
				}
				if paging == "page 3" {
					out = append(out, plannedStmt{"count " + f.name, st.Count, st.CountArgs, false})
					if st.Matches != "" {
						out = append(out, plannedStmt{"count search matches " + f.name, st.Matches, st.MatchesArgs, false})
					}
				}
			}
		}
	}
	return out
}

// TestVisitorQueryPlans runs EXPLAIN on every statement a visitor can reach, over a
// seeded community (with fresh statistics on PostgreSQL, and sequential scans, hash and
// merge joins made last resorts there), and fails on any full scan of a table that grows with the
// community, or a sort of everything where an index should give the order.
func TestVisitorQueryPlans(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		seedBulk(t, s, seedSize{users: 200, lists: 3000, items: 4, upvotes: 6000, comments: 1000}, now)
		stmts := visitorStatements(t, s, now)
		conn, err := s.ReadDB().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		explain := "EXPLAIN QUERY PLAN "
		if s.Dialect() == store.Postgres {
			explain = "EXPLAIN "
			// A small table invites scans and hash joins a large one would not get: make
			// them last resorts, so the plan shows whether indexes can serve the statement.
			for _, set := range []string{`SET enable_seqscan = off`, `SET enable_hashjoin = off`, `SET enable_mergejoin = off`} {
				if _, err := conn.ExecContext(ctx, set); err != nil {
					t.Fatal(err)
				}
			}
		}
		sqliteScan := regexp.MustCompile(`^SCAN (\w+)`)
		pgScan := regexp.MustCompile(`Seq Scan on (\w+)`)
		for _, st := range stmts {
			rows, err := conn.QueryContext(ctx, explain+st.query, st.args...)
			if err != nil {
				t.Fatalf("%s: %v\n%s", st.name, err, st.query)
			}
			var lines []string
			for rows.Next() {
				var line string
				if s.Dialect() == store.Postgres {
					err = rows.Scan(&line)
				} else {
					var id, parent, unused int
					err = rows.Scan(&id, &parent, &unused, &line)
				}
				if err != nil {
					t.Fatal(err)
				}
				lines = append(lines, line)
			}
			rows.Close()
			plan := strings.Join(lines, "\n")
			if strings.Contains(st.name, "australia") && !strings.Contains(st.name, "count") && !strings.Contains(plan, "lists_public_franchise_") {
				// A franchise few lists rank would otherwise be found by walking every list.
				t.Errorf("%s: does not read the franchise's own index\n%s", st.name, plan)
			}
			for _, line := range lines {
				line = strings.TrimSpace(line)
				if m := sqliteScan.FindStringSubmatch(line); m != nil && bigTables[m[1]] && !strings.Contains(line, "INDEX") {
					t.Errorf("%s: full scan of %s\n%s", st.name, m[1], plan)
				}
				if m := pgScan.FindStringSubmatch(line); m != nil && bigTables[m[1]] {
					t.Errorf("%s: full scan of %s\n%s", st.name, m[1], plan)
				}
				if lookupsOnly[s.Dialect()].MatchString(st.name) && strings.Contains(line, "lists_public_") {
					t.Errorf("%s: walks the public lists\n%s", st.name, plan)
				}
				if st.sorted && s.Dialect() == store.SQLite && strings.Contains(line, "TEMP B-TREE FOR ORDER BY") {
					t.Errorf("%s: sorts instead of reading an index in order\n%s", st.name, plan)
				}
			}
			if testing.Verbose() {
				t.Logf("%s:\n%s", st.name, plan)
			}
		}
	})
}

// TestHotReadsKeepTheirPlan runs the reads every visitor's first pages make the way the
// server does (pgx keeps each prepared on its connection) more often than PostgreSQL
// plans afresh, and fails when PostgreSQL still planned one anew on every run: a bound
// LIMIT did that to home, the first browse pages and the inbox, and a bound tag to a
// tag's first page, costing about as much as running them.
func TestHotReadsKeepTheirPlan(t *testing.T) {
	ctx := context.Background()
	s := storetest.OpenPostgres(t)
	now := time.Now()
	seedBulk(t, s, seedSize{users: 200, lists: 3000, items: 4, upvotes: 6000, comments: 1000}, now)
	hot := []plannedStmt{
		{"top this week", store.StmtTopThisWeek(store.WeekEndDay(now.Add(-7 * 24 * time.Hour))), nil, false},
		{"recent", store.StmtRecent, nil, false},
		{"home", store.StmtHome(store.WeekEndDay(now.Add(-7 * 24 * time.Hour))), nil, false},
		{"inbox", store.StmtInbox(10), []any{"u00001"}, false},
		{"lists by key", store.StmtListsByKey(2), []any{"u00001", "list_1", "u00002", "list_2"}, false},
	}
	for _, sort := range []model.BrowseSort{model.SortNewest, model.SortMostVotes, model.SortOldest} {
		for _, kind := range []model.BrowseType{model.TypeAll, model.TypeSeason, model.TypeSurvivor} {
			st, err := s.BrowseStatements(model.BrowseQuery{Sort: sort, Type: kind, Page: 1, PageSize: 12})
			if err != nil {
				t.Fatal(err)
			}
			hot = append(hot, plannedStmt{"browse " + string(sort) + " " + string(kind), st.Page, st.PageArgs, false})
		}
		st, err := s.BrowseStatements(model.BrowseQuery{Sort: sort, Tags: []string{"strategic"}, Page: 1, PageSize: 12})
		if err != nil {
			t.Fatal(err)
		}
		hot = append(hot, plannedStmt{"browse " + string(sort) + " strategic", st.Page, st.PageArgs, false})
	}
	conn, err := s.ReadDB().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, st := range hot {
		for range 7 { // PostgreSQL weighs a generic plan from the sixth run on
			rows, err := conn.QueryContext(ctx, st.query, st.args...)
			if err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			rows.Close()
		}
		var generic, custom int
		if err := conn.QueryRowContext(ctx, `SELECT COALESCE(max(generic_plans), 0), COALESCE(max(custom_plans), 0)
			FROM pg_prepared_statements WHERE statement = $1`, st.query).Scan(&generic, &custom); err != nil {
			t.Fatal(err)
		}
		if generic == 0 || custom > 5 {
			t.Errorf("%s: planned anew on every run (%d generic plans, %d custom)\n%s", st.name, generic, custom, st.query)
		}
	}
}
