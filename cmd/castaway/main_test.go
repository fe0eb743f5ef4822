package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"castaway/internal/store"
)

// TestVerifyExitStatus runs the real command: exit 0 on a fresh database, 1 with a
// report once an aggregate is corrupted, 0 again after --repair.
func TestVerifyExitStatus(t *testing.T) {
	if os.Getenv("CASTAWAY_MAIN_ARGS") != "" {
		os.Exit(run(strings.Fields(os.Getenv("CASTAWAY_MAIN_ARGS"))))
	}
	db := filepath.Join(t.TempDir(), "castaway.db")
	castaway := func(args string) (int, string) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestVerifyExitStatus$")
		cmd.Env = append(os.Environ(), "CASTAWAY_MAIN_ARGS="+args)
		out, err := cmd.CombinedOutput()
		if exit, ok := err.(*exec.ExitError); ok {
			return exit.ExitCode(), string(out)
		}
		if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}
	if code, out := castaway("polls add --id season-47 --season s47 --title S47 -database-url " + db); code != 0 {
		t.Fatalf("polls add: %d\n%s", code, out)
	}
	if code, out := castaway("verify -database-url " + db); code != 0 || !strings.Contains(out, "all aggregates match") {
		t.Fatalf("verify: %d\n%s", code, out)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.DB().Exec(`UPDATE global_polls SET submissions = 5 WHERE id = 'season-47'`); err != nil {
		t.Fatal(err)
	}
	if code, out := castaway("verify -database-url " + db); code != 1 || !strings.Contains(out, "poll season-47: submissions is 5, the ballots count 0") {
		t.Fatalf("corrupted: %d\n%s", code, out)
	}
	if code, out := castaway("verify --repair -database-url " + db); code != 0 {
		t.Fatalf("repair: %d\n%s", code, out)
	}
	if code, out := castaway("polls close nope -database-url " + db); code != 1 || !strings.Contains(out, `no poll "nope"`) {
		t.Fatalf("close unknown: %d\n%s", code, out)
	}
}
