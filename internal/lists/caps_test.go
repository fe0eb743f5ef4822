package lists

import (
	"testing"

	"castaway/internal/model"
	"castaway/internal/problem"
)

// The refusal names the cap the store keeps, in the spec's words.
func TestTooManyFavoritesNamesTheCap(t *testing.T) {
	want := "You have " + problem.Number(model.MaxFavorites) + " favorites, the most an account can keep. Remove one first."
	if got := ErrTooManyFavorites.Message; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}
