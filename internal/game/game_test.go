package game

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"castaway/internal/catalog"
	"castaway/internal/game/survivor"
)

func loadEmbedded(t *testing.T) *Game {
	t.Helper()
	g, err := Load(survivor.Files(), nil, catalog.MustLoad())
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Every US castaway-season meets the catalog's cast of that season, each cast member
// exactly once; every usNames entry is needed (its names really differ).
func TestUSNames(t *testing.T) {
	cat := catalog.MustLoad()
	r, err := readRows(survivor.Files(), nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := build(r, cat)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 50; n++ {
		season, _ := cat.Season(SeasonID("US", n))
		got := map[string]int{}
		for _, c := range g.byID[season.ID].Cast {
			got[c.ID]++
		}
		for _, ct := range season.Contestants {
			if got[ct.ID] != 1 {
				t.Errorf("%s: catalog contestant %s (%s) is %d castaways of the data", season.ID, ct.ID, ct.Name, got[ct.ID])
			}
		}
		if len(got) != len(season.Contestants) {
			t.Errorf("%s: the data has %d castaways, the catalog %d", season.ID, len(got), len(season.Contestants))
		}
	}
	for survivorID, slug := range usNames {
		needed := false
		for _, c := range r.castaways {
			if c.ID != survivorID {
				continue
			}
			season, _ := cat.Season(SeasonID("US", c.Number))
			ct, _, _ := cat.Contestant(slug, season.ID)
			full := c.FullName
			for _, p := range r.people {
				if p.ID == survivorID {
					full = p.FullName
				}
			}
			if nameKey(ct.Name) != nameKey(c.FullName) && nameKey(ct.Name) != nameKey(full) {
				needed = true
			}
		}
		if !needed {
			t.Errorf("usNames[%s] = %s is not needed: the names match", survivorID, slug)
		}
	}
}

func TestTheGameAsData(t *testing.T) {
	g := loadEmbedded(t)
	if n := len(g.Seasons()); n != 76 {
		t.Fatalf("%d seasons, want 76", n)
	}
	if first, last := g.Seasons()[0].ID, g.Seasons()[75].ID; first != "s1" || last != "uk3" {
		t.Errorf("seasons run %s…%s, want s1…uk3", first, last)
	}
	cast := 0
	for _, s := range g.Seasons() {
		cast += len(s.Cast)
	}
	if cast != 1441 {
		t.Errorf("%d castaway-seasons, want 1441", cast)
	}

	borneo, _ := g.Season("s1")
	if borneo.Winner != "richard-hatch" || borneo.Cast[0].ID != "richard-hatch" || borneo.Cast[0].Place != 1 {
		t.Errorf("Borneo's winner %q, first of the cast %+v", borneo.Winner, borneo.Cast[0])
	}
	if b := borneo.Boots[0]; b.Castaway != "sonja-christopher" || b.Episode != 1 || b.Order != 1 {
		t.Errorf("Borneo's first boot %+v", b)
	}
	first := borneo.Councils[0]
	against := 0
	for _, v := range first.Votes {
		if v.Target == "sonja-christopher" {
			against++
		}
	}
	if first.Order != 1 || len(first.Out) != 1 || first.Out[0] != "sonja-christopher" || against != 4 {
		t.Errorf("Borneo's first council %+v: %d votes against Sonja, want 4", first, against)
	}
	jury := map[string]int{}
	for _, v := range borneo.Jury {
		jury[v.Finalist]++
	}
	if jury["richard-hatch"] != 4 || jury["kelly-wiglesworth"] != 3 {
		t.Errorf("Borneo's jury %v, want Richard 4, Kelly 3", jury)
	}

	ozzy, ok := g.Person("ozzy-lusth")
	if !ok || len(ozzy.Seasons) != 5 || ozzy.Seasons[0].Season != "s13" || ozzy.SurvivorID != "US0201" {
		t.Fatalf("Ozzy: %+v", ozzy)
	}
	if ozzy.Totals.VotesReceived == 0 || ozzy.Totals.IdolsFound == 0 || ozzy.Days < 100 {
		t.Errorf("Ozzy's totals %+v, %d days", ozzy.Totals, ozzy.Days)
	}

	cirie, _ := g.Person("cirie-fields")
	var franchises []string
	for _, c := range cirie.Seasons {
		franchises = append(franchises, c.Season)
	}
	if !strings.Contains(strings.Join(franchises, " "), "au11") {
		t.Errorf("Cirie, one person across franchises, played %v: want au11 among them", franchises)
	}

	au1, ok := g.Season("au1")
	if !ok || au1.Franchise != "AU" || len(au1.Cast) == 0 || !strings.HasPrefix(au1.Cast[0].ID, "au-") {
		t.Errorf("Australia 1: %+v", au1)
	}
	for _, s := range g.Seasons() {
		for _, c := range s.Cast {
			if c.Scores != nil && c.GameRank == 0 {
				t.Errorf("%s %s has a score and no game rank", s.ID, c.ID)
			}
		}
	}
}

// A malformed file, or a row naming a season the summary lacks, is refused with the file named.
func TestBadDataIsRefused(t *testing.T) {
	broken := func(name, body string) fstest.MapFS {
		fsys := fstest.MapFS{}
		for _, f := range Files {
			b, err := fs.ReadFile(survivor.Files(), f)
			if err != nil {
				t.Fatal(err)
			}
			fsys[f] = &fstest.MapFile{Data: b}
		}
		if body == "" {
			delete(fsys, name)
		} else {
			fsys[name] = &fstest.MapFile{Data: []byte(body)}
		}
		return fsys
	}
	for _, tc := range []struct{ file, body, want string }{
		{"vote_history.json", `[{"version_season": "US`, "vote_history.json"},
		{"episodes.json", `[{"version_season": "US99", "episode": 1}]`, `episodes.json: row 1 names season "US99"`},
		{"journeys.json", "", "journeys.json"},
		{"season_summary.json", `[{"version_season": "US01", "version": "US", "season": 2}]`, "US01 is not season 2"},
	} {
		_, err := Load(broken(tc.file, tc.body), nil, catalog.MustLoad())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %q: error %v, want it to say %q", tc.file, tc.body, err, tc.want)
		}
	}
}
