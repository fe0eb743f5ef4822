package problem

import (
	"errors"
	"fmt"
	"testing"
)

func TestIsUnavailable(t *testing.T) {
	busy := errors.New("database busy")
	ClassifyUnavailable(func(err error) bool { return errors.Is(err, busy) })
	if !IsUnavailable(fmt.Errorf("save: %w", busy)) {
		t.Error("a wrapped error the classifier knows is not unavailable")
	}
	if IsUnavailable(errors.New("bug")) || IsUnavailable(nil) {
		t.Error("an unknown error, or none, is unavailable")
	}
}
