package catalog

import (
	"strconv"
	"strings"
	"testing"
)

func TestLoad(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Seasons()) != 50 {
		t.Fatalf("seasons = %d, want 50", len(c.Seasons()))
	}
	s34, ok := c.Season("s34")
	if !ok || len(s34.Contestants) != 20 {
		t.Fatalf("s34 missing or incomplete: %v", s34)
	}
	for _, s := range c.Seasons() {
		if s.LogoURL != "/media/seasons/"+strconv.Itoa(s.Number) || s.Franchise != "US" {
			t.Errorf("%s logo %q", s.ID, s.LogoURL)
		}
		seen := map[string]bool{}
		for _, ct := range s.Contestants {
			if !strings.HasPrefix(ct.ImageURL, "/media/contestants/"+s.ID+"/") {
				t.Errorf("%s %s image %q", s.ID, ct.ID, ct.ImageURL)
			}
			if seen[ct.ImageURL] {
				t.Errorf("%s: two contestants share image %q", s.ID, ct.ImageURL)
			}
			seen[ct.ImageURL] = true
		}
	}
}

func TestContestantLookup(t *testing.T) {
	c := MustLoad()
	tests := []struct {
		id, season, wantID, wantSeason string
		ok                             bool
	}{
		{"parvati-shallow", "", "parvati-shallow", "s13", true},
		{"parvati-shallow", "s20", "parvati-shallow", "s20", true},
		{"ryan-akien", "", "ryan-aiken", "s6", true},              // earlier id
		{"parvati-shallow", "s1", "parvati-shallow", "s13", true}, // not in s1: first season
		{"nobody-here", "", "", "", false},
	}
	for _, tt := range tests {
		ct, s, ok := c.Contestant(tt.id, tt.season)
		if ok != tt.ok {
			t.Errorf("%s: ok = %v", tt.id, ok)
			continue
		}
		if ok && (ct.ID != tt.wantID || s.ID != tt.wantSeason) {
			t.Errorf("%s in %q = %s in %s, want %s in %s", tt.id, tt.season, ct.ID, s.ID, tt.wantID, tt.wantSeason)
		}
	}
}

func TestHeadshotKeysSplitSharedFirstNames(t *testing.T) {
	keys := headshotKeys([]Contestant{{ID: "rob-mariano", Name: "Rob Mariano"}, {ID: "rob-cesternino", Name: "Rob Cesternino"}, {ID: "amber-brkich", Name: "Amber Brkich"}})
	if keys["rob-mariano"] != "rob-mariano" || keys["rob-cesternino"] != "rob-cesternino" || keys["amber-brkich"] != "amber" {
		t.Fatalf("keys = %v", keys)
	}
}

// A returning player keeps one id: Played finds each season of theirs once, in order,
// translating an earlier id; Castaways names each player once.
func TestPlayedAndCastaways(t *testing.T) {
	c := MustLoad()
	var ids []string
	for _, s := range c.Played("colby-donaldson") {
		ids = append(ids, s.ID)
	}
	if got := strings.Join(ids, ","); got != "s2,s8,s20,s50" {
		t.Errorf("Colby played %s", got)
	}
	if len(c.Played("nobody-at-all")) != 0 {
		t.Error("an unknown id played a season")
	}
	if len(c.Played("amy-o'hara")) == 0 {
		t.Error("an earlier id is not translated")
	}
	seen := map[string]bool{}
	for _, ct := range c.Castaways() {
		if seen[ct.ID] {
			t.Errorf("%s named twice", ct.ID)
		}
		seen[ct.ID] = true
	}
	if len(seen) != 751 {
		t.Errorf("%d castaways, want 751", len(seen))
	}
}

// Another franchise's seasons join after the US's: logos by id, headshots under the
// season, returning players found in their first season still.
func TestWith(t *testing.T) {
	us := MustLoad()
	c := us.With(Season{ID: "au11", Franchise: "AU", Number: 11, Name: "Survivor: Australia vs. The World",
		Contestants: []Contestant{{ID: "cirie-fields", Name: "Cirie Fields"}, {ID: "au-george-mladenov", Name: "George Mladenov"}}})
	au, ok := c.Season("au11")
	if !ok || au.LogoURL != "/media/seasons/au11" || au.Contestants[1].ImageURL != "/media/contestants/au11/george" {
		t.Fatalf("au11: %+v", au)
	}
	if _, s, _ := c.Contestant("cirie-fields", ""); s.ID != "s12" {
		t.Errorf("Cirie first seen in %s, want s12", s.ID)
	}
	if played := c.Played("cirie-fields"); played[len(played)-1].ID != "au11" {
		t.Errorf("Cirie played %v", played)
	}
	if len(us.Seasons()) != 50 || len(c.Seasons()) != 51 {
		t.Errorf("With changed the catalog it grew from: %d, %d seasons", len(us.Seasons()), len(c.Seasons()))
	}
}

// Every cast is listed by name, the embedded seasons' and those added later alike: the
// data's order follows the boots and would tell a fan behind on a season who goes when.
func TestCastsAreListedByName(t *testing.T) {
	c := MustLoad().With(Season{ID: "au1", Franchise: "AU", Number: 1, Name: "Australian Survivor",
		Contestants: []Contestant{{ID: "b", Name: "Zed Zulu"}, {ID: "a", Name: "amy Able"}, {ID: "c", Name: "Bo Best"}}})
	for _, s := range c.Seasons() {
		for i := 1; i < len(s.Contestants); i++ {
			a, b := s.Contestants[i-1], s.Contestants[i]
			if strings.ToLower(a.Name) > strings.ToLower(b.Name) {
				t.Errorf("%s: %s before %s", s.ID, a.Name, b.Name)
			}
		}
	}
	if au, _ := c.Season("au1"); au.Contestants[0].Name != "amy Able" {
		t.Errorf("au1 starts with %s", au.Contestants[0].Name)
	}
}
