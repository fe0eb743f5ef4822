//go:build unix

package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// restore refuses what is not a regular file at once: a FIFO would block the open (and
// the process, deaf to SIGTERM) until something wrote to it.
func TestRestoreRefusesAFIFO(t *testing.T) {
	dir, db, _ := restoreFixture(t)
	fifo := filepath.Join(dir, "backup.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
	// Should the restore open it after all, a writer that comes and goes lets it end.
	t.Cleanup(func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	before, _ := os.ReadFile(db)
	out, err := runWithin(t, 5*time.Second, "restore", "--database-url", db, fifo)
	if err == nil || !strings.Contains(out, "not a regular file") {
		t.Fatalf("restore of a FIFO: %v\n%s", err, out)
	}
	if after, _ := os.ReadFile(db); !bytes.Equal(before, after) {
		t.Error("the database changed")
	}
}
