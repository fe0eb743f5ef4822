package lists

import (
	"strings"
	"testing"

	"castaway/internal/catalog"
	"castaway/internal/model"
	"castaway/internal/problem"
)

// tiers are tier inputs labelled as the creator's default tiers (S, A, B, C, D, F), in the
// palette's colors, holding the given contestants.
func tiers(entries ...[]ItemInput) []TierInput {
	labels := []string{"S", "A", "B", "C", "D", "F"}
	out := make([]TierInput, len(entries))
	for i, e := range entries {
		out[i] = TierInput{Label: labels[i%len(labels)], Color: model.TierColors[i%len(model.TierColors)], Items: e}
	}
	return out
}

func tierList(ts []TierInput) Input {
	return Input{Name: "Tiers", Format: model.FormatTiers, Tiers: ts}
}

func TestValidateTierListRules(t *testing.T) {
	eleven := make([][]ItemInput, 11)
	eleven[0] = contestants("parvati-shallow")
	withLabel := func(label string) Input {
		ts := tiers(contestants("parvati-shallow"))
		ts[0].Label = label
		return tierList(ts)
	}
	withColor := tiers(contestants("parvati-shallow"))
	withColor[0].Color = "magenta"
	cases := []struct {
		name, wantErr, field string
		in                   Input
	}{
		{"valid", "", "", tierList(tiers(contestants("parvati-shallow", "tom-westman"), nil, contestants("rob-mariano")))},
		{"ten tiers", "", "", tierList(tiers(eleven[:10]...))},
		{"eleven tiers", problem.MsgTierCount, "tiers", tierList(tiers(eleven...))},
		{"no tiers", problem.MsgTierCount, "tiers", tierList(nil)},
		{"empty label", problem.MsgTierLabelRequired, "tiers", withLabel("  ")},
		{"20 character label", "", "", withLabel(strings.Repeat("é", 20))},
		{"21 character label", problem.MsgTierLabelTooLong, "tiers", withLabel(strings.Repeat("a", 21))},
		{"control character in a label", "A tier's label cannot contain control characters.", "tiers", withLabel("S\nA")},
		{"unknown color", problem.MsgTierColor, "tiers", tierList(withColor)},
		{"entry twice across tiers", "Parvati Shallow is already in your list.", "contestants",
			tierList(tiers(contestants("parvati-shallow"), contestants("tom-westman", "parvati-shallow")))},
		{"mixed kinds across tiers", MsgMixed, "contestants",
			tierList(tiers(contestants("parvati-shallow"), []ItemInput{{ID: "s20", IsSeason: true}}))},
		{"no entry in any tier", problem.MsgTierListEmpty, "tiers", tierList(tiers(nil, nil))},
		{"contestants beside tiers", problem.MsgTierListContestants, "contestants",
			Input{Name: "x", Format: model.FormatTiers, Tiers: tiers(contestants("tom-westman")), Items: contestants("parvati-shallow")}},
		{"tiers on a ranked list", problem.MsgTiersOnRanked, "tiers", Input{Name: "x", Items: contestants("parvati-shallow"), Tiers: tiers(nil)}},
		{"unknown format", `Unknown list format "grid".`, "format", Input{Name: "x", Format: "grid", Items: contestants("parvati-shallow")}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ValidateList(cat, tc.in)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			p, ok := problem.As(err)
			if !ok || p.Kind != problem.Invalid || p.Message != tc.wantErr || p.Field != tc.field {
				t.Fatalf("got %v, want %q on %s", err, tc.wantErr, tc.field)
			}
		})
	}
}

// A tier list's entries run tier by tier, each knowing its tier; the type tag and the
// search text come from all of them.
func TestValidateTierListFillsTiers(t *testing.T) {
	in := tierList(tiers(contestants("parvati-shallow"), nil, []ItemInput{{ID: "tom-westman", Note: "  steady  "}, {ID: "rob-mariano"}}))
	in.Tiers[0].Label = "  Top  "
	c, err := ValidateList(cat, in)
	if err != nil {
		t.Fatal(err)
	}
	if c.Format != model.FormatTiers || len(c.Tiers) != 3 || c.Tiers[0] != (model.Tier{Label: "Top", Color: "red"}) {
		t.Fatalf("tiers %s %+v", c.Format, c.Tiers)
	}
	var got []string
	for _, it := range c.Items {
		got = append(got, it.ID+"@"+string(rune('0'+it.Tier)))
	}
	if strings.Join(got, " ") != "parvati-shallow@0 tom-westman@2 rob-mariano@2" || c.Items[1].Note != "steady" {
		t.Errorf("entries %v", got)
	}
	if c.Tags[len(c.Tags)-1] != SurvivorRankingTag || !strings.Contains(c.SearchText(), "rob mariano") {
		t.Errorf("tags %v, search %q", c.Tags, c.SearchText())
	}
}

// A tier draft may have empty labels and no entry placed yet; its pool is checked with
// its tiers (no entry twice across them); a ranked draft has no pool.
func TestValidateTierDraft(t *testing.T) {
	in := Input{Format: model.FormatTiers, Tiers: tiers(nil, nil), Pool: contestants("parvati-shallow")}
	in.Tiers[1].Label = ""
	c, err := ValidateDraft(cat, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Items) != 0 || len(c.Pool) != 1 || c.Tiers[1].Label != "" || c.Tags[len(c.Tags)-1] != SurvivorRankingTag {
		t.Errorf("draft %+v", c)
	}
	in.Tiers[0].Items = contestants("parvati-shallow")
	if _, err := ValidateDraft(cat, in); err == nil || !strings.Contains(err.Error(), "already in your list") {
		t.Errorf("an entry in a tier and the pool: %v", err)
	}
	if _, err := ValidateDraft(cat, Input{Items: contestants("tom-westman"), Pool: contestants("parvati-shallow")}); err == nil {
		t.Error("a ranked draft with a pool was accepted")
	}
}

// A list's name, its tiers' labels and its notes lose the characters that show nothing or
// turn the text around (U+202E would draw a label backwards and spill into what follows),
// as saved and as drafted; the joiners emoji are made with stay.
func TestTextLosesHiddenCharacters(t *testing.T) {
	ts := tiers([]ItemInput{{ID: "parvati-shallow", Note: "\u202eevol\u200b"}}, contestants("tom-westman"), contestants("rob-mariano"))
	ts[0].Label, ts[1].Label, ts[2].Label = "\u202eS tier", "A\u2066\u200b\ufeff", "👩\u200d🔥"
	in := Input{Name: "\u202bBest\u200e ever\u2069", Format: model.FormatTiers, Tiers: ts}
	for _, validate := range []func(*catalog.Catalog, Input) (Content, error){ValidateList, ValidateDraft} {
		c, err := validate(cat, in)
		if err != nil {
			t.Fatal(err)
		}
		if c.Name != "Best ever" || c.Tiers[0].Label != "S tier" || c.Tiers[1].Label != "A" || c.Tiers[2].Label != "👩\u200d🔥" ||
			c.Items[0].Note != "evol" {
			t.Errorf("name %q, labels %q %q %q, note %q", c.Name, c.Tiers[0].Label, c.Tiers[1].Label, c.Tiers[2].Label, c.Items[0].Note)
		}
	}
	ts[0].Label = "\u200b\u202e"
	if _, err := ValidateList(cat, Input{Name: "x", Format: model.FormatTiers, Tiers: ts}); !isProblem(err, problem.MsgTierLabelRequired) {
		t.Errorf("a label of hidden characters only: %v", err)
	}
	if _, err := ValidateList(cat, Input{Name: "\u2067\u2069", Items: contestants("tom-westman")}); !isProblem(err, MsgNameRequired) {
		t.Errorf("a name of hidden characters only: %v", err)
	}
}

func isProblem(err error, msg string) bool {
	p, ok := problem.As(err)
	return ok && p.Message == msg
}
