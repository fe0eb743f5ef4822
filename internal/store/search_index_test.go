package store_test

import (
	"context"
	"strings"
	"testing"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Migration 0063 takes the private lists' words out of a search index that holds them, as
// every index made before it did, and `castaway verify` finds them there until it runs.
// On PostgreSQL that index was lists.search_doc, which migration 0077 replaced by
// list_search_docs, filled from the public lists alone (verify's checks of it: perf_test).
func TestMigrationTakesPrivateListsOutOfSearch(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		if s.Dialect() == store.Postgres {
			t.Skip("the column 0063 cleans is gone since 0077")
		}
		ctx := context.Background()
		seedBulk(t, s, seedSize{users: 5, lists: 40, items: 2}, listT0)
		execOK(t, s.DB(), `INSERT INTO list_fts (rowid, name, description, author, items)
			SELECT k.id, l.name, l.description, '', '' FROM list_search_ids k
			JOIN lists l ON l.user_id = k.list_user_id AND l.id = k.list_id WHERE NOT l.is_public`)
		diffs, err := s.VerifyAggregates(ctx)
		if err != nil || len(diffs) != 4 || !strings.Contains(diffs[0], "list_3: search index") {
			t.Fatalf("verify before the migration (4 private lists indexed): %q %v", diffs, err)
		}
		execOK(t, s.DB(), `DELETE FROM schema_migrations WHERE version = 63`)
		if err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if diffs, err := s.VerifyAggregates(ctx); err != nil || len(diffs) != 0 {
			t.Errorf("verify after the migration: %q %v", diffs, err)
		}
	})
}
