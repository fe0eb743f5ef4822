package store

import (
	"errors"
	"fmt"

	"github.com/gofrs/flock"
)

// ErrInUse: a castaway process (serve, or a command) has the database open.
var ErrInUse = errors.New("the database is in use by a running castaway (serve or a command): stop it, then restore")

// ErrRestoring: a restore holds the database.
var ErrRestoring = errors.New("a castaway restore is putting this database in place: start again once it is done")

// Every process that opens a SQLite database holds a shared lock on <file>.lock while it
// has it open; a restore takes the lock exclusively (LockExclusive), so it refuses while
// any castaway has the database open, and none opens it while the file is being swapped.
// Advisory file locks end with their process, however it ends, so a crash leaves none
// behind.
func lockPath(dbPath string) string { return dbPath + ".lock" }

// holdShared takes the shared lock of the database at dbPath, for as long as it is open.
func holdShared(dbPath string) (*flock.Flock, error) {
	l := flock.New(lockPath(dbPath))
	ok, err := l.TryRLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", l.Path(), err)
	}
	if !ok {
		return nil, ErrRestoring
	}
	return l, nil
}

// LockExclusive takes the lock of the SQLite database at dbPath for a process that puts
// another file in its place: ErrInUse while any castaway has it open. unlock lets it go
// once the file is in place.
func LockExclusive(dbPath string) (unlock func() error, err error) {
	l := flock.New(lockPath(dbPath))
	ok, err := l.TryLock()
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", l.Path(), err)
	}
	if !ok {
		return nil, ErrInUse
	}
	return l.Unlock, nil
}
