package server

import (
	"fmt"
	"net/http"
	"testing"

	"castaway/internal/api"
	"castaway/internal/game"
	"castaway/internal/problem"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// A sorting in progress is kept with the draft, read back as it was sent (a tie's
// winner null), and goes when the draft is saved without it.
func TestDraftKeepsASorting(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		c, _ := e.signedIn(t, "Sorter")
		url := e.URL + "/api/me/draft"
		entries := []map[string]any{{"id": "richard-hatch", "isSeason": false}, {"id": "rudy-boesch", "isSeason": false}, {"id": "kelly-wiglesworth", "isSeason": false}}
		answers := []map[string]any{{"a": "richard-hatch", "b": "rudy-boesch", "winner": "rudy-boesch"}, {"a": "kelly-wiglesworth", "b": "rudy-boesch", "winner": nil}}
		body := map[string]any{"name": "", "contestants": []any{}, "sorter": map[string]any{"entries": entries, "answers": answers}}
		if st := callStatus(t, c, "PUT", url, body, nil); st != http.StatusOK {
			t.Fatalf("save: %d", st)
		}
		var d api.Draft
		if st := callStatus(t, c, "GET", url, nil, &d); st != http.StatusOK || d.Sorter == nil {
			t.Fatalf("read back: %d %+v", st, d)
		}
		s := d.Sorter
		if len(s.Entries) != 3 || s.Entries[0].Name != "Richard Hatch" || s.Entries[2].ImageUrl == "" || len(d.Contestants) != 0 {
			t.Errorf("entries %+v, contestants %+v", s.Entries, d.Contestants)
		}
		if len(s.Answers) != 2 || s.Answers[0].Winner == nil || *s.Answers[0].Winner != "rudy-boesch" || s.Answers[1].Winner != nil || s.Answers[1].A != "kelly-wiglesworth" {
			t.Errorf("answers %+v", s.Answers)
		}

		delete(body, "sorter")
		callStatus(t, c, "PUT", url, body, nil)
		var after api.Draft
		if st := callStatus(t, c, "GET", url, nil, &after); st != http.StatusOK || after.Sorter != nil {
			t.Errorf("after stopping: %d %+v", st, after.Sorter)
		}
	})
}

func TestDraftRefusesABrokenSorting(t *testing.T) {
	e := newEnv(t)
	c, _ := e.signedIn(t, "Sorter")
	url := e.URL + "/api/me/draft"
	two := []map[string]any{{"id": "richard-hatch", "isSeason": false}, {"id": "rudy-boesch", "isSeason": false}}
	three := append(two[:2:2], map[string]any{"id": "kelly-wiglesworth", "isSeason": false})
	_, cat := game.Shipped()
	tooMany := []map[string]any{{"id": "s1", "isSeason": true}}
	for _, s := range cat.Seasons() {
		tooMany = append(tooMany, map[string]any{"id": s.ID, "isSeason": true})
	}
	most := fmt.Sprintf("A sorter sorts 2 to %d entries.", len(cat.Seasons()))
	answer := func(a, b string, winner any) map[string]any { return map[string]any{"a": a, "b": b, "winner": winner} }
	cases := []struct {
		name   string
		sorter map[string]any
		want   string
	}{
		{"one entry", map[string]any{"entries": two[:1], "answers": []any{}}, most},
		{"more than every season", map[string]any{"entries": tooMany, "answers": []any{}}, most},
		{"mixed", map[string]any{"entries": append([]map[string]any{{"id": "s1", "isSeason": true}}, two...), "answers": []any{}}, "Cannot mix seasons and contestants."},
		{"unknown entry", map[string]any{"entries": two, "answers": []any{answer("richard-hatch", "boston-rob", "richard-hatch")}}, "This sorting cannot be kept. Stop sorting and start again."},
		{"winner not asked", map[string]any{"entries": two, "answers": []any{answer("richard-hatch", "rudy-boesch", "kelly-wiglesworth")}}, "This sorting cannot be kept. Stop sorting and start again."},
		{"against itself", map[string]any{"entries": two, "answers": []any{answer("rudy-boesch", "rudy-boesch", nil)}}, "This sorting cannot be kept. Stop sorting and start again."},
		{"too many answers", map[string]any{"entries": two, "answers": []any{answer("richard-hatch", "rudy-boesch", nil), answer("richard-hatch", "rudy-boesch", nil)}}, "This sorting cannot be kept. Stop sorting and start again."},
		// Within the n(n-1)/2 answers three entries take, the same pair answered three
		// times with contradicting winners, and a pair answered again the other way round.
		{"a pair answered three times", map[string]any{"entries": three, "answers": []any{answer("richard-hatch", "rudy-boesch", "richard-hatch"),
			answer("richard-hatch", "rudy-boesch", "rudy-boesch"), answer("richard-hatch", "rudy-boesch", nil)}}, problem.MsgSorterPairTwice},
		{"a pair answered both ways", map[string]any{"entries": three, "answers": []any{answer("richard-hatch", "rudy-boesch", "richard-hatch"),
			answer("rudy-boesch", "richard-hatch", "rudy-boesch")}}, problem.MsgSorterPairTwice},
	}
	for _, tc := range cases {
		var bad apiErr
		st := callStatus(t, c, "PUT", url, map[string]any{"sorter": tc.sorter}, &bad)
		if st != http.StatusBadRequest || bad.Error.Message != tc.want || bad.Error.Field != "sorter" {
			t.Errorf("%s: %d %+v, want 400 %q on sorter", tc.name, st, bad.Error, tc.want)
		}
	}
}
