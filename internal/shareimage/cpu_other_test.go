//go:build !unix

package shareimage

import "time"

func cpuTime() time.Duration { return 0 }
