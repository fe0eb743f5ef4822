package store_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// On PostgreSQL a search of a word more lists hold than the count cap, newest or oldest
// first, pages through the docs in their lists' creation order (migration 0085): every
// public list holding the word, each once, in order, by page number and by cursor alike.
func TestSearchOfACommonWordPagesInCreationOrder(t *testing.T) {
	s := storetest.OpenPostgres(t)
	ctx := context.Background()
	seedBulk(t, s, seedSize{users: 7, lists: 200, items: 4}, listT0)
	execOK(t, s.DB(), `UPDATE search_term_counts SET n = $1 WHERE term = 'parvati'`, store.BrowseCountCap+1)
	for _, sort := range []model.BrowseSort{model.SortNewest, model.SortOldest} {
		order := `l.created_at DESC, l.user_id DESC, l.id DESC`
		if sort == model.SortOldest {
			order = `l.created_at, l.user_id, l.id`
		}
		want := column(t, s, `SELECT l.id FROM lists l WHERE l.is_public AND EXISTS (SELECT 1 FROM list_items i
			WHERE i.list_user_id = l.user_id AND i.list_id = l.id AND i.name = 'Parvati Shallow') ORDER BY `+order)
		if len(want) < 10 {
			t.Fatalf("only %d lists hold Parvati", len(want))
		}
		var byPage, byCursor []string
		cursor := ""
		for page := 1; page <= 40; page++ {
			r, err := s.BrowsePage(ctx, model.BrowseQuery{Q: "PARV", Sort: sort, Page: page, PageSize: 4})
			if err != nil {
				t.Fatal(err)
			}
			if !r.TotalIsCapped {
				t.Fatalf("%s page %d: a count of %d, not capped", sort, page, r.Total)
			}
			byPage = append(byPage, ids(r.Lists)...)
			if r, err = s.BrowsePage(ctx, model.BrowseQuery{Q: "parvati", Sort: sort, Cursor: cursor, PageSize: 4}); err != nil {
				t.Fatal(err)
			}
			byCursor = append(byCursor, ids(r.Lists)...)
			if cursor = r.NextCursor; cursor == "" {
				break
			}
		}
		if !slices.Equal(byPage, want) || !slices.Equal(byCursor, want) {
			t.Errorf("%s:\nby page   %v\nby cursor %v\nwant      %v", sort, byPage, byCursor, want)
		}
	}
}

// A doc whose creation time is not its list's is found by verify and put right by the
// repair; and migration 0085 gives the docs of a database made before it their times.
func TestSearchDocsKeepTheirListsCreationTime(t *testing.T) {
	s := storetest.OpenPostgres(t)
	ctx := context.Background()
	seedBulk(t, s, seedSize{users: 3, lists: 20, items: 2}, listT0)
	execOK(t, s.DB(), `UPDATE list_search_docs SET created_at = created_at + 1 WHERE list_id = 'list_5'`)
	diffs, err := s.VerifyAggregate(ctx, store.AggSearch)
	if err != nil || len(diffs) != 1 || !strings.Contains(diffs[0], "list_5: search index stale") {
		t.Fatalf("verify: %q %v", diffs, err)
	}
	if err := s.RepairAggregate(ctx, store.AggSearch); err != nil {
		t.Fatal(err)
	}
	if diffs, err := s.VerifyAggregate(ctx, store.AggSearch); err != nil || len(diffs) != 0 {
		t.Fatalf("verify after repair: %q %v", diffs, err)
	}
	words := column(t, s, `SELECT term || '=' || n FROM search_term_counts ORDER BY term`)
	execOK(t, s.DB(), `ALTER TABLE list_search_docs DROP COLUMN created_at`)
	execOK(t, s.DB(), `DELETE FROM schema_migrations WHERE version = 85`)
	if err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
		t.Errorf("verify after the migration: %q %v", diffs, err)
	}
	if got := column(t, s, `SELECT term || '=' || n FROM search_term_counts ORDER BY term`); !slices.Equal(got, words) {
		t.Errorf("word counts after the migration:\n%v\nwant\n%v", got, words)
	}
	public := column(t, s, `SELECT id FROM lists WHERE is_public ORDER BY id`)
	if docs := column(t, s, `SELECT list_id FROM list_search_docs ORDER BY list_id`); len(public) < 10 || !slices.Equal(docs, public) {
		t.Errorf("docs after the migration: %v, want the public lists' %v", docs, public)
	}
}

// column reads a query's one column of text.
func column(t *testing.T, s *store.Store, query string) []string {
	t.Helper()
	out, err := selectStrings(context.Background(), s, query)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ids are the ids of lists, in their order.
func ids(ls []model.ListSummary) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.ID
	}
	return out
}
