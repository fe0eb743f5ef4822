package game_test

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/events"
	"castaway/internal/game"
	"castaway/internal/game/survivor"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/services"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// node is one server's game service and catalog over st, its hub on bus.
func node(t *testing.T, st *store.Store, bus events.Bus) (*game.Service, *catalog.Catalog) {
	t.Helper()
	hub, err := notify.NewHub(bus, notify.Heartbeat, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(hub.Close)
	g, shipped := game.Shipped()
	cat := shipped.Clone()
	svc := services.New(services.Deps{Store: st, Catalog: cat, Game: g, Hub: hub, Log: slog.New(slog.DiscardHandler)}).Game
	ctx, cancel := context.WithCancel(context.Background())
	svc.Start(ctx)
	t.Cleanup(svc.Wait)
	t.Cleanup(cancel)
	return svc, cat
}

var mod = model.Actor{User: &model.User{ID: "mod", IsAdmin: true}, Client: "192.0.2.9"}

func cast() []game.NewCastaway {
	return []game.NewCastaway{{ContestantID: "ozzy-lusth", Tribe: "Kele"}, {Name: "Jane Doe", Tribe: "Kele", Age: 31},
		{Name: "John Roe", Tribe: "Hina"}, {Name: "Zoë Ångström", Tribe: "Hina"}}
}

func wantProblem(t *testing.T, err error, message string) {
	t.Helper()
	p, ok := problem.As(err)
	if !ok || p.Message != message {
		t.Fatalf("error %v, want %q", err, message)
	}
}

// A moderator adds a season on air and records its boots; another node shows each change
// without a restart; an impossible boot is refused and changes nothing; undo takes back
// the last boot.
func TestSeasonOnAir(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		bus := events.NewLocal()
		a, _ := node(t, st, bus)
		b, catB := node(t, st, bus)

		s, err := a.AddSeason(ctx, mod, game.NewSeason{Franchise: "US", Number: 51, Name: "Survivor 51", Premiere: "2027-02-24", Cast: cast()})
		if err != nil {
			t.Fatal(err)
		}
		if s.ID != "s51" || len(s.Cast) != 4 || s.Premiered != "2027-02-24" || len(s.Tribes) != 2 {
			t.Fatalf("added %+v", s)
		}
		ids := map[string]bool{}
		for _, c := range s.Cast {
			ids[c.ID] = true
		}
		if !ids["ozzy-lusth"] || !ids["jane-doe"] || !ids["zoe-angstrom"] {
			t.Errorf("cast ids %v: a returning player keeps his, newcomers get slugs", ids)
		}
		// The other node's catalog has the new season once its reload is in.
		waitFor(t, b, func() bool { _, ok := catB.Season("s51"); return ok })
		if ozzy, _ := b.Person("ozzy-lusth"); ozzy.Seasons[len(ozzy.Seasons)-1].Season != "s51" {
			t.Errorf("Ozzy's seasons on the other node: %v", ozzy.Seasons)
		}

		_, err = a.AddSeason(ctx, mod, game.NewSeason{Franchise: "US", Number: 51, Name: "Again", Premiere: "2027-02-24", Cast: cast()})
		wantProblem(t, err, "There is already a season 51.")
		_, err = a.AddSeason(ctx, mod, game.NewSeason{Franchise: "US", Number: 52, Name: "Long", Premiere: "2027-02-24", Cast: cast(),
			Location: strings.Repeat("x", 101)})
		wantProblem(t, err, "Keep a place, hometown, occupation or title to 100 characters.")

		boot := game.NewBoot{Episode: 1, Day: 3, Castaway: "jane-doe", Result: "1st voted out",
			Votes: []game.NewVote{{Voter: "john-roe", Target: "jane-doe"}, {Voter: "zoe-angstrom", Target: "jane-doe"}, {Voter: "jane-doe", Target: "john-roe"}}}
		s, err = a.RecordBoot(ctx, mod, "s51", boot)
		if err != nil {
			t.Fatal(err)
		}
		jane := s.Cast[len(s.Cast)-1]
		if len(s.Boots) != 1 || jane.ID != "jane-doe" || jane.Place != 4 || jane.VotesReceived != 2 || len(s.Councils) != 1 {
			t.Fatalf("after the boot: boots %v, last of the cast %+v", s.Boots, jane)
		}
		waitFor(t, b, func() bool { s, _ := b.Season("s51"); return len(s.Boots) == 1 })

		for _, tc := range []struct {
			boot game.NewBoot
			want string
		}{
			{game.NewBoot{Episode: 2, Day: 5, Castaway: "jane-doe", Result: "2nd voted out"}, "Jane Doe is already out of the game."},
			{game.NewBoot{Episode: 2, Day: 5, Castaway: "rudy-boesch", Result: "2nd voted out"}, "rudy-boesch is not in the cast of Survivor 51."},
			{game.NewBoot{Episode: 2, Day: 5, Castaway: "john-roe", Result: "2nd voted out", Votes: []game.NewVote{{Voter: "jane-doe", Target: "john-roe"}}},
				"Jane Doe is out of the game and cannot vote."},
			{game.NewBoot{Episode: 2, Day: 2, Castaway: "john-roe", Result: "2nd voted out"}, "Give the day of the boot, from 3 to 100."},
			{game.NewBoot{Episode: 0, Day: 5, Castaway: "john-roe", Result: "2nd voted out"}, "Give the episode's number."},
			{game.NewBoot{Episode: 2, Day: 5, Result: "2nd voted out"}, "Choose who left the game."},
		} {
			_, err := a.RecordBoot(ctx, mod, "s51", tc.boot)
			wantProblem(t, err, tc.want)
		}
		_, err = a.RecordBoot(ctx, mod, "s1", game.NewBoot{Episode: 2, Day: 5, Castaway: "rudy-boesch", Result: "x"})
		wantProblem(t, err, "Only a season added while it airs takes records: Survivor: Borneo is the game as published.")
		if s, _ := a.Season("s51"); len(s.Boots) != 1 {
			t.Errorf("refused boots changed the season: %d boots", len(s.Boots))
		}

		// Idols: one found in episode 2 and played in episode 3 by its finder, who is saved.
		s, err = a.RecordBoot(ctx, mod, "s51", game.NewBoot{Episode: 2, Day: 6, Castaway: "john-roe", Result: "2nd voted out",
			Idols: []game.NewIdol{{Castaway: "zoe-angstrom", Event: "found"}}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.RecordBoot(ctx, mod, "s51", game.NewBoot{Episode: 3, Day: 8, Castaway: "zoe-angstrom", Result: "3rd voted out",
			Idols: []game.NewIdol{{Castaway: "ozzy-lusth", Event: "played"}}})
		wantProblem(t, err, "Ozzy Lusth holds no idol to play.")
		s, err = a.RecordBoot(ctx, mod, "s51", game.NewBoot{Episode: 3, Day: 8, Castaway: "ozzy-lusth", Result: "3rd voted out",
			Idols: []game.NewIdol{{Castaway: "zoe-angstrom", Event: "played"}}})
		if err != nil {
			t.Fatal(err)
		}
		zoe := s.Cast[0]
		if len(s.Advantages) != 1 || len(s.Advantages[0].Events) != 2 || s.Advantages[0].Events[1].Success != "Yes" ||
			zoe.ID != "zoe-angstrom" || zoe.IdolsFound != 1 || zoe.IdolsPlayed != 1 {
			t.Errorf("the idol: %+v; Zoë %+v", s.Advantages, zoe)
		}
		if s, err = a.SetPremiere(ctx, mod, "s51", "2027-03-03"); err != nil || s.Premiered != "2027-03-03" || s.Name != "Survivor 51" {
			t.Errorf("moving the premiere: %v %+v", err, s)
		}
		_, err = a.SetPremiere(ctx, mod, "s51", "next week")
		wantProblem(t, err, "Give the premiere as a date, like 2027-02-24.")
		_, err = a.AddSeason(ctx, model.Actor{User: &model.User{ID: "fan"}, Client: "192.0.2.1"}, game.NewSeason{})
		wantProblem(t, err, "Only moderators can see this.")

		for range 3 {
			if _, err = a.UndoBoot(ctx, mod, "s51"); err != nil {
				t.Fatal(err)
			}
		}
		if s, _ = a.Season("s51"); len(s.Boots) != 0 || len(s.Councils) != 0 || len(s.Advantages) != 0 {
			t.Fatalf("after undoing every boot: %+v", s)
		}
		_, err = a.UndoBoot(ctx, mod, "s51")
		wantProblem(t, err, "No boot has been recorded for this season.")
	})
}

// Moderators recording at the same moment: every boot kept is one the game allowed; a
// castaway is never booted twice, whoever lost the race is told to try again.
func TestRecordsAtTheSameMoment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		a, _ := node(t, st, events.NewLocal())
		if _, err := a.AddSeason(ctx, mod, game.NewSeason{Franchise: "AU", Number: 13, Name: "Australian Survivor 13",
			Premiere: "2027-01-30", Cast: cast()}); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 8)
		for i := range errs {
			wg.Go(func() {
				_, errs[i] = a.RecordBoot(ctx, mod, "au13", game.NewBoot{Episode: 1, Day: 3, Castaway: "au-john-roe", Result: "1st voted out"})
			})
		}
		wg.Wait()
		kept := 0
		for _, err := range errs {
			var p *problem.Error
			switch {
			case err == nil:
				kept++
			case errors.As(err, &p) && (p.Code == "busy" || p.Message == "John Roe is already out of the game."):
			default:
				t.Errorf("a record at the same moment: %v", err)
			}
		}
		s, _ := a.Season("au13")
		if kept != 1 || len(s.Boots) != 1 {
			t.Errorf("%d boots kept, the season has %d: want exactly one", kept, len(s.Boots))
		}
	})
}

// An import of the copy in place changes nothing; a malformed file is refused whole; a
// copy that would take away a contestant a list ranks is refused, naming them.
func TestImport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		a, cat := node(t, st, events.NewLocal())
		src := t.TempDir()
		if err := survivor.WriteTo(src); err != nil {
			t.Fatal(err)
		}
		rep, err := a.Import(ctx, os.DirFS(src))
		if err != nil || !rep.Unchanged || rep.Seasons != 76 {
			t.Fatalf("the copy in place: %+v, %v", rep, err)
		}

		dir := t.TempDir()
		for _, name := range game.Files {
			body, err := os.ReadFile(filepath.Join(src, name))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(dir, name), body, 0o644)
		}
		os.WriteFile(filepath.Join(dir, "jury_votes.json"), []byte(`[{"version_season": "US`), 0o644)
		if _, err := a.Import(ctx, os.DirFS(dir)); err == nil || !strings.Contains(err.Error(), "jury_votes.json") {
			t.Errorf("a malformed file: %v", err)
		}

		// A newer copy that renames an Australian castaway: their old id goes.
		body, _ := os.ReadFile(filepath.Join(src, "castaway_details.json"))
		body = []byte(strings.Replace(string(body), `"full_name":"Kristie Bennet"`, `"full_name":"Kristie Bennett"`, 1))
		os.WriteFile(filepath.Join(dir, "castaway_details.json"), body, 0o644)
		body, _ = os.ReadFile(filepath.Join(src, "jury_votes.json"))
		os.WriteFile(filepath.Join(dir, "jury_votes.json"), body, 0o644)
		owner := &model.User{ID: "fan", Email: "fan@example.com", DisplayName: "Fan", CreatedAt: time.Now()}
		if err := st.CreateUser(ctx, owner); err != nil {
			t.Fatal(err)
		}
		kristie, _, _ := cat.Contestant("au-kristie-bennet", "")
		l, err := st.CreateList(ctx, owner.ID, slices.Values([]string{"l1"}), model.ListContent{Name: "AU", IsPublic: true,
			Format: model.FormatRanked, Items: []model.Item{{ID: kristie.ID, Name: kristie.Name, SeasonID: "au1"}}}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Import(ctx, os.DirFS(dir))
		if err == nil || !strings.Contains(err.Error(), "au-kristie-bennet") {
			t.Fatalf("an import orphaning a ranked castaway: %v", err)
		}
		if _, _, ok := cat.Contestant("au-kristie-bennet", ""); !ok {
			t.Error("the refused import changed the catalog")
		}
		// Once no list ranks her, the same copy comes in and says what changed.
		if err := st.DeleteList(ctx, owner.ID, l.ID); err != nil {
			t.Fatal(err)
		}
		rep, err = a.Import(ctx, os.DirFS(dir))
		if err != nil || rep.Unchanged || len(rep.ChangedSeasons) == 0 || !slices.Contains(rep.NewCastaways, "au-kristie-bennett") || !slices.Contains(rep.GoneCastaways, "au-kristie-bennet") {
			t.Fatalf("the newer copy: %+v, %v", rep, err)
		}
		if _, _, ok := cat.Contestant("au-kristie-bennett", ""); !ok {
			t.Error("the catalog lacks the renamed castaway")
		}
		if rep, err := a.Import(ctx, os.DirFS(dir)); err != nil || !rep.Unchanged {
			t.Errorf("importing it again: %+v, %v", rep, err)
		}
	})
}

// waitFor waits for cond to hold after one of node's reloads, failing after a while.
func waitFor(t *testing.T, node *game.Service, cond func() bool) {
	t.Helper()
	reloaded := make(chan struct{}, 1)
	defer node.Watch(func() {
		select {
		case reloaded <- struct{}{}:
		default:
		}
	})()
	timeout := time.After(10 * time.Second)
	for !cond() {
		select {
		case <-reloaded:
		case <-timeout:
			t.Fatal("the other node never showed the change")
		}
	}
}
