package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Migration 66 gives every existing name its look-alike key; of two names that now
// clash the older keeps it and the newer gets the first free numbered variant, which
// also steers clear of the names of users read after it.
func TestNameKeysMigration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		db := s.DB()
		// The keys as they were before: the lower-cased name.
		users := []struct {
			id, name string
			created  int64
		}{
			{"u-biII", "biII", 500},
			{"u-joey", "joeyyeya", 1000},
			{"u-cyr", "јоеууеуа", 2000},
			{"u-bill", "bill", 3000},
			{"u-cyr2", "јоеууеуа2", 4000},
		}
		for _, u := range users {
			if _, err := db.ExecContext(ctx, `INSERT INTO users (id, display_name, name_key, created_at) VALUES ($1, $2, $3, $4)`,
				u.id, u.name, model.FoldKey(u.name), u.created); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = 66`); err != nil {
			t.Fatal(err)
		}
		if err := s.Migrate(ctx); err != nil {
			t.Fatalf("migrate: %v", err)
		}
		for id, want := range map[string]string{"u-biII": "biII", "u-joey": "joeyyeya", "u-cyr": "јоеууеуа3", "u-bill": "bill2", "u-cyr2": "јоеууеуа2"} {
			var name, key string
			if err := db.QueryRowContext(ctx, `SELECT display_name, name_key FROM users WHERE id = $1`, id).Scan(&name, &key); err != nil {
				t.Fatal(err)
			}
			if name != want || key != auth.NameKey(want) {
				t.Errorf("%s: %q keyed %q, want %q keyed %q", id, name, key, want, auth.NameKey(want))
			}
		}
		err := s.CreateUser(ctx, &model.User{ID: "u-new", DisplayName: "JOEYYEYA", CreatedAt: time.Now()})
		if !errors.Is(err, store.ErrNameTaken) {
			t.Errorf("a look-alike after the migration: %v, want ErrNameTaken", err)
		}
	})
}

// Migration 88 rekeys names by what their capitals look like too (Greek and Cyrillic
// ones are Latin letters to a reader) and draws runs of spaces as one: of two names that
// now clash the older keeps it and the newer gets the first free numbered variant; a
// name that only loses spaces keeps them lost.
func TestCapitalLookAlikesMigration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		db := s.DB()
		users := []struct {
			id, name string
			created  int64
		}{
			{"u-max-cyr", "МАХ", 100},
			{"u-max", "MAX", 200},
			{"u-tom", "Tom West", 500},
			{"u-tom-spaced", "Tom   West", 600},
			{"u-ann", " Ann  Lee ", 700},
			{"u-kate", "KATE", 1000},
			{"u-kate-grek", "ΚΑΤΕ", 2000},
			{"u-kate-cyr", "КАТЕ", 3000},
		}
		for _, u := range users {
			// Each with a key of its own, as the names were keyed before.
			if _, err := db.ExecContext(ctx, `INSERT INTO users (id, display_name, name_key, created_at) VALUES ($1, $2, $3, $4)`,
				u.id, u.name, "before "+u.id, u.created); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = 88`); err != nil {
			t.Fatal(err)
		}
		if err := s.Migrate(ctx); err != nil {
			t.Fatalf("migrate: %v", err)
		}
		for id, want := range map[string]string{"u-max-cyr": "МАХ", "u-max": "MAX2", "u-tom": "Tom West", "u-tom-spaced": "Tom West2",
			"u-ann": "Ann Lee", "u-kate": "KATE", "u-kate-grek": "ΚΑΤΕ2", "u-kate-cyr": "КАТЕ3"} {
			var name, key string
			if err := db.QueryRowContext(ctx, `SELECT display_name, name_key FROM users WHERE id = $1`, id).Scan(&name, &key); err != nil {
				t.Fatal(err)
			}
			if name != want || key != auth.NameKey(want) {
				t.Errorf("%s: %q keyed %q, want %q keyed %q", id, name, key, want, auth.NameKey(want))
			}
		}
		for i, name := range []string{"kate", "Tom  West", "ΜΑΧ"} {
			err := s.CreateUser(ctx, &model.User{ID: fmt.Sprint("u-new-", i), DisplayName: name, CreatedAt: time.Now()})
			if !errors.Is(err, store.ErrNameTaken) {
				t.Errorf("%q after the migration: %v, want ErrNameTaken", name, err)
			}
		}
	})
}
