package backup

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"castaway/internal/config"
)

// backupPrefix and backupSuffix frame a scheduled backup's name around its UTC time, to
// the millisecond, so names sort in the order they were taken.
const (
	backupPrefix = "castaway-"
	backupSuffix = ".db"
	backupTime   = "20060102T150405.000Z"
)

// Schedule backs the SQLite database of cfg up into cfg.BackupDir every cfg.BackupEvery
// until ctx ends, keeping the newest cfg.BackupKeep. Each backup is checked before it
// takes its name (File); a failed one is logged and the next is tried.
func Schedule(ctx context.Context, cfg *config.Config, log *slog.Logger) {
	tick := time.NewTicker(cfg.BackupEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			name := filepath.Join(cfg.BackupDir, backupPrefix+now.UTC().Format(backupTime)+backupSuffix)
			if _, err := File(ctx, cfg.DatabaseURL, name); err != nil {
				if ctx.Err() == nil {
					log.Error("scheduled backup failed", "file", name, "err", err)
				}
				continue
			}
			removed, err := pruneBackups(cfg.BackupDir, cfg.BackupKeep)
			if err != nil {
				log.Error("removing old scheduled backups", "dir", cfg.BackupDir, "err", err)
			}
			log.Info("scheduled backup written", "file", name, "removed", removed)
		}
	}
}

// pruneBackups deletes all but the newest keep scheduled backups in dir and returns the
// names it deleted. Only names it gives backups are touched.
func pruneBackups(dir string, keep int) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if n := e.Name(); e.Type().IsRegular() && strings.HasPrefix(n, backupPrefix) && strings.HasSuffix(n, backupSuffix) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	var removed []string
	for len(names) > keep {
		if err := os.Remove(filepath.Join(dir, names[0])); err != nil {
			return removed, err
		}
		removed, names = append(removed, names[0]), names[1:]
	}
	return removed, nil
}
