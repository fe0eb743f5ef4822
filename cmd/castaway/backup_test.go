package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
)

// `castaway backup FILE` beside a serving server under a write load, restored as the
// README says (the copy put in place of the database file), serves every list saved
// before the backup began.
func TestBackupOfALiveServerRestores(t *testing.T) {
	db := filepath.Join(t.TempDir(), "castaway.db")
	base, cmd := startServe(t, db)
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	f := newFan(base)
	if status, err := f.post("/api/auth/signup", map[string]any{"email": "fan@example.com", "password": "Tribal-Council-2025!"}, nil); status != 201 {
		t.Fatalf("sign up: %d %v", status, err)
	}

	// The fan saves lists one after another (25, under the per-account limit), the backup
	// taken once five are in, while the rest go on.
	type saved struct{ ID, UserID string }
	var mu sync.Mutex
	var lists []saved
	fifth := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 25 {
			var l saved
			if status, _ := f.post("/api/lists", map[string]any{"name": fmt.Sprintf("List %d", i), "isPublic": true,
				"contestants": []map[string]any{{"id": "s45", "isSeason": true}}}, &l); status != 201 {
				t.Errorf("saving list %d: %d", i, status)
				return
			}
			mu.Lock()
			lists = append(lists, l)
			mu.Unlock()
			if i == 4 {
				close(fifth)
			}
		}
	})
	<-fifth
	mu.Lock()
	before := append([]saved(nil), lists...)
	mu.Unlock()
	backup := filepath.Join(t.TempDir(), "backup.db")
	backupCmd := exec.Command(os.Args[0], "-test.run=^TestVerifyExitStatus$")
	backupCmd.Env = append(os.Environ(), "CASTAWAY_MAIN_ARGS=backup -database-url "+db+" "+backup)
	if out, err := backupCmd.CombinedOutput(); err != nil {
		t.Fatalf("castaway backup: %v\n%s", err, out)
	}
	wg.Wait()
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()

	restored := filepath.Join(t.TempDir(), "castaway.db")
	if err := os.Rename(backup, restored); err != nil {
		t.Fatal(err)
	}
	base2, cmd2 := startServe(t, restored)
	defer func() {
		cmd2.Process.Kill()
		cmd2.Wait()
	}()
	for _, l := range before {
		res, err := http.Get(base2 + "/api/lists/" + l.UserID + "/" + l.ID)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Errorf("list %s, saved before the backup, answers %d from the restored copy", l.ID, res.StatusCode)
		}
	}
	t.Logf("%d lists saved before the backup, all restored", len(before))
}
