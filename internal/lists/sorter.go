package lists

import (
	"castaway/internal/catalog"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// SorterInput is a 'Rank by choosing' in progress as a client sends it with its draft.
type SorterInput struct {
	Entries []ItemInput
	Answers []model.SorterAnswer
}

const msgSorterAnswers = problem.MsgSorterCannotKeep

// MaxSorterEntries is the most a sorter sorts: a whole cast or every season, whichever
// the catalog has more of.
func MaxSorterEntries(cat *catalog.Catalog) int {
	most := len(cat.Seasons())
	for _, s := range cat.Seasons() {
		most = max(most, len(s.Contestants))
	}
	return most
}

// MaxSorterAnswers bounds the answers for n entries. The sorter asks only about two
// entries nothing settled yet (no answer between them or the entries tied to them), so
// no pair is asked twice, ties and all.
func MaxSorterAnswers(n int) int {
	return n * (n - 1) / 2
}

// validateSorter resolves a sorter's entries like a list's items and checks its answers
// name them, each pair at most once; nil in, nil out.
func validateSorter(cat *catalog.Catalog, in *SorterInput) (*model.Sorter, error) {
	if in == nil {
		return nil, nil
	}
	most := MaxSorterEntries(cat)
	if len(in.Entries) < 2 || len(in.Entries) > most {
		return nil, problem.InvalidField("sorter", problem.Format(problem.MsgSorterSize, map[string]string{"max": problem.Number(most)}))
	}
	plain := make([]ItemInput, len(in.Entries))
	for i, e := range in.Entries {
		plain[i] = ItemInput{ID: e.ID, IsSeason: e.IsSeason, SeasonID: e.SeasonID} // entries carry no notes
	}
	entries, err := Resolve(cat, plain)
	if p, ok := problem.As(err); ok {
		return nil, problem.InvalidField("sorter", p.Message)
	} else if err != nil {
		return nil, err
	}
	if len(in.Answers) > MaxSorterAnswers(len(entries)) {
		return nil, problem.InvalidField("sorter", msgSorterAnswers)
	}
	ids := make(map[string]bool, len(entries))
	for _, e := range entries {
		ids[e.ID] = true
	}
	answers := make([]model.SorterAnswer, len(in.Answers))
	asked := make(map[[2]string]bool, len(in.Answers))
	for i, a := range in.Answers {
		if !ids[a.A] || !ids[a.B] || a.A == a.B || (a.Winner != "" && a.Winner != a.A && a.Winner != a.B) {
			return nil, problem.InvalidField("sorter", msgSorterAnswers)
		}
		// A pair is asked once: a second answer (in either order) would contradict or repeat it.
		pair := [2]string{min(a.A, a.B), max(a.A, a.B)}
		if asked[pair] {
			return nil, problem.InvalidField("sorter", problem.MsgSorterPairTwice)
		}
		asked[pair] = true
		answers[i] = a
	}
	return &model.Sorter{Entries: entries, Answers: answers}, nil
}
