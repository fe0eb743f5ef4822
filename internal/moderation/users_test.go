package moderation_test

import (
	"context"
	"testing"
	"time"

	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// The sweep restores the accounts whose suspension's end date passed, each with its
// content and a log entry by "end date", and leaves the others suspended.
func TestSweepRestoresEndedSuspensions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		now := time.Now()
		mk := func(id string, until time.Time) {
			t.Helper()
			if err := st.CreateUser(ctx, &model.User{ID: id, Email: id + "@example.com", DisplayName: id, CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
			if _, err := st.CreateList(ctx, id, func(yield func(string) bool) { yield("list_1") },
				model.ListContent{Name: id + " picks", IsPublic: true, Tags: []string{"season-ranking"}}, now); err != nil {
				t.Fatal(err)
			}
			if err := st.Suspend(ctx, id, model.Suspension{Since: now.Add(-time.Hour), Until: until, Reason: "x"},
				&model.Action{ID: "s-" + id, Action: store.ActionSuspend, CreatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		mk("ended", now.Add(-time.Second))
		mk("running", now.Add(time.Hour))
		mk("open-ended", time.Time{})
		users := moderation.NewUsers(st, nil, nil, nil, nil)
		if n, err := users.SweepExpired(ctx); err != nil || n != 1 {
			t.Fatalf("sweep: %d %v", n, err)
		}
		if n, err := users.SweepExpired(ctx); err != nil || n != 0 {
			t.Fatalf("second sweep: %d %v", n, err)
		}
		for id, want := range map[string]bool{"ended": true, "running": false, "open-ended": false} {
			l, err := st.List(ctx, id, "list_1")
			if err != nil {
				t.Fatal(err)
			}
			if l.Listed() != want {
				t.Errorf("%s's list listed %v, want %v", id, l.Listed(), want)
			}
		}
		log, _, err := st.ModerationLog(ctx, "", 1)
		if err != nil || log[0].Action != store.ActionUnsuspend || log[0].AdminName != "end date" || log[0].Key != "ended" {
			t.Errorf("log %+v %v", log, err)
		}
		if problems, err := st.VerifyAggregates(ctx); err != nil || len(problems) > 0 {
			t.Errorf("verify: %v %v", problems, err)
		}
	})
}
