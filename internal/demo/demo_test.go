package demo

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/lists"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

func count(t *testing.T, st *store.Store, query string, args ...any) int {
	t.Helper()
	var n int
	if err := st.DB().QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestGenerateOnEveryEngine(t *testing.T) {
	cat := catalog.MustLoad()
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		opt := Options{Users: 25, Lists: 80, Upvotes: 500, Comments: 150, CommentVotes: 120, Favorites: 40,
			Ballots: 10, Seed: 7, BatchRows: 300, Now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
		var calls int
		opt.Progress = func(done, total int) { calls++ }
		stats, err := Run(ctx, st, cat, opt)
		if err != nil {
			t.Fatal(err)
		}
		if calls < 3 {
			t.Errorf("progress told %d times, want a call per batch", calls)
		}

		for _, c := range []struct {
			what  string
			query string
			want  int
		}{
			{"users", `SELECT count(*) FROM users`, 25},
			{"lists", `SELECT count(*) FROM lists`, 80},
			{"upvotes", `SELECT count(*) FROM list_upvotes`, 500},
			{"comments", `SELECT count(*) FROM comments`, 150},
			{"comment votes", `SELECT count(*) FROM comment_votes`, 120},
			{"favorites", `SELECT count(*) FROM favorites`, 40},
			{"ballots", `SELECT count(*) FROM global_submissions`, 10},
			{"polls whose ballot count is off", `SELECT count(*) FROM global_polls p WHERE submissions <>
				(SELECT count(*) FROM global_submissions s WHERE s.poll_id = p.id)`, 0},
			{"poll totals without a name", `SELECT count(*) FROM global_scores WHERE name = ''`, 0},
			{"notifications", `SELECT count(*) FROM notifications`, stats.Notifications},
			{"items", `SELECT count(*) FROM list_items`, stats.Items},
			{"sum of upvote_count", `SELECT COALESCE(sum(upvote_count), 0) FROM lists`, 500},
			{"lists whose upvote_count is off", `SELECT count(*) FROM lists l WHERE upvote_count <>
				(SELECT count(*) FROM list_upvotes v WHERE v.list_user_id = l.user_id AND v.list_id = l.id)`, 0},
			{"comments whose counters are off", `SELECT count(*) FROM comments c WHERE
				upvotes <> (SELECT count(*) FROM comment_votes v WHERE v.comment_id = c.id AND v.value = 1) OR
				downvotes <> (SELECT count(*) FROM comment_votes v WHERE v.comment_id = c.id AND v.value = -1)`, 0},
			{"lists with an item count off", `SELECT count(*) FROM lists l WHERE item_count <>
				(SELECT count(*) FROM list_items i WHERE i.list_user_id = l.user_id AND i.list_id = l.id)`, 0},
			{"lists outside 5-20 items", `SELECT count(*) FROM lists WHERE item_count < 5 OR item_count > 20`, 0},
			{"lists without their type tag", `SELECT count(*) FROM lists l WHERE NOT EXISTS (SELECT 1 FROM list_tags t
				WHERE t.list_user_id = l.user_id AND t.list_id = l.id AND t.tag = CASE WHEN l.is_season THEN 'season-ranking' ELSE 'survivor-ranking' END)`, 0},
			{"distinct display names", `SELECT count(DISTINCT name_key) FROM users`, 25},
			{"replies to replies", `SELECT count(*) FROM comments c JOIN comments p ON p.id = c.parent_id WHERE p.parent_id IS NOT NULL`, 0},
			// As a running site has them, not left to the first visitor's home page.
			{"the home page's week and the next, counted", fmt.Sprintf(`SELECT count(*) FROM list_upvote_weeks
				WHERE end_day IN (%[1]d, %[1]d + 1)`, lists.HomeWeek(opt.Now)), 2},
			{"lists with upvotes in the home page's week", fmt.Sprintf(`SELECT count(*) FROM list_upvotes_week WHERE end_day = %d`,
				lists.HomeWeek(opt.Now)), count(t, st, `SELECT count(DISTINCT list_user_id || '/' || list_id) FROM list_upvotes WHERE created_at >= $1`,
				opt.Now.Add(-lists.HomeWindow).Truncate(24*time.Hour).Add(24*time.Hour).UnixMilli())},
			{"self-upvotes", `SELECT count(*) FROM list_upvotes WHERE user_id = list_user_id`, 0},
			{"upvotes in the future or before their list", `SELECT count(*) FROM list_upvotes v JOIN lists l
				ON l.user_id = v.list_user_id AND l.id = v.list_id WHERE v.created_at < l.created_at OR v.created_at > $1`, int(opt.Now.UnixMilli())},
		} {
			if c.what == "upvotes in the future or before their list" {
				if got := count(t, st, c.query, opt.Now.UnixMilli()); got != 0 {
					t.Errorf("%s: %d", c.what, got)
				}
				continue
			}
			if got := count(t, st, c.query); got != c.want {
				t.Errorf("%s: %d, want %d", c.what, got, c.want)
			}
		}
		if stats.Replies == 0 || stats.Notifications == 0 {
			t.Errorf("want replies and notifications: %s", stats)
		}

		// Display names are unique case-insensitively in Go's folding, not only SQL's.
		names := map[string]bool{}
		rows, err := st.DB().Query(`SELECT display_name, COALESCE(password_hash, '') FROM users`)
		if err != nil {
			t.Fatal(err)
		}
		var hash string
		for rows.Next() {
			var n string
			if err := rows.Scan(&n, &hash); err != nil {
				t.Fatal(err)
			}
			if names[strings.ToLower(n)] || n == "" || len(n) > 30 {
				t.Errorf("display name %q is empty, too long or taken", n)
			}
			names[strings.ToLower(n)] = true
		}
		rows.Close()
		if ok, err := auth.CheckPassword(hash, Password); err != nil || !ok {
			t.Errorf("demo users do not sign in with %q: %v", Password, err)
		}
		if u, err := st.UserByEmail(ctx, EmailOf(25)); err != nil || u.PasswordHash == "" {
			t.Errorf("user %s: %v", EmailOf(25), err)
		}

		// Every item is a catalog entry, as saved from the catalog.
		rows, err = st.DB().Query(`SELECT item_id, is_season, name, season_id FROM list_items`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id, name, season string
			var isSeason bool
			if err := rows.Scan(&id, &isSeason, &name, &season); err != nil {
				t.Fatal(err)
			}
			if isSeason {
				if s, ok := cat.Season(id); !ok || s.Name != name {
					t.Errorf("season item %s %q is not in the catalog", id, name)
				}
				continue
			}
			ct, s, ok := cat.Contestant(id, season)
			if !ok || ct.Name != name || s.ID != season {
				t.Errorf("contestant item %s %q of %s is not in the catalog", id, name, season)
			}
		}
		rows.Close()

		// The store reads what was written.
		home, err := st.Home(ctx, "", opt.Now.AddDate(0, 0, -7))
		if err != nil || len(home.Recent) == 0 {
			t.Errorf("home: %v %+v", err, home)
		}

		// A second run is refused without --force and replaces everything with it.
		if _, err := Run(ctx, st, cat, opt); !errors.Is(err, ErrNotEmpty) {
			t.Fatalf("second run: %v, want ErrNotEmpty", err)
		}
		opt.Force = true
		opt.Users, opt.Lists, opt.Upvotes = 10, 12, 30
		if _, err := Run(ctx, st, cat, opt); err != nil {
			t.Fatal(err)
		}
		if got := count(t, st, `SELECT count(*) FROM users`); got != 10 {
			t.Errorf("users after --force: %d, want 10", got)
		}
		if got := count(t, st, `SELECT count(*) FROM lists`); got != 12 {
			t.Errorf("lists after --force: %d, want 12", got)
		}
	})
}

func TestSameSeedSameCommunity(t *testing.T) {
	cat := catalog.MustLoad()
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	dump := func() string {
		st := storetest.OpenSQLite(t)
		if _, err := Run(context.Background(), st, cat, Options{Users: 8, Lists: 20, Upvotes: -1, Comments: -1,
			CommentVotes: -1, Favorites: -1, Ballots: -1, Seed: 3, Now: now}); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		rows, err := st.DB().Query(`SELECT l.id, l.name, u.display_name, l.upvote_count, l.created_at FROM lists l
			JOIN users u ON u.id = l.user_id ORDER BY l.user_id, l.id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id, name, user string
			var votes int
			var created int64
			rows.Scan(&id, &name, &user, &votes, &created)
			b.WriteString(id + "|" + name + "|" + user + "\n")
		}
		return b.String()
	}
	if a, b := dump(), dump(); a != b || a == "" {
		t.Errorf("two runs with one seed differ:\n%s\n---\n%s", a, b)
	}
}
