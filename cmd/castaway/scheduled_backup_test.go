package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"castaway/internal/backup"
	"castaway/internal/store"
)

// serve --backup-dir --backup-every --backup-keep takes checked, private backups on its
// schedule and keeps the newest; with CASTAWAY_LOG_FORMAT=json every log line is a JSON
// object, one of them per backup.
func TestScheduledBackupsRotate(t *testing.T) {
	dir, backups := t.TempDir(), filepath.Join(t.TempDir(), "backups")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestVerifyExitStatus$")
	cmd.Env = append(os.Environ(), "CASTAWAY_MAIN_ARGS=serve --addr "+addr+" --data-dir "+dir+
		" --backup-dir "+backups+" --backup-every 100ms --backup-keep 2", "CASTAWAY_LOG_FORMAT=json", "CASTAWAY_LOG_LEVEL=info")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := false
	defer func() {
		if !exited {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()

	var written []string
	lines := bufio.NewScanner(stderr)
	for len(written) < 4 && lines.Scan() {
		var entry map[string]any
		if err := json.Unmarshal(lines.Bytes(), &entry); err != nil {
			t.Fatalf("a log line that is not JSON: %q", lines.Text())
		}
		if entry["level"] == nil || entry["time"] == nil {
			t.Errorf("log line without level or time: %q", lines.Text())
		}
		if entry["msg"] == "scheduled backup written" {
			written = append(written, entry["file"].(string))
		}
		if entry["level"] == "ERROR" {
			t.Fatalf("error logged: %q", lines.Text())
		}
	}
	if len(written) < 4 {
		t.Fatalf("the server ended after %d backups: %v", len(written), lines.Err())
	}
	stop(cmd)
	exited = true
	for lines.Scan() { // the lines of the shutdown are JSON too
		if !json.Valid(lines.Bytes()) {
			t.Errorf("a log line that is not JSON: %q", lines.Text())
		}
	}

	kept, _ := filepath.Glob(filepath.Join(backups, "castaway-*.db"))
	if len(kept) != 2 {
		t.Fatalf("kept %v, want the newest 2", kept)
	}
	if _, err := os.Stat(written[0]); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the oldest backup %s is still there: %v", written[0], err)
	}
	for _, f := range kept {
		fi, err := os.Stat(f)
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v, want mode 0600", f, fi.Mode(), err)
		}
		if v, err := backup.Check(context.Background(), f); err != nil || v != store.LatestSchema(store.SQLite) {
			t.Errorf("%s: schema %d, %v", f, v, err)
		}
	}
	if entries, _ := os.ReadDir(backups); len(entries) != 2 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("the backup folder holds %s, want the two backups only", strings.Join(names, ", "))
	}
}
