package watching_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"castaway/internal/game"
	"castaway/internal/watching"
)

func shipped(t *testing.T, id string) *game.Season {
	t.Helper()
	g, _ := game.Shipped()
	s, ok := g.Season(id)
	if !ok {
		t.Fatalf("no season %s", id)
	}
	return s
}

func encode(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A fan up to episode 3 of Heroes vs. Villains gets nothing that happened after it: no
// later boot, council, idol or journey, no winner, no jury vote, and no place, result or
// day for anyone still in.
func TestCutSeasonLeavesOutWhatCameAfter(t *testing.T) {
	s := shipped(t, "s20")
	winner := s.Winner
	if winner == "" {
		t.Fatal("s20 has no winner in the data")
	}
	cut := watching.CutSeason(s, 3, watching.Reveal{})
	if cut.Shield == nil || cut.Shield.UpTo != 3 || !cut.Shield.Winner {
		t.Fatalf("shield %+v", cut.Shield)
	}
	body := encode(t, cut)
	for _, leak := range []string{"Sole Survivor", "Runner-up", `"winner":true`, `"winner":"` + winner + `"`, `"finalist":true`, `"finalVote"`} {
		if strings.Contains(body, leak) {
			t.Errorf("the answer holds %q", leak)
		}
	}
	if len(cut.Boots) == 0 || len(cut.Boots)+len(cut.Shield.HiddenBoots) != len(s.Boots) {
		t.Errorf("%d boots kept, %d hidden, of %d", len(cut.Boots), len(cut.Shield.HiddenBoots), len(s.Boots))
	}
	for _, b := range cut.Boots {
		if b.Episode > 3 {
			t.Errorf("boot %+v after episode 3", b)
		}
	}
	for _, c := range cut.Councils {
		if c.Episode > 3 {
			t.Errorf("council of episode %d", c.Episode)
		}
	}
	for _, a := range cut.Advantages {
		for _, e := range a.Events {
			if e.Episode > 3 {
				t.Errorf("advantage event %+v", e)
			}
		}
	}
	if len(cut.Jury) != 0 {
		t.Errorf("jury votes %v", cut.Jury)
	}
	out := map[string]bool{}
	for _, b := range cut.Boots {
		out[b.Castaway] = true
	}
	for i, c := range cut.Cast {
		if out[c.ID] != (c.Place != 0) || !out[c.ID] && (c.Result != "" || c.Day != 0 || c.VotesReceived != 0 || c.Scores != nil) {
			t.Errorf("castaway %+v (out by episode 3: %v)", c, out[c.ID])
		}
		if i > 0 && cut.Cast[i-1].Place == 0 && c.Place == 0 && cut.Cast[i-1].Name > c.Name {
			t.Errorf("those still in are not by name: %s before %s", cut.Cast[i-1].Name, c.Name)
		}
	}
	// The season itself is untouched.
	if s.Winner != winner || len(s.Jury) == 0 {
		t.Error("the cut changed the game")
	}
}

// Reveals are one item at a time: a boot (and its council), the winner, or everything.
func TestCutSeasonReveals(t *testing.T) {
	s := shipped(t, "s20")
	k := s.Boots[len(s.Boots)-4].Order // a boot late in the season
	cut := watching.CutSeason(s, 3, watching.ParseReveal("boot:"+strconv.Itoa(k)))
	found := false
	for _, b := range cut.Boots {
		found = found || b.Order == k
	}
	if !found || cut.Winner != "" {
		t.Errorf("boot %d revealed: %v, winner %q", k, found, cut.Winner)
	}
	cut = watching.CutSeason(s, 3, watching.ParseReveal("winner"))
	if cut.Winner != s.Winner || len(cut.Jury) != len(s.Jury) || cut.Shield.Winner {
		t.Errorf("winner revealed: %q, %d jury votes, shield %+v", cut.Winner, len(cut.Jury), cut.Shield)
	}
	if all := watching.CutSeason(s, 3, watching.ParseReveal("all")); all.Season != s || all.Shield != nil {
		t.Error("reveal all did not show the season whole")
	}
	if done := watching.CutSeason(s, watching.LastEpisode(s), watching.Reveal{}); done.Season != s {
		t.Error("a fan up to the last episode misses something")
	}
	if r := watching.ParseReveal("boot:3,winner,boot:3,bogus,boot:99999"); r.Key() != "winner,boot:3" {
		t.Errorf("reveal key %q", r.Key())
	}
}

// Not started: only the cast and the first tribes.
func TestCutSeasonNotStarted(t *testing.T) {
	s := shipped(t, "s20")
	cut := watching.CutSeason(s, 0, watching.Reveal{})
	if len(cut.Boots) != 0 || len(cut.Councils) != 0 || len(cut.Phases) != 1 || len(cut.Cast) != len(s.Cast) {
		t.Errorf("boots %d councils %d phases %d cast %d", len(cut.Boots), len(cut.Councils), len(cut.Phases), len(cut.Cast))
	}
}

// A castaway's page cuts a season the fan has not finished and leaves out the seasons
// they played after it: Parvati's return in Winners at War would tell a fan midway
// through Heroes vs. Villains how she did.
func TestCutPerson(t *testing.T) {
	g, _ := game.Shipped()
	p, ok := g.Person("parvati-shallow")
	if !ok {
		t.Skip("no parvati-shallow in the game")
	}
	season := func(id string) *game.Season { s, _ := g.Season(id); return s }
	cut := watching.CutPerson(p, watching.Progress{"s20": 3}, nil, season)
	if cut.Shield == nil || cut.Shield.Withheld == 0 {
		t.Fatalf("shield %+v", cut.Shield)
	}
	body := encode(t, cut)
	for _, leak := range []string{`"season":"s40"`, "Runner-up"} {
		if strings.Contains(body, leak) {
			t.Errorf("the answer holds %q", leak)
		}
	}
	last := cut.Seasons[len(cut.Seasons)-1]
	if last.Season != "s20" || last.Place != 0 || last.Day != 0 {
		t.Errorf("s20 entry %+v", last)
	}
	if whole := watching.CutPerson(p, watching.Progress{"s20": 3}, map[string]bool{"s20": true}, season); whole.Shield != nil || len(whole.Seasons) != len(p.Seasons) {
		t.Errorf("revealed s20: shield %+v, %d seasons", whole.Shield, len(whole.Seasons))
	}
	if none := watching.CutPerson(p, nil, nil, season); none.Shield != nil || none.Days != p.Days {
		t.Error("no progress cut something")
	}
}

// Revealing a boot shows the idols and advantages of its episode (played at the council
// that decided it); revealing the winner shows the finale's.
func TestCutSeasonRevealsABootsAdvantages(t *testing.T) {
	s := shipped(t, "s20")
	events := func(cut watching.Season, episode int) int {
		n := 0
		for _, a := range cut.Advantages {
			for _, e := range a.Events {
				if e.Episode == episode {
					n++
				}
			}
		}
		return n
	}
	var boot game.Boot
	for _, b := range s.Boots {
		if b.Episode == 10 {
			boot = b
		}
	}
	if boot.Order == 0 || events(watching.CutSeason(s, watching.LastEpisode(s), watching.Reveal{}), 10) == 0 {
		t.Fatal("s20 has no boot with an idol played in episode 10")
	}
	if n := events(watching.CutSeason(s, 3, watching.Reveal{}), 10); n != 0 {
		t.Errorf("%d events of episode 10 before any reveal", n)
	}
	cut := watching.CutSeason(s, 3, watching.ParseReveal("boot:"+strconv.Itoa(boot.Order)))
	if n := events(cut, 10); n == 0 {
		t.Error("revealing boot of episode 10 left its idols out")
	}
	if n := events(cut, 11); n != 0 {
		t.Errorf("%d events of episode 11 shown", n)
	}
	s = shipped(t, "s40") // idols were played in its finale
	last := watching.LastEpisode(s)
	if events(watching.CutSeason(s, 3, watching.Reveal{}), last) != 0 {
		t.Errorf("the finale's idols shown before the winner is revealed")
	}
	if events(watching.CutSeason(s, 3, watching.ParseReveal("winner")), last) == 0 {
		t.Errorf("revealing the winner left episode %d's idols out", last)
	}
}

// Tribes and their members are by name, the cut season's as the whole one's.
func TestTribesAreListedByName(t *testing.T) {
	s := shipped(t, "s20")
	name := map[string]string{}
	for _, c := range s.Cast {
		name[c.ID] = strings.ToLower(c.Name)
	}
	for _, p := range watching.CutSeason(s, 3, watching.Reveal{}).Phases {
		for i, tr := range p.Tribes {
			if i > 0 && p.Tribes[i-1].Name > tr.Name {
				t.Errorf("tribe %s before %s", p.Tribes[i-1].Name, tr.Name)
			}
			for j := 1; j < len(tr.Members); j++ {
				if name[tr.Members[j-1]] > name[tr.Members[j]] {
					t.Errorf("%s: %s before %s", tr.Name, tr.Members[j-1], tr.Members[j])
				}
			}
		}
	}
}
