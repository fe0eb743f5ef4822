package model_test

import (
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	contract "castaway/api"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// The contract tells clients each cap in words and as the length of the array that holds
// what it bounds; both say model's number, so changing a cap without the contract (or the
// other way round) fails here. The sentences a fan reads take theirs from a {max}.
func TestContractStatesTheCaps(t *testing.T) {
	var doc map[string]any
	if err := yaml.Unmarshal(contract.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	// at is the contract's value at path ("" when there is none).
	at := func(path ...string) string {
		var v any = doc
		for _, k := range path {
			m, _ := v.(map[string]any)
			v = m[k]
		}
		if v == nil {
			t.Errorf("the contract has nothing at %s", strings.Join(path, " › "))
			return ""
		}
		return fmt.Sprint(v)
	}
	const (
		favorite = "/api/lists/{userId}/{listId}/favorite"
		block    = "/api/me/blocks/{userId}"
		follow   = "/api/me/following/{userId}"
	)
	for _, c := range []struct {
		what    string
		max     int
		words   [][]string // where the contract states the cap in words
		array   []string   // the response that lists what it bounds, if one lists them all
		message string
	}{
		{"favorites", model.MaxFavorites,
			[][]string{{"paths", favorite, "put", "summary"}, {"paths", favorite, "put", "responses", "409", "description"}},
			[]string{"paths", "/api/me/favorites", "get"}, "tooManyFavorites"},
		{"blocks", model.MaxBlocks,
			[][]string{{"paths", block, "put", "description"}, {"paths", block, "put", "responses", "400", "description"}},
			[]string{"paths", "/api/me/blocks", "get"}, "tooManyBlocks"},
		{"follows", model.MaxFollows,
			[][]string{{"paths", follow, "put", "description"}, {"paths", follow, "put", "responses", "400", "description"}},
			nil, "tooManyFollows"},
	} {
		n := problem.Number(c.max)
		for _, path := range c.words {
			if text := at(path...); !strings.Contains(text, n) {
				t.Errorf("%s: the contract says %q, which does not name model's cap, %s", c.what, text, n)
			}
		}
		if c.array != nil {
			schema := append(c.array, "responses", "200", "content", "application/json", "schema", "maxItems")
			if got := at(schema...); got != fmt.Sprint(c.max) {
				t.Errorf("%s: the contract's maxItems is %s, want %d", c.what, got, c.max)
			}
		}
		if m := at("x-messages", c.message); !strings.Contains(m, "{max}") || strings.ContainsAny(m, "0123456789") {
			t.Errorf("%s: x-messages.%s is %q: name the cap as {max}, formatted from model", c.what, c.message, m)
		}
	}
}
