package backup

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// openRegular opens the regular file at path for reading. It looks before it opens and
// opens without blocking, so a FIFO or a device is refused at once rather than holding
// the process (and its signals' handling) until something writes to it; what it opened
// is looked at again, in case the name changed hands in between.
func openRegular(path string) (*os.File, error) {
	if err := isRegular(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = notRegular(path, fi.Mode())
		}
		return nil, err
	}
	return f, nil
}

// isRegular is nil when path names a regular file, else why not.
func isRegular(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return notRegular(path, fi.Mode())
	}
	return nil
}

func notRegular(path string, m fs.FileMode) error {
	kind := "something other than a file"
	switch {
	case m.IsDir():
		kind = "a folder"
	case m&fs.ModeNamedPipe != 0:
		kind = "a FIFO"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeDevice != 0:
		kind = "a device"
	}
	return fmt.Errorf("%s is not a regular file (it is %s): name the backup file itself", path, kind)
}
