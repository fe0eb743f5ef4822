package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A backup taken while a writer keeps adding users opens as a working database holding
// every user written before it began, and nothing torn.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	st := storetest.OpenSQLite(t)
	var written atomic.Int64
	stop, going := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			u := &store.User{ID: fmt.Sprintf("u%05d", i), Email: fmt.Sprintf("u%d@example.com", i), DisplayName: fmt.Sprintf("Fan %d", i), CreatedAt: time.Now()}
			if err := st.CreateUser(ctx, u); err != nil {
				t.Error(err)
				return
			}
			if written.Add(1) == 50 {
				close(going)
			}
		}
	})
	<-going
	before := written.Load()
	path := filepath.Join(t.TempDir(), "backup.db")
	if err := st.Backup(ctx, path); err != nil {
		t.Fatal(err)
	}
	close(stop)
	wg.Wait()

	restored, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	if err := restored.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	for i := range before {
		if _, err := restored.UserByID(ctx, fmt.Sprintf("u%05d", i)); err != nil {
			t.Fatalf("user %d, written before the backup began, is not in it: %v", i, err)
		}
	}
	if err := st.Backup(ctx, path); err == nil {
		t.Error("a backup over an existing file was allowed")
	}
}

func TestBackupRefusesPostgres(t *testing.T) {
	st := storetest.OpenPostgres(t)
	if err := st.Backup(context.Background(), filepath.Join(t.TempDir(), "b.db")); err != store.ErrBackupPostgres {
		t.Fatalf("backup of PostgreSQL: %v", err)
	}
}
