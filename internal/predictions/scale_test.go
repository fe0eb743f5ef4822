package predictions_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"castaway/internal/predictions"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// Scoring 100,000 predictions after a boot takes under a minute on each engine (run with
// CASTAWAY_SCORING_SCALE=100000; the figure is logged). Every entry has a weekly pick.
func TestScoringAtScale(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("CASTAWAY_SCORING_SCALE"))
	if n == 0 {
		t.Skip("set CASTAWAY_SCORING_SCALE=100000 to measure scoring at scale")
	}
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		e := setup(t, st)
		seed(t, st, e, n)
		e.clock.set(day(premiere).Add(time.Hour))
		e.boot(t, 1, 5)
		start := time.Now()
		e.score(t)
		took := time.Since(start)
		t.Logf("scored %d predictions in %v (%s)", n, took.Round(time.Millisecond), st.Dialect())
		if took > time.Minute {
			t.Errorf("scoring took %v", took)
		}
		var notes int
		if err := st.DB().QueryRowContext(ctx, `SELECT count(*) FROM notifications WHERE type = 'prediction_scored'`).Scan(&notes); err != nil || notes != n-(n+9)/10 {
			t.Errorf("%d notes of %d fans, %d of them behind (%v)", notes, n, (n+9)/10, err)
		}
		start = time.Now()
		if diffs, err := predictions.Verify(ctx, st, gameOf(t, st)); err != nil || len(diffs) != 0 {
			t.Fatalf("verify: %v %v", diffs, err)
		}
		t.Logf("verified in %v", time.Since(start).Round(time.Millisecond))
		if _, err := st.DB().ExecContext(ctx, "ANALYZE"); err != nil { // as autovacuum would
			t.Fatal(err)
		}
		start = time.Now()
		for range 100 {
			if _, err := e.uses.Predictions.Leaderboard(ctx, e.season.ID); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("leaderboard read in %v each", (time.Since(start) / 100).Round(time.Microsecond))
	})
}

// seed writes n fans, each with a prediction (the cast rotated) and a pick for episode 1;
// one in ten has not started the season (the spoiler shield: no note of its scores).
func seed(t *testing.T, st *store.Store, e *env, n int) {
	t.Helper()
	ctx := context.Background()
	ids := e.ids(0, 1, 2, 3, 4, 5)
	const chunk = 500
	tx, err := st.DB().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for start := 0; start < n; start += chunk {
		var users, preds, picks, watch []string
		var ua, pa, ka, wa []any
		for i := start; i < min(n, start+chunk); i++ {
			id := fmt.Sprintf("u%07d", i)
			order := append(append([]string{}, ids[i%6:]...), ids[:i%6]...)
			body, _ := json.Marshal(order)
			users = append(users, fmt.Sprintf("($%d, $%d, $%d, 0)", len(ua)+1, len(ua)+2, len(ua)+3))
			ua = append(ua, id, id, id)
			preds = append(preds, fmt.Sprintf("($%d, $%d, $%d, 0, 0)", len(pa)+1, len(pa)+2, len(pa)+3))
			pa = append(pa, id, e.season.ID, string(body))
			picks = append(picks, fmt.Sprintf("($%d, $%d, 1, $%d, 0)", len(ka)+1, len(ka)+2, len(ka)+3))
			ka = append(ka, id, e.season.ID, ids[i%6])
			if i%10 == 0 {
				watch = append(watch, fmt.Sprintf("($%d, $%d, 0, 0)", len(wa)+1, len(wa)+2))
				wa = append(wa, id, e.season.ID)
			}
		}
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO users (id, display_name, name_key, created_at) VALUES ` + strings.Join(users, ", "), ua},
			{`INSERT INTO predictions (user_id, season, cast_order, created_at, updated_at) VALUES ` + strings.Join(preds, ", "), pa},
			{`INSERT INTO weekly_picks (user_id, season, episode, castaway, picked_at) VALUES ` + strings.Join(picks, ", "), ka},
			{`INSERT INTO watch_progress (user_id, season_id, up_to, updated_at) VALUES ` + strings.Join(watch, ", "), wa},
		} {
			if _, err := tx.ExecContext(ctx, q.sql, q.args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}
