package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"castaway/internal/demo"
	"castaway/internal/store"
)

// demo-data fills the database once, refuses to fill it again, and --force starts over.
func TestDemoDataCommand(t *testing.T) {
	dir := t.TempDir()
	db := dir + "/castaway.db"
	args := []string{"demo-data", "--users", "6", "--lists", "9", "--seed", "2", "--quiet", "-data-dir", dir, "-database-url", db}
	out, err := runCmd(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(out, "6 users, 9 lists") || !strings.Contains(out, demo.Password) {
		t.Errorf("summary: %s", out)
	}
	if _, err := runCmd(t, args...); err == nil || !strings.Contains(err.Error(), demo.ErrNotEmpty.Error()) {
		t.Errorf("second run: %v, want ErrNotEmpty", err)
	}
	if _, err := runCmd(t, append(args, "--force", "--lists=4")...); err != nil {
		t.Errorf("with --force: %v", err)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var got int
	if err := st.DB().QueryRow(`SELECT count(*) FROM lists`).Scan(&got); err != nil || got != 4 {
		t.Errorf("lists after --force: %d, want 4", got)
	}
}

// The demo generator's Firestore export (now in demo, beside importer rather than inside
// it) is read by import-firestore, which brings its users and lists in.
func TestFirestoreExportImports(t *testing.T) {
	dir := t.TempDir()
	export := filepath.Join(dir, "export.json")
	if out, err := runCmd(t, "demo-data", "--firestore-export", export, "--users", "5", "--lists", "12"); err != nil || !strings.Contains(out, "a Firestore export of 5 users and 12 lists") {
		t.Fatalf("export: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "castaway.db")
	out, err := runCmd(t, "import-firestore", export, "--quiet", "--database-url", db, "--data-dir", dir)
	if err != nil || !strings.Contains(out, "Import of "+export) {
		t.Fatalf("import: %v\n%s", err, out)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var users, lists int
	st.DB().QueryRow(`SELECT count(*) FROM users`).Scan(&users)
	st.DB().QueryRow(`SELECT count(*) FROM lists`).Scan(&lists)
	if users != 5 || lists == 0 {
		t.Errorf("imported %d users and %d lists, want 5 and some", users, lists)
	}
}
