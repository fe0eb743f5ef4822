package searchmerge_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/searchmerge"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// serve's merges join the segments a site's saves leave in SQLite's search index, while
// it runs, and stop with it.
func TestMergeSearchWhileServing(t *testing.T) {
	st := storetest.OpenSQLite(t)
	ctx := context.Background()
	t0 := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	u := &model.User{ID: "u-ann", Email: "ann@example.com", DisplayName: "Ann", CreatedAt: t0}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	segments := func() (n int) {
		if err := st.DB().QueryRow(`SELECT count(DISTINCT segid) FROM list_fts_idx`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for i := range 30 {
		at := t0.Add(time.Duration(i) * time.Minute)
		c := model.ListContent{Name: fmt.Sprintf("Pick %d", i), IsPublic: true, SearchText: fmt.Sprintf("pick %d", i)}
		if _, err := st.CreateList(ctx, u.ID, lists.IDs(at), c, at); err != nil {
			t.Fatal(err)
		}
	}
	if n := segments(); n < 2 {
		t.Fatalf("the saves left %d segments, want several", n)
	}

	runCtx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		searchmerge.Run(runCtx, st, time.Millisecond, slog.New(slog.NewTextHandler(io.Discard, nil)))
	}()
	for deadline := time.Now().Add(10 * time.Second); segments() > 1; {
		if time.Now().After(deadline) {
			t.Fatalf("still %d segments", segments())
		}
		time.Sleep(5 * time.Millisecond)
	}
	stop()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the merges went on after serve stopped")
	}
	if more, err := st.MergeSearch(ctx, store.SearchMergePages, false); more || err != nil {
		t.Errorf("left work behind: %v %v", more, err)
	}
}
