package main

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// drillSteps reads the blocks of docs/operating.md marked <!-- drill: NAME -->.
func drillSteps(t *testing.T) map[string]string {
	t.Helper()
	doc, err := os.ReadFile("../../docs/operating.md")
	if err != nil {
		t.Fatal(err)
	}
	steps := map[string]string{}
	for _, m := range regexp.MustCompile("(?s)<!-- drill: ([a-z-]+) -->\n```sh\n(.*?)```").FindAllStringSubmatch(string(doc), -1) {
		steps[m[1]] = m[2]
	}
	for _, want := range []string{"sqlite-backup", "sqlite-restore", "sqlite-check", "postgres-backup", "postgres-restore"} {
		if steps[want] == "" {
			t.Fatalf("docs/operating.md has no drill step %q", want)
		}
	}
	return steps
}

// castawayOnPath puts a `castaway` on PATH that is this test binary re-entering main.
func castawayOnPath(t *testing.T) string {
	t.Helper()
	bin := t.TempDir()
	script := fmt.Sprintf("#!/bin/sh\nCASTAWAY_MAIN_ARGS=\"$*\" exec %q -test.run='^TestVerifyExitStatus$'\n", os.Args[0])
	if err := os.WriteFile(filepath.Join(bin, "castaway"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	path := bin + string(os.PathListSeparator) + os.Getenv("PATH")
	if matches, _ := filepath.Glob("/usr/lib/postgresql/*/bin"); len(matches) > 0 {
		path += string(os.PathListSeparator) + matches[len(matches)-1]
	}
	return path
}

// runStep runs a drill step's lines with bash, as an operator would paste them.
func runStep(t *testing.T, step string, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", step)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// saveList signs a fan up and saves a list named name, returning its path.
func saveList(t *testing.T, base, email, name string) string {
	t.Helper()
	f := newFan(base)
	if status, err := f.post("/api/auth/signup", map[string]any{"email": email, "password": "Tribal-Council-2025!"}, nil); status != 201 {
		t.Fatalf("sign up: %d %v", status, err)
	}
	var l struct{ ID, UserID string }
	if status, err := f.post("/api/lists", map[string]any{"name": name, "isPublic": true,
		"contestants": []map[string]any{{"id": "s45", "isSeason": true}}}, &l); status != 201 {
		t.Fatalf("save list: %d %v", status, err)
	}
	return "/api/lists/" + l.UserID + "/" + l.ID
}

func statusOf(t *testing.T, url string) int {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

func stop(cmd *exec.Cmd) {
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
}

// The backup-and-restore drill of docs/operating.md, its blocks run as written against a
// real server: a list saved before the backup is served after the restore, one saved
// after it is not; a restore while the server runs is refused. On PostgreSQL, pg_dump and
// pg_restore into an empty scratch database, dropped after.
func TestBackupAndRestoreDrill(t *testing.T) {
	steps := drillSteps(t)
	path := "PATH=" + castawayOnPath(t)
	t.Run("sqlite", func(t *testing.T) {
		dataDir, backups := t.TempDir(), t.TempDir()
		db := filepath.Join(dataDir, "castaway.db")
		env := []string{path, "CASTAWAY_DATA_DIR=" + dataDir, "BACKUPS=" + backups}
		base, srv := startServe(t, db)
		defer stop(srv)
		before := saveList(t, base, "before@example.com", "Saved before the backup")
		if out, err := runStep(t, steps["sqlite-backup"], env...); err != nil || !strings.Contains(out, "backed up") {
			t.Fatalf("backup step: %v\n%s", err, out)
		}
		after := saveList(t, base, "after@example.com", "Saved after the backup")
		out, err := runStep(t, steps["sqlite-restore"], env...)
		if err == nil || !strings.Contains(out, "in use by a running castaway") {
			t.Fatalf("restore while serving: %v\n%s", err, out)
		}
		if statusOf(t, base+before) != 200 || statusOf(t, base+after) != 200 {
			t.Fatal("the refused restore touched the live database")
		}
		stop(srv)
		if out, err := runStep(t, steps["sqlite-restore"], env...); err != nil || !strings.Contains(out, "restored") ||
			!strings.Contains(out, "kept as") || !strings.Contains(out, "no migration would run") {
			t.Fatalf("restore step: %v\n%s", err, out)
		}
		base2, srv2 := startServe(t, db)
		defer stop(srv2)
		if got := statusOf(t, base2+before); got != 200 {
			t.Errorf("the list saved before the backup answers %d after the restore", got)
		}
		if got := statusOf(t, base2+after); got != 404 {
			t.Errorf("the list saved after the backup answers %d after the restore, want 404", got)
		}
		if out, err := runStep(t, steps["sqlite-check"], env...); err != nil || !strings.Contains(out, "all aggregates match") {
			t.Errorf("check step: %v\n%s", err, out)
		}
	})
	t.Run("postgres", func(t *testing.T) {
		admin := os.Getenv("CASTAWAY_TEST_POSTGRES_URL")
		if admin == "" {
			t.Skip("CASTAWAY_TEST_POSTGRES_URL is not set")
		}
		for _, tool := range []string{"pg_dump", "pg_restore"} {
			if _, err := exec.LookPath(tool); err != nil && !strings.Contains(path, "/usr/lib/postgresql/") {
				t.Skipf("%s is not installed", tool)
			}
		}
		live, restored := scratchDatabase(t, admin), scratchDatabase(t, admin)
		backups := t.TempDir()
		env := []string{path, "CASTAWAY_DATABASE_URL=" + live, "RESTORE_URL=" + restored, "BACKUPS=" + backups, "CASTAWAY_DATA_DIR=" + t.TempDir()}
		base, srv := startServe(t, live)
		defer stop(srv)
		before := saveList(t, base, "before@example.com", "Saved before the dump")
		if out, err := runStep(t, steps["postgres-backup"], env...); err != nil {
			t.Fatalf("backup step: %v\n%s", err, out)
		}
		saveList(t, base, "after@example.com", "Saved after the dump")
		if out, err := runStep(t, steps["postgres-restore"], env...); err != nil || !strings.Contains(out, "no migration would run") ||
			!strings.Contains(out, "all aggregates match") {
			t.Fatalf("restore step: %v\n%s", err, out)
		}
		base2, srv2 := startServe(t, restored)
		defer stop(srv2)
		if got := statusOf(t, base2+before); got != 200 {
			t.Errorf("the list saved before the dump answers %d from the restored database", got)
		}
	})
}

// scratchDatabase creates an empty database on the test server and returns its URL; it
// is dropped when the test ends.
func scratchDatabase(t *testing.T, adminURL string) string {
	t.Helper()
	b := make([]byte, 5)
	rand.Read(b)
	name := "castaway_drill_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", adminURL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(`CREATE DATABASE ` + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(`DROP DATABASE ` + name + ` WITH (FORCE)`); err != nil {
			t.Errorf("drop %s: %v", name, err)
		}
		admin.Close()
	})
	u, err := url.Parse(adminURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}
