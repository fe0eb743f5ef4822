package follows_test

import (
	"testing"

	"castaway/internal/follows"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// The refusal names the cap the store keeps, in the spec's words.
func TestTooManyFollowsNamesTheCap(t *testing.T) {
	want := "You follow " + problem.Number(model.MaxFollows) + " fans, the most an account can. Unfollow someone first."
	if got := follows.ErrTooManyFollows.Message; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
