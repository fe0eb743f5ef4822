package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A database migrated by a newer castaway (a schema_migrations row past this binary's
// newest migration) is refused by Migrate and Pending, with a message that says what to
// do, on both engines.
func TestMigrateRefusesANewerSchema(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		know := store.LatestSchema(s.Dialect())
		if have, err := s.SchemaVersion(ctx); err != nil || have != know {
			t.Fatalf("schema version %d (%v), want %d", have, err, know)
		}
		if _, err := s.DB().ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)`, know+1, time.Now().UnixMilli()); err != nil {
			t.Fatal(err)
		}
		var newer *store.NewerSchemaError
		err := s.Migrate(ctx)
		if !errors.As(err, &newer) || newer.Have != know+1 || newer.Know != know {
			t.Fatalf("migrate on a newer schema: %v", err)
		}
		if !strings.Contains(err.Error(), "migrated by a newer castaway") || !strings.Contains(err.Error(), "restore a backup") {
			t.Errorf("message: %v", err)
		}
		if _, err := s.Pending(ctx); !errors.As(err, &newer) {
			t.Errorf("pending on a newer schema: %v", err)
		}
	})
}

// Pending lists what Migrate would apply and applies nothing: all of them on an empty
// database, none once migrated.
func TestPendingMigrations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		if p, err := s.Pending(ctx); err != nil || len(p) != 0 {
			t.Fatalf("pending on a migrated database: %v %v", p, err)
		}
		if _, err := s.DB().ExecContext(ctx, `DELETE FROM schema_migrations WHERE version = $1`, store.LatestSchema(s.Dialect())); err != nil {
			t.Fatal(err)
		}
		p, err := s.Pending(ctx)
		if err != nil || len(p) != 1 || p[0].Version != store.LatestSchema(s.Dialect()) {
			t.Fatalf("pending after forgetting the last: %v %v", p, err)
		}
		if p2, _ := s.Pending(ctx); len(p2) != 1 {
			t.Errorf("listing applied something: %v", p2)
		}
	})
}
