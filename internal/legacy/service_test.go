package legacy

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/events"
	"castaway/internal/limits"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A save counts against the limits once the record is valid: refused input costs nothing,
// and the save is read back as saved.
func TestSaveCountsValidSaves(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		saved := SavePerUser
		SavePerUser.Max = 1
		t.Cleanup(func() { SavePerUser = saved })
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		hub, err := notify.NewHub(events.NewLocal(), notify.Heartbeat, log)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(hub.Close)
		now := time.Now()
		s := NewService(st, catalog.MustLoad(), limits.WritesFor(st, st.Dialect() == store.SQLite, func() time.Time { return now }), hub)
		ctx, ann := context.Background(), model.Actor{User: &model.User{ID: "u-ann"}, Client: "client-a"}
		bad := Input{Andrews: []lists.ItemInput{{ID: "nobody-at-all"}}}
		for range 3 {
			if _, err := s.Save(ctx, ann, bad); err == nil {
				t.Fatal("invalid record saved")
			}
		}
		rec, err := s.Save(ctx, ann, Input{Maddys: []lists.ItemInput{{ID: "s20", IsSeason: true}}})
		if err != nil {
			t.Fatalf("first valid save: %v", err)
		}
		if got, err := s.Record(ctx); err != nil || len(got.Lists.Maddys) != 1 || got.LastUpdated.UnixMilli() != rec.LastUpdated.UnixMilli() {
			t.Fatalf("record: %+v, %v", got, err)
		}
		_, err = s.Save(ctx, ann, Input{})
		if p, ok := problem.As(err); !ok || p.Kind != problem.RateLimited {
			t.Fatalf("second valid save: %v, want refused by the limit", err)
		}
	})
}
