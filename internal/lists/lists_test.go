package lists

import (
	"reflect"
	"strings"
	"testing"

	"castaway/internal/catalog"
	"castaway/internal/model"
	"castaway/internal/problem"
)

var cat = catalog.MustLoad()

func contestants(ids ...string) []ItemInput {
	in := make([]ItemInput, len(ids))
	for i, id := range ids {
		in[i] = ItemInput{ID: id}
	}
	return in
}

func TestValidateListRules(t *testing.T) {
	tooMany := make([]ItemInput, 0, MaxItems+1)
	for _, s := range cat.Seasons() {
		for _, ct := range s.Contestants {
			if len(tooMany) <= MaxItems {
				tooMany = append(tooMany, ItemInput{ID: ct.ID, SeasonID: s.ID})
			}
		}
	}
	cases := []struct {
		name    string
		in      Input
		wantErr string // message; "" means valid
		field   string
	}{
		{"valid", Input{Name: "Best", Items: contestants("parvati-shallow")}, "", ""},
		{"blank name", Input{Name: "   ", Items: contestants("parvati-shallow")}, MsgNameRequired, "name"},
		{"50 character name", Input{Name: strings.Repeat("é", 50), Items: contestants("parvati-shallow")}, "", ""},
		{"51 character name", Input{Name: strings.Repeat("a", 51), Items: contestants("parvati-shallow")}, "List name must be 50 characters or fewer.", "name"},
		{"201 character description", Input{Name: "x", Description: strings.Repeat("d", 201), Items: contestants("parvati-shallow")}, "Description must be 200 characters or fewer.", "description"},
		{"no items", Input{Name: "x"}, "Add at least one contestant or season to your list.", "contestants"},
		{"seasons then contestants", Input{Name: "x", Items: []ItemInput{{ID: "s20", IsSeason: true}, {ID: "parvati-shallow"}}}, MsgMixed, "contestants"},
		{"contestants then seasons", Input{Name: "x", Items: []ItemInput{{ID: "parvati-shallow"}, {ID: "s20", IsSeason: true}}}, MsgMixed, "contestants"},
		{"duplicate contestant", Input{Name: "x", Items: contestants("parvati-shallow", "tom-westman", "parvati-shallow")}, "Parvati Shallow is already in your list.", "contestants"},
		{"same person from two seasons", Input{Name: "x", Items: []ItemInput{{ID: "parvati-shallow", SeasonID: "s13"}, {ID: "parvati-shallow", SeasonID: "s20"}}}, "Parvati Shallow is already in your list.", "contestants"},
		{"duplicate season", Input{Name: "x", Items: []ItemInput{{ID: "s20", IsSeason: true}, {ID: "s20", IsSeason: true}}}, "Survivor: Heroes vs. Villains is already in your list.", "contestants"},
		{"unknown contestant", Input{Name: "x", Items: contestants("nobody-at-all")}, `Unknown contestant "nobody-at-all".`, "contestants"},
		{"unknown season", Input{Name: "x", Items: []ItemInput{{ID: "s99", IsSeason: true}}}, `Unknown season "s99".`, "contestants"},
		{"season id sent as a contestant", Input{Name: "x", Items: contestants("s20")}, `Unknown contestant "s20".`, "contestants"},
		{"too many items", Input{Name: "x", Items: tooMany}, "A list can hold at most 100 items.", "contestants"},
		{"unknown tag", Input{Name: "x", Tags: []string{"funny"}, Items: contestants("parvati-shallow")}, `Unknown tag "funny".`, "tags"},
		{"280 character note", Input{Name: "x", Items: []ItemInput{{ID: "parvati-shallow", Note: strings.Repeat("é", 280)}}}, "", ""},
		{"281 character note", Input{Name: "x", Items: []ItemInput{{ID: "parvati-shallow", Note: strings.Repeat("n", 281)}}}, "The note on Parvati Shallow must be 280 characters or fewer.", "contestants"},
		{"note with a control character", Input{Name: "x", Items: []ItemInput{{ID: "parvati-shallow", Note: "one\ntwo"}}}, "The note on Parvati Shallow cannot contain control characters.", "contestants"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ValidateList(cat, tc.in)
			if tc.wantErr == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			ve, ok := problem.As(err)
			if !ok || ve.Kind != problem.Invalid || ve.Message != tc.wantErr || ve.Field != tc.field {
				t.Fatalf("error %#v, want %q on %q", err, tc.wantErr, tc.field)
			}
		})
	}
}

func TestNotesAreTrimmedAndSearched(t *testing.T) {
	c, err := ValidateList(cat, Input{Name: "x", Items: []ItemInput{{ID: "parvati-shallow", Note: "  Black Widow Brigade  "}, {ID: "tom-westman"}}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Items[0].Note != "Black Widow Brigade" || c.Items[1].Note != "" {
		t.Errorf("notes %q, %q", c.Items[0].Note, c.Items[1].Note)
	}
	if !strings.Contains(c.SearchText(), "black widow brigade") {
		t.Errorf("search text %q lacks the note", c.SearchText())
	}
}

func TestValidateListFillsItemsAndTags(t *testing.T) {
	c, err := ValidateList(cat, Input{
		Name: "  Queens  ", Description: " all time ",
		Tags:  []string{"spoiler", "favorites", "season-ranking", "favorites"},
		Items: []ItemInput{{ID: "parvati-shallow", SeasonID: "s20"}, {ID: "amy-o'hara"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Queens" || c.Description != "all time" {
		t.Errorf("name %q description %q", c.Name, c.Description)
	}
	// The client's stale type tag is replaced by the computed one; chosen tags come in display order.
	if want := []string{"favorites", "spoiler", SurvivorRankingTag}; !reflect.DeepEqual(c.Tags, want) {
		t.Errorf("tags %v, want %v", c.Tags, want)
	}
	first := c.Items[0]
	if first.ID != "parvati-shallow" || first.Name != "Parvati Shallow" || first.SeasonID != "s20" ||
		first.SeasonName != "Survivor: Heroes vs. Villains" || first.ImageURL != "/media/contestants/s20/parvati" || first.IsSeason {
		t.Errorf("first item %+v", first)
	}
	if c.Items[1].ID != "amy-ohara" {
		t.Errorf("legacy id not mapped: %+v", c.Items[1])
	}
	if c.IsSeason() {
		t.Error("contestant list reported as season list")
	}
	if !strings.Contains(c.SearchText(), "parvati shallow") || !strings.Contains(c.SearchText(), "queens") {
		t.Errorf("search text %q", c.SearchText())
	}
}

func TestSeasonItemsAndTypeTag(t *testing.T) {
	c, err := ValidateList(cat, Input{Name: "Seasons", Items: []ItemInput{{ID: "s20", IsSeason: true}, {ID: "s45", IsSeason: true}}})
	if err != nil {
		t.Fatal(err)
	}
	want := model.Item{ID: "s20", Name: "Survivor: Heroes vs. Villains", ImageURL: "/media/seasons/20", IsSeason: true, SeasonID: "s20", SeasonName: "Survivor: Heroes vs. Villains"}
	if c.Items[0] != want {
		t.Errorf("season item %+v, want %+v", c.Items[0], want)
	}
	if !c.IsSeason() || !reflect.DeepEqual(c.Tags, []string{SeasonRankingTag}) {
		t.Errorf("isSeason %v tags %v", c.IsSeason(), c.Tags)
	}
}

func TestValidateDraft(t *testing.T) {
	cases := []struct {
		name     string
		in       Input
		wantErr  string
		wantTags []string
	}{
		{"empty draft", Input{}, "", []string{}},
		{"unnamed with items", Input{Items: contestants("tom-westman")}, "", []string{SurvivorRankingTag}},
		{"tags without items", Input{Tags: []string{"social"}}, "", []string{"social"}},
		{"too long name", Input{Name: strings.Repeat("a", 51)}, "List name must be 50 characters or fewer.", nil},
		{"mixed", Input{Items: []ItemInput{{ID: "s1", IsSeason: true}, {ID: "tom-westman"}}}, MsgMixed, nil},
		{"unknown item", Input{Items: contestants("ghost")}, `Unknown contestant "ghost".`, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := ValidateDraft(cat, tc.in)
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(c.Tags, tc.wantTags) {
				t.Errorf("tags %v, want %v", c.Tags, tc.wantTags)
			}
		})
	}
}

func TestIsTag(t *testing.T) {
	for tag, want := range map[string]bool{"favorites": true, "challenge": true, "season-ranking": true, "survivor-ranking": true, "Spoiler": false, "": false} {
		if got := IsTag(tag); got != want {
			t.Errorf("IsTag(%q) = %v", tag, got)
		}
	}
}

func TestFindsIdol(t *testing.T) {
	for draw, want := range map[float64]bool{0: true, 0.0499: true, 0.05: false, 0.5: false, 0.9999: false} {
		if got := FindsIdol(IdolChance, func() float64 { return draw }); got != want {
			t.Errorf("draw %v: found %v, want %v", draw, got, want)
		}
	}
	if !FindsIdol(1, func() float64 { return 0.9999 }) {
		t.Error("a chance of 1 always finds")
	}
}

// TestIdolOdds: the crypto/rand draw is uniform in [0, 1), so finds come at 5%.
func TestIdolOdds(t *testing.T) {
	const rolls = 20000
	found := 0
	for range rolls {
		d := Draw()
		if d < 0 || d >= 1 {
			t.Fatalf("draw %v out of [0, 1)", d)
		}
		if FindsIdol(IdolChance, func() float64 { return d }) {
			found++
		}
	}
	// 1000 expected; the standard deviation is about 31, so this band is over 6 of them.
	if found < 800 || found > 1200 {
		t.Errorf("%d finds in %d rolls at %v", found, rolls, IdolChance)
	}
}
