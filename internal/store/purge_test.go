package store_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func TestPurgeExpired(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Now()
		u := &model.User{ID: "u1", Email: "a@example.com", DisplayName: "a", CreatedAt: now}
		if err := s.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		s.CreateSession(ctx, model.NewSession{TokenHash: "old", ID: "old", UserID: u.ID, Created: now.Add(-48 * time.Hour), Expires: now.Add(-time.Hour)})
		s.CreateSession(ctx, model.NewSession{TokenHash: "live", ID: "live", UserID: u.ID, Created: now, Expires: now.Add(time.Hour)})
		// A limit whose TAT has passed reads as never seen, so it goes; a live one stays.
		hour := limits.Limit{Name: "t", Max: 1, Window: time.Hour}
		if _, err := s.HitRateLimit(ctx, hour.Hit("stale"), now.Add(-2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.HitRateLimit(ctx, hour.Hit("fresh"), now.Add(-30*time.Minute)); err != nil {
			t.Fatal(err)
		}

		if err := s.PurgeExpired(ctx, now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SessionUser(ctx, "live", now); err != nil {
			t.Errorf("live session purged: %v", err)
		}
		var sessions, limits int
		s.DB().QueryRowContext(ctx, `SELECT count(*) FROM sessions`).Scan(&sessions)
		s.DB().QueryRowContext(ctx, `SELECT count(*) FROM rate_limits`).Scan(&limits)
		if sessions != 1 || limits != 1 {
			t.Fatalf("after purge: %d sessions, %d rate limits; want 1 and 1", sessions, limits)
		}
	})
}
