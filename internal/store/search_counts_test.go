package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// wordCount is how many lists search_term_counts says hold word (0: no row).
func wordCount(t *testing.T, s *store.Store, word string) int {
	t.Helper()
	var n int
	if err := s.DB().QueryRow(`SELECT COALESCE((SELECT n FROM search_term_counts WHERE term = $1), 0)`, word).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// On PostgreSQL each word's count of searchable lists follows every change to the
// search index: a save, an edit, a list made private, a rename of its author, a delete
// (by cascade); a word no list holds leaves no row.
func TestSearchWordCountsFollowEveryChange(t *testing.T) {
	s := storetest.OpenPostgres(t)
	ctx := context.Background()
	f := newBrowseFixture(t, s)
	step := func(name string, want map[string]int) {
		t.Helper()
		for word, n := range want {
			if got := wordCount(t, s, word); got != n {
				t.Errorf("%s: %q held by %d lists, want %d", name, word, got, n)
			}
		}
		if diffs, err := s.VerifyAggregate(ctx, store.AggSearch); err != nil || len(diffs) != 0 {
			t.Errorf("%s: verify: %q %v", name, diffs, err)
		}
	}
	// Queens (public) and Hidden gems (private) hold Parvati; Villains holds Hantz.
	step("saved", map[string]int{"parvati": 1, "hantz": 1, "villains": 2, "bob": 2, "hidden": 0})

	rascals := listContent("Rascals", "Russell Hantz")
	if _, err := s.UpdateList(ctx, f.bob.ID, f.villains.ID, rascals, listT0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	step("edited", map[string]int{"villains": 1, "rascals": 1, "tony": 0, "hantz": 1})

	hidden := listContent("Queens", "Parvati Shallow")
	hidden.IsPublic = false
	if _, err := s.UpdateList(ctx, f.alice.ID, f.queens.ID, hidden, listT0.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	step("made private", map[string]int{"parvati": 0, "queens": 0})

	if _, err := s.RenameUser(ctx, f.bob.ID, "Robert Builder"); err != nil {
		t.Fatal(err)
	}
	step("author renamed", map[string]int{"bob": 0, "robert": 2, "builder": 2})

	if err := s.DeleteList(ctx, f.bob.ID, f.villains.ID); err != nil {
		t.Fatal(err)
	}
	step("deleted", map[string]int{"rascals": 0, "hantz": 0, "robert": 1})
}

// verify finds a word's count gone wrong, or a word no list holds, and repairing the
// search index puts them right.
func TestVerifyFindsAndRepairsSearchWordCounts(t *testing.T) {
	s := storetest.OpenPostgres(t)
	ctx := context.Background()
	newBrowseFixture(t, s)
	execOK(t, s.DB(), `UPDATE search_term_counts SET n = n + 5 WHERE term = 'parvati'`)
	execOK(t, s.DB(), `INSERT INTO search_term_counts (term, n) VALUES ('nobody', 3)`)
	diffs, err := s.VerifyAggregate(ctx, store.AggSearch)
	if err != nil || len(diffs) != 2 || !strings.Contains(strings.Join(diffs, "\n"), `"parvati": 6 lists, expected 1`) {
		t.Fatalf("verify: %q %v", diffs, err)
	}
	if err := s.RepairAggregate(ctx, store.AggSearch); err != nil {
		t.Fatal(err)
	}
	if diffs, err := s.VerifyAggregate(ctx, store.AggSearch); err != nil || len(diffs) != 0 {
		t.Fatalf("verify after repair: %q %v", diffs, err)
	}
	if wordCount(t, s, "parvati") != 1 || wordCount(t, s, "nobody") != 0 {
		t.Fatal("repair left the counts wrong")
	}
}

// A search of one word is past the cap as soon as one word it matches is held by more
// lists than the cap, without counting them; any other search counts its matches.
func TestSearchOfACommonWordReadsItsKeptCount(t *testing.T) {
	s := storetest.OpenPostgres(t)
	ctx := context.Background()
	newBrowseFixture(t, s)
	count := func(q string) int {
		t.Helper()
		r, err := s.BrowsePage(ctx, model.BrowseQuery{Q: q, Page: 1, PageSize: 12})
		if err != nil {
			t.Fatal(err)
		}
		if r.TotalIsCapped {
			return r.Total + 1
		}
		return r.Total
	}
	if n := count("villains"); n != 2 {
		t.Fatalf("villains: %d matches, want 2", n)
	}
	// Say Villains' words are common: the word, a prefix of it and a word it prefixes
	// read past the cap at once; a whole phrase and other words are still counted.
	execOK(t, s.DB(), `UPDATE search_term_counts SET n = $1 WHERE term = 'villains'`, store.BrowseCountCap+1)
	for q, want := range map[string]int{"villains": store.BrowseCountCap + 1, "VILL": store.BrowseCountCap + 1,
		"villainsx": 0, "evil villains": 1, "parvati": 1} {
		if n := count(q); n != want {
			t.Errorf("%q: %d matches, want %d", q, n, want)
		}
	}
}

// Migration 0082's function body is one statement: its lines that end with a semicolon
// end none.
func TestMigrationKeepsAFunctionBodyWhole(t *testing.T) {
	stmts, err := store.MigrationStatements("0082_search_term_counts.postgres.sql")
	if err != nil {
		t.Fatal(err)
	}
	var body string
	for _, st := range stmts {
		if strings.HasPrefix(st, "CREATE FUNCTION") {
			body = st
		}
	}
	if !strings.HasSuffix(body, "$$;") || strings.Count(body, "INSERT INTO search_term_counts") != 3 {
		t.Fatalf("the function was cut: %q", body)
	}
	if len(stmts) != 6 {
		t.Fatalf("%d statements, want 6 (table, fill, function, 3 triggers)", len(stmts))
	}
}
