package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

func TestReadPoolPreparesEachTextOnceAndBounded(t *testing.T) {
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "reads.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE t (n INTEGER)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO t VALUES (1), (2), (3)`); err != nil {
		t.Fatal(err)
	}
	r := newReadPool(db, true)
	t.Cleanup(func() { r.Close() })

	// Readers at once share one statement per text, and each gets its own answer.
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var n int
			if err := r.QueryRowContext(ctx, `SELECT count(*) FROM t WHERE n >= $1`, i%3+1).Scan(&n); err != nil || n != 3-i%3 {
				t.Errorf("count from %d = %d, %v; want %d", i%3+1, n, err, 3-i%3)
			}
		}()
	}
	wg.Wait()
	if len(r.stmts) != 1 {
		t.Fatalf("prepared %d statements for one text, want 1", len(r.stmts))
	}

	// New texts stop being kept at the bound but still run.
	for i := range maxPreparedReads + 50 {
		rows, err := r.QueryContext(ctx, fmt.Sprintf(`SELECT n + %d FROM t ORDER BY n`, i))
		if err != nil {
			t.Fatal(err)
		}
		var got []int
		for rows.Next() {
			var n int
			rows.Scan(&n)
			got = append(got, n)
		}
		rows.Close()
		if len(got) != 3 || got[0] != i+1 {
			t.Fatalf("text %d answered %v", i, got)
		}
	}
	if len(r.stmts) != maxPreparedReads {
		t.Fatalf("kept %d statements, want the bound %d", len(r.stmts), maxPreparedReads)
	}

	// A text that cannot be prepared is not kept, and reports its error.
	if err := r.QueryRowContext(ctx, `SELECT nope FROM t`).Scan(new(int)); err == nil {
		t.Fatal("a bad statement answered")
	}
	if _, ok := r.stmts[`SELECT nope FROM t`]; ok {
		t.Fatal("a statement that failed to prepare was kept")
	}
}

func TestReadPoolPassesThroughWithoutPreparing(t *testing.T) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "reads.db"))
	if err != nil {
		t.Fatal(err)
	}
	r := newReadPool(db, false)
	t.Cleanup(func() { r.Close() })
	var n int
	if err := r.QueryRowContext(context.Background(), `SELECT 41 + 1`).Scan(&n); err != nil || n != 42 {
		t.Fatalf("got %d, %v", n, err)
	}
	if len(r.stmts) != 0 {
		t.Fatalf("kept %d statements with preparing off", len(r.stmts))
	}
}
