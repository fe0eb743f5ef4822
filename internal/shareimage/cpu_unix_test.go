//go:build unix

package shareimage

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time so far; benchmarks report
// it per image because wall time on a shared machine is noisy.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
