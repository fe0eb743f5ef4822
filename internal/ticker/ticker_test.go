package ticker

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// A database that went away is said once, however many steps fail after, and the loop
// still stops with its context.
func TestRunSaysASpellOfFailuresOnce(t *testing.T) {
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	ctx, stop := context.WithCancel(context.Background())
	steps := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(ctx, time.Millisecond, log, "merge the search index", func(context.Context) (bool, error) {
			steps <- struct{}{}
			return false, errors.New("sql: database is closed")
		})
	}()
	for range 5 {
		<-steps
	}
	stop()
	// A tick already due may yet take one more step.
	for running := true; running; {
		select {
		case <-steps:
		case <-done:
			running = false
		}
	}
	if n := strings.Count(logged.String(), "merge the search index"); n != 1 {
		t.Errorf("said %d times:\n%s", n, logged.String())
	}
}

// A success ends a spell of failures: the next failure is said again.
func TestRunSaysEachSpell(t *testing.T) {
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	ctx, stop := context.WithCancel(context.Background())
	results := []error{errors.New("one"), errors.New("two"), nil, errors.New("three"), errors.New("four")}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(ctx, time.Millisecond, log, "upkeep", func(context.Context) (bool, error) {
			err := results[0]
			if results = results[1:]; len(results) == 0 {
				stop()
			}
			return false, err
		})
	}()
	<-done
	if got := logged.String(); strings.Count(got, "upkeep") != 2 || !strings.Contains(got, "err=one") || !strings.Contains(got, "err=three") {
		t.Errorf("want one and three said, have:\n%s", got)
	}
}
