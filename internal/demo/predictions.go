package demo

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"castaway/internal/game"
	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/predictions"
)

// The demo's season on air: Survivor 51, premiered a month before the demo's now, three
// boots in, and every demo fan's prediction (and weekly picks) of it, scored. It is added
// once: a later load finds it in the game records and only predicts it again.
const (
	OnAirSeason = "s51"
	onAirCast   = 18
	onAirBoots  = 3
)

var demoModerator = model.Actor{User: &model.User{ID: "demo", IsAdmin: true}, Client: "demo"}

// seasonOnAir adds the season on air if missing, then every fan's prediction of it, and
// scores them as the server's worker would.
func (g *gen) seasonOnAir(ctx context.Context, w *writer) error {
	gm, cat, err := game.Stored(ctx, w.st)
	if err != nil {
		return err
	}
	svc := game.NewService(w.st, cat, gm, limits.WritesFor(w.st, true, time.Now), func(context.Context) {}, slog.Default())
	season, err := svc.Season(OnAirSeason)
	if err != nil {
		if season, err = g.addSeasonOnAir(ctx, svc); err != nil {
			return err
		}
	}
	ids := make([]string, len(season.Cast))
	for i, c := range season.Cast {
		ids[i] = c.ID
	}
	entries := make([]model.PredictionEntry, len(g.users))
	for i, u := range g.users {
		order := append([]string(nil), ids...)
		g.rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		picks := map[int]string{}
		for ep := 1; ep <= onAirBoots; ep++ {
			picks[ep] = ids[g.rng.IntN(len(ids))]
		}
		entries[i] = model.PredictionEntry{UserID: u.id, Order: order, Picks: picks}
	}
	at := g.now.AddDate(0, 0, -40)
	if err := w.st.InsertDemoPredictions(ctx, season.ID, entries, at); err != nil {
		return err
	}
	// No notifications (an empty note): the demo's fans did not watch the boots happen.
	if err := w.st.QueueScoring(ctx, season.ID, predictions.OutcomeOf(season), demoModerator.UserID(), "", g.now); err != nil {
		return err
	}
	g.stats.Predictions = len(entries)
	return predictions.NewScorer(w.st, nil, slog.Default()).Drain(ctx)
}

// addSeasonOnAir records the season and its first boots as moderators would.
func (g *gen) addSeasonOnAir(ctx context.Context, svc *game.Service) (*game.Season, error) {
	in := game.NewSeason{Franchise: "US", Number: 51, Name: "Survivor 51", Location: "Mamanuca Islands", Country: "Fiji",
		Premiere: g.now.AddDate(0, 0, -30).Format(time.DateOnly)}
	for i := range onAirCast {
		in.Cast = append(in.Cast, game.NewCastaway{Name: fmt.Sprintf("%s %s", onAirFirst[i%len(onAirFirst)], onAirLast[(i*7)%len(onAirLast)]),
			Tribe: []string{"Lumba", "Tipi", "Veka"}[i%3], Age: 22 + (i*5)%30})
	}
	season, err := svc.AddSeason(ctx, demoModerator, in)
	if err != nil {
		return nil, fmt.Errorf("demo season on air: %w", err)
	}
	// Who leaves, chosen from the cast as added (a boot reorders the cast by place).
	var outs []string
	for n := 1; n <= onAirBoots; n++ {
		outs = append(outs, season.Cast[len(season.Cast)-1-n*4%len(season.Cast)].ID)
	}
	for n, out := range outs {
		n++
		if season, err = svc.RecordBoot(ctx, demoModerator, season.ID, game.NewBoot{Episode: n, Day: 3 * n, Castaway: out,
			Result: fmt.Sprintf("%s voted out", []string{"1st", "2nd", "3rd"}[n-1])}); err != nil {
			return nil, fmt.Errorf("demo boot: %w", err)
		}
	}
	return season, nil
}

var (
	onAirFirst = []string{"Kaia", "Mateo", "Priya", "Owen", "Lena", "Dario", "Tess", "Jalen", "Ruth", "Idris", "Noor", "Beck", "Sloane", "Tariq", "Wren", "Caleb", "Maren", "Omar"}
	onAirLast  = []string{"Alvarez", "Brooks", "Chen", "Dufresne", "Ekwueme", "Fitch", "Garza", "Halvorsen", "Ibarra", "Jansen", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Pereira", "Quist", "Rasmussen"}
)
