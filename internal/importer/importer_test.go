package importer

import (
	"context"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// sample is the earlier product's sample export (a copy of ../shared/samples), with
// every awkward case its README lists.
func sample(t testing.TB) *Export {
	t.Helper()
	f, err := os.Open("testdata/firestore-export.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	exp, err := Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return exp
}

var importTime = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func importSample(t *testing.T, s *store.Store) *Report {
	t.Helper()
	rep, err := Import(context.Background(), s, catalog.MustLoad(), sample(t), Options{BatchRows: 7, Now: importTime})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func hasLine(lines []string, parts ...string) bool {
	return slices.ContainsFunc(lines, func(l string) bool {
		for _, p := range parts {
			if !strings.Contains(l, p) {
				return false
			}
		}
		return true
	})
}

// tableCounts counts the rows of every table an import writes.
func tableCounts(t *testing.T, s *store.Store) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range []string{"users", "lists", "list_items", "list_tags", "list_upvotes", "favorites", "drafts",
		"comments", "comment_votes", "notifications", "global_submissions", "global_scores", "list_counts", "imported"} {
		var n int
		if err := s.ReadDB().QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

func itemIDs(l *model.List) []string {
	var ids []string
	for _, it := range l.Items {
		ids = append(ids, it.ID)
	}
	return ids
}

// TestImportSample imports the sample and checks each case of its README, then
// imports it again and checks that nothing changed.
func TestImportSample(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		cat := catalog.MustLoad()
		rep := importSample(t, s)

		// Two display names differing only by case: the older account keeps it.
		andrew, err := s.UserByID(ctx, "uA1ndrewK")
		if err != nil || andrew.DisplayName != "Andrew" || andrew.Email != "andrew@example.com" || andrew.IdolsFound != 3 || andrew.PasswordHash != "" {
			t.Errorf("Andrew: %+v %v", andrew, err)
		}
		other, err := s.UserByID(ctx, "uCaseDup1")
		if err != nil || !strings.EqualFold(other.DisplayName[:6], "andrew") || strings.EqualFold(other.DisplayName, "Andrew") {
			t.Errorf("the second andrew: %+v %v", other, err)
		}
		if !hasLine(rep.Repaired, "uCaseDup1", `"andrew" became "`+other.DisplayName+`"`) {
			t.Errorf("rename not reported: %v", rep.Repaired)
		}
		// No email (Twitter), no idolsFound, and an owner with no users document.
		if tw, err := s.UserByID(ctx, "uTw1tter"); err != nil || tw.Email != "" || tw.DisplayName != "Jeff P" {
			t.Errorf("Twitter user: %+v %v", tw, err)
		}
		if p, err := s.Profile(ctx, "uM4ddyR"); err != nil || p.IdolsFound != 0 || p.ListCount != 2 {
			t.Errorf("Maddy: %+v %v", p, err)
		}
		if o, err := s.UserByID(ctx, "uOrphan9"); err != nil || o.DisplayName != "Orphaned Owner" || o.Email != "" {
			t.Errorf("owner without a users document: %+v %v", o, err)
		}
		if !hasLine(rep.Notes, "uTw1tter", "no email") || !hasLine(rep.Notes, "uOrphan9", "no users document") {
			t.Errorf("notes: %v", rep.Notes)
		}

		// Old links keep working: user and list ids are kept. The upvote from a missing
		// user is left out; images come from the catalog whatever the export held.
		best, err := s.List(ctx, "uM4ddyR", "list_1744400000000")
		if err != nil || best.Name != "Best Winners Ever" || !best.IsPublic || best.UpvoteCount != 2 || best.CommentCount != 3 ||
			!slices.Equal(itemIDs(best), []string{"richard-hatch", "tony-vlachos", "sandra-diaz-twine", "kim-spradlin"}) {
			t.Fatalf("Best Winners Ever: %+v %v", best, err)
		}
		for _, it := range best.Items {
			ct, _, _ := cat.Contestant(it.ID, it.SeasonID)
			if it.ImageURL != ct.ImageURL || it.ImageURL == "" || strings.Contains(it.ImageURL, "storage.example") {
				t.Errorf("%s image %q, catalog %q", it.ID, it.ImageURL, ct.ImageURL)
			}
		}
		if !slices.Equal(best.Tags, []string{"favorites", "strategic", "survivor-ranking"}) || best.CreatedAt != time.Date(2025, 4, 11, 20, 0, 0, 0, time.UTC) {
			t.Errorf("tags %v created %v", best.Tags, best.CreatedAt)
		}
		if !hasLine(rep.Skipped, "list_1744400000000", "1 upvote(s) from accounts that do not exist") {
			t.Errorf("dangling upvote not reported: %v", rep.Skipped)
		}
		// No isPublic: public; isPublic false: private.
		if l, err := s.List(ctx, "uM4ddyR", "list_1744500000000"); err != nil || !l.IsPublic || !l.IsSeason ||
			!slices.Equal(itemIDs(l), []string{"s46", "s45", "s41"}) || !slices.Equal(l.Tags, []string{"season-ranking"}) {
			t.Errorf("list without isPublic: %+v %v", l, err)
		}
		if l, err := s.List(ctx, "uOrphan9", "list_1744800000000"); err != nil || l.IsPublic || l.UpvoteCount != 1 {
			t.Errorf("private list: %+v %v", l, err)
		}
		// Earlier contestant ids translated, the repeated item dropped.
		if l, err := s.List(ctx, "uA1ndrewK", "list_1744600000000"); err != nil ||
			!slices.Equal(itemIDs(l), []string{"rick-devens", cat.CurrentID("lauren-o'connell"), cat.CurrentID("reem-daley")}) ||
			cat.CurrentID("reem-daley") == "reem-daley" {
			t.Errorf("earlier ids: %+v %v", l, err)
		}
		if !hasLine(rep.Repaired, `"Rick Devens" appeared twice`) {
			t.Errorf("repeat not reported: %v", rep.Repaired)
		}
		// A list mixing kinds keeps its first item's kind; the rest is reported.
		if l, err := s.List(ctx, "uA1ndrewK", "list_1744700000000"); err != nil || !slices.Equal(itemIDs(l), []string{"s20"}) || !l.IsSeason {
			t.Errorf("mixed list: %+v %v", l, err)
		}
		if !hasLine(rep.Repaired, "list_1744700000000", "Ryan Aken", "dropped") {
			t.Errorf("mixed list not reported: %v", rep.Repaired)
		}

		// The favorite of a deleted list is left out; the other comes across.
		favs, err := s.Favorites(ctx, "uA1ndrewK")
		if err != nil || len(favs) != 1 || favs[0].ListID != "list_1744400000000" {
			t.Errorf("favorites: %+v %v", favs, err)
		}
		if !hasLine(rep.Skipped, "list_1744000000000", "no longer exists") {
			t.Errorf("dangling favorite not reported: %v", rep.Skipped)
		}
		if d, err := s.Draft(ctx, "uM4ddyR"); err != nil || d.Name != "half-finished" || len(d.Items) != 1 || d.Items[0].ID != "parvati-shallow" {
			t.Errorf("draft: %+v %v", d, err)
		}

		// Comments: a reply with a downvote, a global comment, one from a missing account.
		var up, down int
		var parent, author *string
		if err := s.ReadDB().QueryRow(`SELECT upvotes, downvotes, parent_id FROM comments WHERE id = 'c002'`).Scan(&up, &down, &parent); err != nil ||
			up != 0 || down != 1 || parent == nil || *parent != "c001" {
			t.Errorf("reply c002: %d/%d parent %v %v", up, down, parent, err)
		}
		var listUserID, listID string
		if err := s.ReadDB().QueryRow(`SELECT list_user_id, list_id FROM comments WHERE id = 'c003'`).Scan(&listUserID, &listID); err != nil ||
			listUserID != "" || listID != "season-48" {
			t.Errorf("global comment: %q %q %v", listUserID, listID, err)
		}
		if err := s.ReadDB().QueryRow(`SELECT user_id FROM comments WHERE id = 'c004'`).Scan(&author); err != nil || author != nil {
			t.Errorf("comment of a missing account: author %v %v", author, err)
		}

		// Notifications keep their state and point at their list.
		notes, unread, err := s.RecentNotifications(ctx, "uA1ndrewK", 10)
		if err != nil || unread != 0 || len(notes) != 1 || notes[0].Type != "comment_reply" || notes[0].ListUserID != "uM4ddyR" ||
			notes[0].CommentID != "c002" {
			t.Errorf("Andrew's inbox: %+v %d %v", notes, unread, err)
		}
		if notes, unread, err := s.RecentNotifications(ctx, "uM4ddyR", 10); err != nil || unread != 1 || notes[0].ListUserID != "uM4ddyR" {
			t.Errorf("Maddy's inbox: %+v %d %v", notes, unread, err)
		}

		// Ballots: the malformed form and one with empty slots; the results recounted.
		if b, err := s.BallotOf(ctx, "season-48", "uM4ddyR"); err != nil || len(b.Ranking) != 10 || b.Ranking[0] != "eva-erickson" ||
			b.Ranking[1] != "kyle-fraser" || b.Ranking[2] != "" {
			t.Errorf("malformed ballot: %+v %v", b, err)
		}
		top, err := s.PollTop(ctx, "season-48", 10)
		if err != nil || len(top) != 3 || top[0].TotalScore != 19 || top[1].TotalScore != 19 || top[2].ContestantID != "joe-hunter" || top[2].TotalScore != 8 {
			t.Errorf("results: %+v %v", top, err)
		}
		if p, err := s.Poll(ctx, "season-48"); err != nil || p.Submissions != 2 {
			t.Errorf("poll: %+v %v", p, err)
		}
		if !hasLine(rep.Results, "season-48", "agree") {
			t.Errorf("aggregate comparison: %v", rep.Results)
		}

		// The legacy record.
		rec, err := s.LegacyRecord(ctx, importTime)
		if err != nil || len(rec.Lists.Maddys) != 1 || rec.Lists.Maddys[0].ID != "s20" || len(rec.Lists.Andrews) != 0 ||
			len(rec.Lists.Kendalls) != 1 || rec.Lists.Kendalls[0].ID != "cirie-fields" || !rec.LastUpdated.Equal(time.Date(2025, 5, 3, 0, 0, 0, 0, time.UTC)) {
			t.Errorf("legacy record: %+v %v", rec, err)
		}

		// Every kept-in-step count is right, and nothing failed.
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) > 0 {
			t.Errorf("aggregates: %v %v", diffs, err)
		}
		if diffs, err := s.VerifyPolls(ctx); err != nil || len(diffs) > 0 {
			t.Errorf("polls: %v %v", diffs, err)
		}
		if len(rep.Failed) > 0 {
			t.Errorf("failed: %v", rep.Failed)
		}
		want := map[string]Count{"users": {Imported: 6}, "lists": {Imported: 5}, "favorites": {Imported: 1, Skipped: 1},
			"upvotes": {Imported: 4, Skipped: 1}, "comments": {Imported: 4}, "notifications": {Imported: 2}, "ballots": {Imported: 2},
			"legacy record": {Imported: 1}, "drafts": {Imported: 1}}
		for kind, c := range want {
			if *rep.Counts[kind] != c {
				t.Errorf("%s: %+v, want %+v", kind, *rep.Counts[kind], c)
			}
		}

		// A second run brings nothing in twice, even after a fan removed something.
		if err := s.RemoveFavorite(ctx, "uA1ndrewK", "uM4ddyR", "list_1744400000000"); err != nil {
			t.Fatal(err)
		}
		before := tableCounts(t, s)
		again := importSample(t, s)
		if after := tableCounts(t, s); !maps.Equal(before, after) {
			t.Errorf("second import changed the rows:\n%v\n%v", before, after)
		}
		for _, kind := range kinds {
			if c := again.Counts[kind]; c.Imported != 0 {
				t.Errorf("second import brought in %d %s", c.Imported, kind)
			}
		}
		if again.Counts["users"].Already != 6 || again.Counts["lists"].Already != 5 {
			t.Errorf("second import: %+v %+v", again.Counts["users"], again.Counts["lists"])
		}
	})
}

// A batch the database refuses is written again unit by unit: only the refused unit
// is left out, and the report names it.
func TestRefusedUnitCostsOnlyItself(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		user := func(id string) store.DemoBatch {
			return store.DemoBatch{Users: []store.DemoUser{{ID: id, DisplayName: id, CreatedAt: importTime}},
				Imported: []store.Imported{{Kind: "user", ID: id}}}
		}
		orphan := store.DemoBatch{Lists: []store.DemoList{{UserID: "nobody", ID: "list_1", Name: "x", IsPublic: true,
			CreatedAt: importTime, UpdatedAt: importTime}}, Imported: []store.Imported{{Kind: "list", ID: "nobody/list_1"}}}
		failed, err := writeBatch(ctx, s, []store.DemoBatch{user("u1"), orphan, user("u2")})
		if err != nil {
			t.Fatal(err)
		}
		if len(failed) != 1 || !strings.HasPrefix(failed[0], `list "nobody/list_1": `) {
			t.Errorf("failed: %v", failed)
		}
		for _, id := range []string{"u1", "u2"} {
			if _, err := s.UserByID(ctx, id); err != nil {
				t.Errorf("%s: %v", id, err)
			}
		}
		state, err := s.ImportState(ctx)
		if err != nil || !state.Imported[store.Imported{Kind: "user", ID: "u2"}] || state.Imported[store.Imported{Kind: "list", ID: "nobody/list_1"}] {
			t.Errorf("imported marks: %+v %v", state.Imported, err)
		}
	})
}

// A stored aggregate that does not add up is reported, with what differs.
func TestStoredResultsThatDiffer(t *testing.T) {
	exp := sample(t)
	agg := exp.GlobalRankingsData["season-48"]
	agg.TotalVotes = 3
	agg.Top10[2].TotalScore = 9
	exp.GlobalRankingsData["season-48"] = agg
	state := &store.ImportState{Imported: map[store.Imported]bool{}, Users: map[string]bool{}, NameKeys: map[string]string{},
		EmailKeys: map[string]string{}, Lists: map[[2]string]bool{}, Comments: map[string]store.ImportedComment{},
		Polls: map[string]string{"season-48": "s48"}, LegacyEmpty: true}
	_, rep := Plan(exp, catalog.MustLoad(), state, importTime, func(store.DemoBatch) {})
	if !hasLine(rep.Results, "season-48", "differ", "totalVotes 3, ballots 2", `"Joe Hunter" 9 points stored, 8 recounted`) {
		t.Errorf("results: %v", rep.Results)
	}
}

func TestTimeForms(t *testing.T) {
	for in, want := range map[string]time.Time{
		`{"_seconds": 1744310000, "_nanoseconds": 500000000}`: time.Unix(1744310000, 500000000).UTC(),
		`"2025-04-12T18:03:11.201Z"`:                          time.Date(2025, 4, 12, 18, 3, 11, 201000000, time.UTC),
		`1744300000000`:                                       time.UnixMilli(1744300000000).UTC(),
		`null`:                                                {},
		`"yesterday"`:                                         {},
		`{"seconds": 5}`:                                      {},
	} {
		var got Time
		if err := got.UnmarshalJSON([]byte(in)); err != nil || !got.Equal(want) {
			t.Errorf("%s: %v %v, want %v", in, got.Time, err, want)
		}
	}
}

// Every line of the report quotes the export's values where it is made: a hostile export
// (terminal escapes, BEL, CR, NUL, C1 controls, U+202E in collection names, document ids,
// favorites, emails and names) leaves no line that printing would have to escape.
func TestReportLinesQuoteTheExport(t *testing.T) {
	f, err := os.Open("testdata/hostile-export.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	exp, err := Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	state := &store.ImportState{Imported: map[store.Imported]bool{}, Users: map[string]bool{}, NameKeys: map[string]string{},
		EmailKeys: map[string]string{}, Lists: map[[2]string]bool{}, Comments: map[string]store.ImportedComment{},
		Polls: map[string]string{}, LegacyEmpty: true}
	_, rep := Plan(exp, catalog.MustLoad(), state, importTime, func(store.DemoBatch) {})
	var n int
	for _, lines := range [][]string{rep.Repaired, rep.Skipped, rep.Notes, rep.Results, rep.Failed} {
		for _, l := range lines {
			n++
			if printable(l) != l {
				t.Errorf("a raw line: %q", l)
			}
		}
	}
	if n < 15 {
		t.Errorf("only %d lines: %s", n, rep)
	}
	if _, err := Parse(strings.NewReader(`{"\u001b]0;pwned\u0007": "\u202e"}`)); err == nil || printable(err.Error()) != err.Error() {
		t.Errorf("the error of a broken export: %q", err)
	}
}
