package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"castaway/internal/store"
)

// seedNames are the ranked items seeded lists draw from.
var seedNames = []string{"Parvati Shallow", "Sandra Diaz-Twine", "Boston Rob", "Russell Hantz", "Tony Vlachos",
	"Kim Spradlin", "Cirie Fields", "Rob Cesternino", "Yul Kwon", "Amanda Kimmel", "Ozzy Lusth", "Richard Hatch",
	"Tom Westman", "Jeremy Collins", "Natalie Anderson", "Sarah Lacina", "Wendell Holland", "Michele Fitzgerald",
	"Ben Driebergen", "Adam Klein", "Wentworth Zheng", "Erika Casupanan", "Maryanne Oketch", "Gabler Gabe",
	"Yam Yam Arocho", "Dee Valladares", "Kenzie Petty", "Rachel LaMont", "Kyle Fraser", "Stephenie LaGrossa"}

var seedTags = []string{"favorites", "strategic", "villains", "heroes", "challenge-beasts", "underrated"}

// seedSize describes a seeded community.
type seedSize struct{ users, lists, items, upvotes, comments int }

// seedBulk fills an empty, migrated store with a community of the given size through
// multi-row inserts in transactions of a few thousand rows, then RebuildAggregates.
// Lists are spread over the year before now, upvotes over the last 30 days; about one
// list in ten is private. The list "u00000/list_hot" gets 300 top-level comments.
func seedBulk(tb testing.TB, s *store.Store, n seedSize, now time.Time) {
	tb.Helper()
	seedRows(tb, s, n, now)
	if err := s.RebuildAggregates(context.Background()); err != nil {
		tb.Fatal(err)
	}
}

// seedRows is seedBulk without the rebuild: the rows alone, every aggregate left at zero.
func seedRows(tb testing.TB, s *store.Store, n seedSize, now time.Time) {
	tb.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	nowMs := now.UnixMilli()
	ins := newBulk(tb, s)
	for i := range n.users {
		ins.row(`users (id, email, email_key, display_name, name_key, idols_found, created_at)`,
			fmt.Sprintf("u%05d", i), fmt.Sprintf("u%d@example.com", i), fmt.Sprintf("u%d@example.com", i),
			fmt.Sprintf("Player %05d", i), fmt.Sprintf("player %05d", i), 0, nowMs-400*86400000)
		for d := range 3 { // signed in on a few devices
			ins.row(`sessions (token_hash, public_id, user_id, user_agent, network, created_at, last_seen_at, expires_at)`,
				fmt.Sprintf("h%05d-%d", i, d), fmt.Sprintf("s%05d-%d", i, d), fmt.Sprintf("u%05d", i), "Mozilla/5.0", "203.0.113.0/24",
				nowMs-int64(d)*86400000, nowMs-int64(d)*3600000, nowMs+30*86400000)
		}
	}
	ins.flush()
	listKey := func(i int) (string, string) { return fmt.Sprintf("u%05d", i%n.users), fmt.Sprintf("list_%d", i) }
	for i := range n.lists {
		u, id := listKey(i)
		created := nowMs - int64(n.lists-i)*(365*86400000/int64(n.lists))
		season := i%7 == 0
		ins.row(`lists (user_id, id, name, description, is_public, chosen_public, is_season, item_count, search_text, created_at, updated_at)`,
			u, id, fmt.Sprintf("Ranking number %d", i), "My take on the best players ever", i%10 != 3, i%10 != 3, season, n.items, "", created, created)
		first := r.IntN(len(seedNames))
		for p := range n.items {
			name := seedNames[(first+p)%len(seedNames)]
			ins.row(`list_items (list_user_id, list_id, position, item_id, is_season, name, image_url, season_id, season_name)`,
				u, id, p, strings.ToLower(strings.ReplaceAll(name, " ", "-")), season, name, "/media/x", "s1", "Borneo")
		}
		typeTag := "survivor-ranking"
		if season {
			typeTag = "season-ranking"
		}
		ins.row(`list_tags (list_user_id, list_id, tag)`, u, id, typeTag)
		ins.row(`list_tags (list_user_id, list_id, tag)`, u, id, seedTags[i%len(seedTags)])
	}
	ins.row(`lists (user_id, id, name, description, is_public, chosen_public, is_season, item_count, search_text, created_at, updated_at)`,
		"u00000", "list_hot", "Much discussed", "", true, true, false, 0, "", nowMs-86400000, nowMs-86400000)
	ins.flush()
	// Upvotes: distinct (list, voter) pairs, the recent lists drawing more.
	seen := map[[2]int]bool{}
	for len(seen) < n.upvotes {
		l := n.lists - 1 - int(float64(n.lists)*r.Float64()*r.Float64())
		v := r.IntN(n.users)
		if seen[[2]int{l, v}] {
			continue
		}
		seen[[2]int{l, v}] = true
		u, id := listKey(l)
		ins.row(`list_upvotes (list_user_id, list_id, user_id, created_at)`, u, id, fmt.Sprintf("u%05d", v), nowMs-r.Int64N(30*86400000))
	}
	ins.flush()
	for i := range n.comments {
		u, id := listKey(r.IntN(n.lists))
		if i < 300 {
			u, id = "u00000", "list_hot"
		}
		ins.row(`comments (id, list_user_id, list_id, user_id, text, upvotes, downvotes, created_at)`,
			fmt.Sprintf("c%07d", i), u, id, fmt.Sprintf("u%05d", r.IntN(n.users)), "Great list!", 0, 0, nowMs-r.Int64N(30*86400000))
	}
	ins.flush()
}

// bulk batches rows per table into multi-row INSERTs. Tables are written in the order
// their first row ever came (lists before their items), each batch in one transaction.
type bulk struct {
	tb     testing.TB
	db     *sql.DB
	params int // per INSERT: SQLite prepares a statement in time growing with the square of its parameters
	order  []string
	rows   map[string][][]any
}

func newBulk(tb testing.TB, s *store.Store) *bulk {
	b := &bulk{tb: tb, db: s.DB(), params: 30000, rows: map[string][][]any{}}
	if s.Dialect() == store.SQLite {
		b.params = 500
	}
	return b
}

func (b *bulk) row(table string, vals ...any) {
	if !slices.Contains(b.order, table) {
		b.order = append(b.order, table)
	}
	b.rows[table] = append(b.rows[table], vals)
	if len(b.rows[table])*len(vals) > 20*b.params {
		b.flush()
	}
}

func (b *bulk) flush() {
	tx, err := b.db.Begin()
	if err != nil {
		b.tb.Fatal(err)
	}
	defer tx.Rollback()
	for _, table := range b.order {
		rows := b.rows[table]
		for len(rows) > 0 {
			n := min(len(rows), max(1, b.params/len(rows[0])))
			b.insert(tx, table, rows[:n])
			rows = rows[n:]
		}
	}
	if err := tx.Commit(); err != nil {
		b.tb.Fatal(err)
	}
	clear(b.rows)
}

func (b *bulk) insert(tx *sql.Tx, table string, rows [][]any) {
	var q strings.Builder
	q.WriteString("INSERT INTO " + table + " VALUES ")
	var args []any
	for i, r := range rows {
		if i > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(")
		for j, v := range r {
			if j > 0 {
				q.WriteString(", ")
			}
			args = append(args, v)
			fmt.Fprintf(&q, "$%d", len(args))
		}
		q.WriteString(")")
	}
	if _, err := tx.Exec(q.String(), args...); err != nil {
		b.tb.Fatalf("seed %s: %v", table, err)
	}
}

// seededStores opens, on every engine, a store holding a seeded community of n.lists
// lists, kept between runs (a SQLite file in the temporary folder, a PostgreSQL schema)
// since seeding 100,000 lists takes a while.
func seededStores(b *testing.B, n seedSize, now time.Time) map[string]*store.Store {
	ctx := context.Background()
	out := map[string]*store.Store{}
	name := fmt.Sprintf("castaway_bench_%d_v2", n.lists)
	open := func(url string) *store.Store {
		s, err := store.Open(ctx, url)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		if err := s.Migrate(ctx); err != nil {
			b.Fatal(err)
		}
		return s
	}
	seedOnce := func(s *store.Store) {
		var have int
		if err := s.DB().QueryRow(`SELECT count(*) FROM lists`).Scan(&have); err != nil {
			b.Fatal(err)
		}
		if have == 0 {
			start := time.Now()
			seedBulk(b, s, n, now)
			b.Logf("%s: seeded %d lists in %v", s.Dialect(), n.lists, time.Since(start).Round(time.Second))
		}
	}
	out["sqlite"] = open(filepath.Join(os.TempDir(), name+".db"))
	seedOnce(out["sqlite"])
	if base := os.Getenv("CASTAWAY_TEST_POSTGRES_URL"); base != "" {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			b.Fatal(err)
		}
		defer admin.Close()
		if _, err := admin.Exec(`CREATE SCHEMA IF NOT EXISTS ` + name); err != nil {
			b.Fatal(err)
		}
		sep := "?"
		if strings.Contains(base, "?") {
			sep = "&"
		}
		out["postgres"] = open(base + sep + "search_path=" + name)
		seedOnce(out["postgres"])
	}
	return out
}
