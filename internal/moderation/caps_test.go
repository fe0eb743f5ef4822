package moderation

import (
	"testing"

	"castaway/internal/model"
	"castaway/internal/problem"
)

// The refusal names the cap the store keeps, in the spec's words.
func TestTooManyBlocksNamesTheCap(t *testing.T) {
	want := "You have blocked " + problem.Number(model.MaxBlocks) + " users, the most an account can. Unblock someone first."
	if got := ErrTooManyBlocks.Message; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
