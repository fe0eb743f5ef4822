package app

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// ProgressBar draws a bulk loader's progress on w: progress is told the total first
// (done 0, total > 0) and then the rows done; finish ends the bar at what was done.
func ProgressBar(w io.Writer, description string) (progress func(done, total int), finish func()) {
	var bar *progressbar.ProgressBar
	progress = func(done, total int) {
		if total > 0 {
			bar = progressbar.NewOptions(total, progressbar.OptionSetWriter(w), progressbar.OptionSetDescription(description),
				progressbar.OptionShowCount(), progressbar.OptionSetItsString("rows"), progressbar.OptionShowIts(),
				progressbar.OptionThrottle(200*time.Millisecond), progressbar.OptionFullWidth(),
				progressbar.OptionOnCompletion(func() { fmt.Fprintln(w) }))
			return
		}
		if bar != nil {
			if done > bar.GetMax() {
				bar.ChangeMax(done)
			}
			bar.Set(done)
		}
	}
	finish = func() {
		if bar != nil {
			bar.ChangeMax(int(bar.State().CurrentNum))
			bar.Finish()
		}
	}
	return progress, finish
}
