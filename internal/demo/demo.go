// Package demo fills a database with a believable community for trying castaway and
// for benchmarks: users with unique names, ranked lists of catalog entries with tags and
// descriptions, upvotes skewed toward popular lists and spread over recent weeks,
// comments with replies and votes, favorites, notifications and global ballots.
//
// The same seed gives the same community (names, ids, lists, votes); only the times
// follow the clock, so "this week" is always this week.
package demo

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"castaway/internal/auth"
	"castaway/internal/catalog"
	"castaway/internal/global"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// Password is what every demo user signs in with, with the email demo<N>@example.com.
const Password = "demo-password"

// EmailOf is the email of the n-th demo user, counting from 1.
func EmailOf(n int) string { return fmt.Sprintf("demo%d@example.com", n) }

// ErrNotEmpty is returned when the database already has users or lists and Force is off.
var ErrNotEmpty = errors.New("the database already has users or lists: use --force to replace them with demo data")

// Options set the community's size. A negative count means "derived from the others".
type Options struct {
	Users        int
	Lists        int
	Upvotes      int // default 10 per list
	Comments     int // default 3 per list
	CommentVotes int // default 1 per comment
	Favorites    int // default 3 per user
	Ballots      int // per global poll; default a third of the users
	Seed         uint64
	Force        bool // replace whatever the database holds
	// NotifyWindow: events younger than this get a notification (default 30 days).
	NotifyWindow time.Duration
	BatchRows    int       // rows per transaction (default DefaultBatchRows)
	Now          time.Time // default time.Now()
	// Progress, when set, is told the total rows first (total > 0, done 0) and then
	// each batch written.
	Progress func(done, total int)
}

// DefaultBatchRows is how many rows one transaction of a load writes. Rows land in
// indexes in no key order, so a transaction writes out about every index page it
// touches; ten times the rows touch far fewer than ten times the pages. At 100,000
// lists, 200,000 rows a transaction wrote them in 1m51s against 2m36s for 20,000.
const DefaultBatchRows = 200000

// Defaults are small and quick: the README's try-it path.
func Defaults() Options {
	return Options{Users: 60, Lists: 300, Upvotes: -1, Comments: -1, CommentVotes: -1, Favorites: -1, Ballots: -1, Seed: 1}
}

func (o *Options) fill() {
	if o.Upvotes < 0 {
		o.Upvotes = 10 * o.Lists
	}
	if o.Comments < 0 {
		o.Comments = 3 * o.Lists
	}
	if o.CommentVotes < 0 {
		o.CommentVotes = o.Comments
	}
	if o.Favorites < 0 {
		o.Favorites = 3 * o.Users
	}
	if o.Ballots < 0 {
		o.Ballots = o.Users / 3
	}
	o.Ballots = min(o.Ballots, o.Users)
	if o.NotifyWindow == 0 {
		o.NotifyWindow = 30 * 24 * time.Hour
	}
	if o.BatchRows <= 0 {
		o.BatchRows = DefaultBatchRows
	}
	if o.Now.IsZero() {
		o.Now = time.Now()
	}
	o.Now = o.Now.Truncate(time.Millisecond)
}

// Stats counts what was written.
type Stats struct {
	Users, Lists, Items, Tags, Upvotes, Favorites, Follows, Comments, Replies, CommentVotes, Notifications, Ballots int
	Predictions                                                                                                     int
}

func (s Stats) String() string {
	return fmt.Sprintf("%d users, %d lists (%d items, %d tags), %d upvotes, %d favorites, %d follows, %d comments (%d replies), %d comment votes, %d notifications, %d ballots, %d predictions",
		s.Users, s.Lists, s.Items, s.Tags, s.Upvotes, s.Favorites, s.Follows, s.Comments, s.Replies, s.CommentVotes, s.Notifications, s.Ballots, s.Predictions)
}

// bulkCacheMB is the SQLite page cache the load runs with: a million lists' indexes fit.
const bulkCacheMB = 2048

// Run generates the community and writes it to st, batch by batch.
func Run(ctx context.Context, st *store.Store, cat *catalog.Catalog, opt Options) (Stats, error) {
	opt.fill()
	if opt.Users < 2 || opt.Lists < 0 {
		return Stats{}, errors.New("demo data needs at least 2 users and no negative counts")
	}
	busy, err := st.HasCommunity(ctx)
	if err != nil {
		return Stats{}, err
	}
	if busy {
		if !opt.Force {
			return Stats{}, ErrNotEmpty
		}
		if err := st.ClearCommunity(ctx); err != nil {
			return Stats{}, err
		}
	}
	polls, pollSeasons, err := st.DemoPolls(ctx)
	if err != nil {
		return Stats{}, err
	}
	if err := st.BulkLoadCache(ctx, bulkCacheMB); err != nil {
		return Stats{}, err
	}
	g := newGen(cat, opt)
	w := &writer{ctx: ctx, st: st, opt: opt}
	if opt.Progress != nil {
		opt.Progress(0, g.estimate(len(polls)))
	}
	start := time.Now()
	if err := g.run(w, polls, pollSeasons); err != nil {
		return g.stats, err
	}
	slog.DebugContext(ctx, "demo rows written", "took", time.Since(start))
	// Bulk inserts bypass the store's usual writes: fill the feeds, and recompute every
	// kept-in-step aggregate (counts, daily upvotes, the search index) from the rows.
	start = time.Now()
	if err := st.FillFeeds(ctx, g.now); err != nil {
		return g.stats, err
	}
	slog.DebugContext(ctx, "demo feeds filled", "took", time.Since(start))
	if err := st.RebuildAggregates(ctx); err != nil {
		return g.stats, err
	}
	// The ballots' totals get their names and the polls their ballot counts.
	if err := st.RecountPolls(ctx, global.NameOf(cat)); err != nil {
		return g.stats, err
	}
	// The week's upvotes are counted, as a running site has them, rather than by the
	// first visitor's home page.
	if err := st.KeepWeek(ctx, lists.HomeWeek(g.now)); err != nil {
		return g.stats, err
	}
	// A season on air that every fan predicted (predictions.go).
	start = time.Now()
	if err := g.seasonOnAir(ctx, w); err != nil {
		return g.stats, err
	}
	slog.DebugContext(ctx, "demo predictions scored", "took", time.Since(start))
	return g.stats, nil
}

// writer collects rows and writes a batch (one transaction) when it is full.
type writer struct {
	ctx  context.Context
	st   *store.Store
	opt  Options
	b    store.DemoBatch
	done int
}

func (w *writer) maybeFlush() error {
	if w.b.Rows() >= w.opt.BatchRows {
		return w.flush()
	}
	return nil
}

func (w *writer) flush() error {
	n := w.b.Rows()
	if n == 0 {
		return nil
	}
	if err := w.st.InsertDemoBatch(w.ctx, &w.b); err != nil {
		return err
	}
	w.b = store.DemoBatch{}
	w.done += n
	if w.opt.Progress != nil {
		w.opt.Progress(w.done, 0)
	}
	return w.ctx.Err()
}

type user struct {
	id, name string
	created  time.Time
}

type list struct {
	owner   int
	id      string
	name    string
	items   []string // item names, for comments
	created time.Time
	weight  float64
	public  bool
}

type comment struct {
	id      string
	author  int
	list    int
	created time.Time
	parent  int // index into the list's thread, -1 for top level
}

type gen struct {
	cat   *catalog.Catalog
	opt   Options
	rng   *rand.Rand
	now   time.Time
	stats Stats

	users       []user
	userCum     []float64 // cumulative activity weights
	lists       []list
	listCum     []float64 // cumulative popularity weights (public lists only)
	publicLists []int

	fame     map[string]float64 // contestant id -> how often fans rank them high
	seasonW  map[string]float64 // season id -> how loved the season is
	castOf   map[string][]int   // contestant id -> season numbers played
	notifyAt time.Time
	wb       *store.DemoBatch // where notifications go
}

func newGen(cat *catalog.Catalog, opt Options) *gen {
	g := &gen{cat: cat, opt: opt, rng: rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x9e3779b97f4a7c15)), now: opt.Now,
		fame: map[string]float64{}, seasonW: map[string]float64{}, castOf: map[string][]int{}}
	g.notifyAt = g.now.Add(-opt.NotifyWindow)
	for _, s := range cat.Seasons() {
		// Newer seasons and the all-star seasons are ranked more often.
		w := math.Exp(0.5*g.rng.NormFloat64()) * (1 + float64(s.Number)/40)
		if len(s.Contestants) > 0 && (s.Number == 20 || s.Number == 40 || s.Number == 50 || s.Number == 8) {
			w *= 2
		}
		g.seasonW[s.ID] = w
		for _, ct := range s.Contestants {
			g.castOf[ct.ID] = append(g.castOf[ct.ID], s.Number)
		}
	}
	for _, s := range cat.Seasons() {
		for _, ct := range s.Contestants {
			if _, ok := g.fame[ct.ID]; ok {
				continue
			}
			f := math.Exp(0.7*g.rng.NormFloat64()) * (1 + 1.2*float64(len(g.castOf[ct.ID])-1))
			for _, l := range legends {
				if strings.Contains(ct.Name, l) {
					f *= 4
					break
				}
			}
			g.fame[ct.ID] = f
		}
	}
	return g
}

// estimate is the number of rows the progress bar counts to.
func (g *gen) estimate(polls int) int {
	o := g.opt
	n := o.Users + o.Lists*(1+13+2) + o.Upvotes + o.Favorites + o.Comments + o.CommentVotes + polls*o.Ballots
	// notifications: the share of events inside the window, roughly
	share := math.Min(1, float64(o.NotifyWindow)/float64(120*24*time.Hour))
	return n + int(share*float64(o.Upvotes+o.Comments+o.CommentVotes))
}

// id makes a random-looking id like model.NewID's, from the seeded generator.
func (g *gen) id() string {
	var b [12]byte
	for i := 0; i < 12; i += 8 {
		v := g.rng.Uint64()
		for j := 0; j < 8 && i+j < 12; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func (g *gen) pick(s []string) string { return s[g.rng.IntN(len(s))] }

// between is a time uniformly in [a, b].
func (g *gen) between(a, b time.Time) time.Time {
	if !b.After(a) {
		return a
	}
	return a.Add(time.Duration(g.rng.Int64N(int64(b.Sub(a))))).Truncate(time.Millisecond)
}

// weighted picks an index from cumulative weights.
func (g *gen) weighted(cum []float64) int {
	x := g.rng.Float64() * cum[len(cum)-1]
	return min(sort.SearchFloat64s(cum, x), len(cum)-1)
}

func cumulate(w []float64) []float64 {
	out := make([]float64, len(w))
	var sum float64
	for i, x := range w {
		sum += x
		out[i] = sum
	}
	return out
}

func (g *gen) run(w *writer, polls, pollSeasons []string) error {
	hash := auth.HashPassword(Password) // argon2id is slow on purpose: once for everyone
	if err := g.makeUsers(w, hash); err != nil {
		return err
	}
	if err := g.makeLists(w); err != nil {
		return err
	}
	if len(g.publicLists) > 0 {
		if err := g.makeUpvotes(w); err != nil {
			return err
		}
		if err := g.makeFavorites(w); err != nil {
			return err
		}
		if err := g.makeFollows(w); err != nil {
			return err
		}
		if err := g.makeComments(w); err != nil {
			return err
		}
	}
	for i := range polls {
		if err := g.makeBallots(w, polls[i], pollSeasons[i]); err != nil {
			return err
		}
	}
	return w.flush()
}

func (g *gen) makeUsers(w *writer, hash string) error {
	taken := map[string]bool{}
	weights := make([]float64, g.opt.Users)
	for i := 0; i < g.opt.Users; i++ {
		name := g.userName(taken)
		u := user{id: g.id(), name: name, created: g.between(g.now.AddDate(0, 0, -400), g.now.AddDate(0, 0, -7))}
		g.users = append(g.users, u)
		// A few users do most of the posting and voting.
		weights[i] = math.Exp(1.3 * g.rng.NormFloat64())
		w.b.Users = append(w.b.Users, store.DemoUser{ID: u.id, Email: EmailOf(i + 1), DisplayName: name,
			PasswordHash: hash, CreatedAt: u.created, EmailVerified: true})
		g.stats.Users++
		if err := w.maybeFlush(); err != nil {
			return err
		}
	}
	g.userCum = cumulate(weights)
	return nil
}

// userName makes a display name no one has yet, compared case-insensitively, of at
// most 30 characters.
func (g *gen) userName(taken map[string]bool) string {
	for attempt := 0; ; attempt++ {
		var n string
		switch g.rng.IntN(4) {
		case 0:
			n = g.pick(firstNames) + g.pick(surnameInitials)
		case 1:
			n = g.pick(handleWords) + g.pick(handleNouns)
		case 2:
			n = strings.ToLower(g.pick(firstNames)) + "_" + strings.ToLower(g.pick(handleWords))
		default:
			n = g.pick(firstNames) + "The" + g.pick(handleNouns)
		}
		if attempt > 2 || g.rng.IntN(3) == 0 {
			n += strconv.Itoa(g.rng.IntN(100 * (attempt + 1)))
		}
		if k := auth.NameKey(n); !taken[k] && len(n) <= 30 {
			taken[k] = true
			return n
		}
	}
}

func shortSeason(name string) string {
	return strings.TrimPrefix(name, "Survivor: ")
}

func (g *gen) makeLists(w *writer) error {
	ids := map[string]bool{}
	var pubWeights []float64
	for i := 0; i < g.opt.Lists; i++ {
		owner := g.weighted(g.userCum)
		u := g.users[owner]
		from := u.created
		if oldest := g.now.AddDate(0, 0, -180); from.Before(oldest) {
			from = oldest
		}
		// More lists lately: the community is growing.
		created := from.Add(time.Duration(math.Pow(g.rng.Float64(), 0.6) * float64(g.now.Sub(from)))).Truncate(time.Millisecond)
		c, err := g.listContent()
		for tries := 0; err != nil && tries < 20; tries++ { // e.g. a long season name in a long title
			c, err = g.listContent()
		}
		if err != nil {
			return err
		}
		ms := created.UnixMilli()
		for ids[u.id+"/"+strconv.FormatInt(ms, 10)] {
			ms++
		}
		id := "list_" + strconv.FormatInt(ms, 10)
		ids[u.id+"/"+strconv.FormatInt(ms, 10)] = true
		created = time.UnixMilli(ms)
		updated := created
		if g.rng.IntN(5) == 0 {
			updated = g.between(created, g.now)
		}
		l := list{owner: owner, id: id, name: c.Name, created: created, public: g.rng.IntN(100) < 93,
			weight: math.Exp(1.4 * g.rng.NormFloat64())}
		for _, it := range c.Items {
			l.items = append(l.items, shortSeason(it.Name))
		}
		g.lists = append(g.lists, l)
		if l.public {
			g.publicLists = append(g.publicLists, i)
			pubWeights = append(pubWeights, l.weight)
		}
		dl := store.DemoList{UserID: u.id, ID: id, Name: c.Name, Description: c.Description, IsPublic: l.public,
			IsSeason: c.IsSeason(), SearchText: c.SearchText(), Tags: c.Tags, CreatedAt: created, UpdatedAt: updated}
		for _, it := range c.Items {
			dl.Items = append(dl.Items, store.DemoItem{ID: it.ID, Name: it.Name, ImageURL: it.ImageURL, IsSeason: it.IsSeason,
				SeasonID: it.SeasonID, SeasonName: it.SeasonName})
		}
		w.b.Lists = append(w.b.Lists, dl)
		g.stats.Lists++
		g.stats.Items += len(dl.Items)
		g.stats.Tags += len(dl.Tags)
		if err := w.maybeFlush(); err != nil {
			return err
		}
	}
	g.listCum = cumulate(pubWeights)
	return nil
}

// listContent makes one list's name, description, tags and 5-20 items, validated by
// the same rules as a list a user saves.
func (g *gen) listContent() (lists.Content, error) {
	in := lists.Input{}
	kind := g.rng.IntN(100)
	var tagBias string
	switch {
	case kind < 45: // the cast of one season
		s := g.pickSeason(true)
		n := 5 + g.rng.IntN(min(16, len(s.Contestants)-4))
		cast := make([]string, len(s.Contestants))
		for i, ct := range s.Contestants {
			cast[i] = ct.ID
		}
		for _, id := range g.rankBy(cast, g.fame)[:n] {
			in.Items = append(in.Items, lists.ItemInput{ID: id, SeasonID: s.ID})
		}
		in.Name = fill(g.pick(seasonListNames), shortSeason(s.Name))
	case kind < 72: // players across an era
		era := eras[g.rng.IntN(len(eras))]
		var pool []string
		seasonOf := map[string]string{}
		for _, s := range g.cat.Seasons() {
			if s.Number < era.From || s.Number > era.To {
				continue
			}
			for _, ct := range s.Contestants {
				if _, ok := seasonOf[ct.ID]; !ok {
					pool = append(pool, ct.ID)
				}
				seasonOf[ct.ID] = s.ID // the latest appearance in the era
			}
		}
		n := 5 + g.rng.IntN(16)
		for _, id := range g.rankBy(pool, g.fame)[:n] {
			in.Items = append(in.Items, lists.ItemInput{ID: id, SeasonID: seasonOf[id]})
		}
		tmpl := g.pick(eraListNames)
		in.Name = capitalize(fill(tmpl, era.Name, n))
		if strings.Contains(tmpl, "strateg") || strings.Contains(tmpl, "blindside") {
			tagBias = "strategic"
		} else if strings.Contains(tmpl, "challenge") {
			tagBias = "challenge"
		} else if strings.Contains(tmpl, "social") {
			tagBias = "social"
		}
	default: // seasons
		var pool []string
		for _, s := range g.cat.Seasons() {
			if len(s.Contestants) > 0 {
				pool = append(pool, s.ID)
			}
		}
		n := 5 + g.rng.IntN(16)
		for _, id := range g.rankBy(pool, g.seasonW)[:n] {
			in.Items = append(in.Items, lists.ItemInput{ID: id, IsSeason: true})
		}
		in.Name = fill(g.pick(seasonRankNames), "", n)
	}
	for _, t := range lists.UserTags {
		p := 12
		if t == "favorites" {
			p = 35
		}
		if t == tagBias {
			p = 80
		}
		if g.rng.IntN(100) < p {
			in.Tags = append(in.Tags, t)
		}
	}
	if d := g.pick(descriptions); d != "" {
		in.Description = fill(d, g.itemName(in.Items[0]), g.itemName(in.Items[1]))
	}
	if len([]rune(in.Description)) > lists.MaxDescriptionLength {
		in.Description = string([]rune(in.Description)[:lists.MaxDescriptionLength])
	}
	return lists.ValidateList(g.cat, in)
}

// fill puts args into a template that names them by index (%[1]s); a template that
// uses none is returned as it reads.
func fill(tmpl string, args ...any) string {
	if !strings.Contains(tmpl, "%[") {
		return strings.ReplaceAll(tmpl, "%%", "%")
	}
	return fmt.Sprintf(tmpl, args...)
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

func (g *gen) itemName(it lists.ItemInput) string {
	if it.IsSeason {
		s, _ := g.cat.Season(it.ID)
		return shortSeason(s.Name)
	}
	ct, _, _ := g.cat.Contestant(it.ID, it.SeasonID)
	return strings.Fields(ct.Name)[0]
}

// pickSeason picks a season by how loved it is; withCast wants one with at least 5 castaways.
func (g *gen) pickSeason(withCast bool) *catalog.Season {
	for {
		var sum float64
		for _, s := range g.cat.Seasons() {
			sum += g.seasonW[s.ID]
		}
		x := g.rng.Float64() * sum
		for i := range g.cat.Seasons() {
			s := &g.cat.Seasons()[i]
			x -= g.seasonW[s.ID]
			if x <= 0 {
				if !withCast || len(s.Contestants) >= 5 {
					return s
				}
				break
			}
		}
	}
}

// rankBy orders ids as a fan would: the better loved first, with plenty of taste
// mixed in (a Plackett-Luce draw through Gumbel noise).
func (g *gen) rankBy(ids []string, weight map[string]float64) []string {
	type scored struct {
		id string
		s  float64
	}
	sc := make([]scored, len(ids))
	for i, id := range ids {
		sc[i] = scored{id, math.Log(weight[id]) - math.Log(-math.Log(g.rng.Float64()+1e-12))}
	}
	slices.SortFunc(sc, func(a, b scored) int {
		if a.s > b.s {
			return -1
		}
		if a.s < b.s {
			return 1
		}
		return strings.Compare(a.id, b.id)
	})
	out := make([]string, len(sc))
	for i := range sc {
		out[i] = sc[i].id
	}
	return out
}

// allocate splits total over weights, each share at most limit (by largest remainder,
// then one at a time where there is room). It gives less than total only when every
// share is full.
func (g *gen) allocate(total int, weights []float64, limit func(i int) int) []int {
	out := make([]int, len(weights))
	if len(weights) == 0 || total <= 0 {
		return out
	}
	var sum float64
	for _, w := range weights {
		sum += w
	}
	given := 0
	for i, w := range weights {
		out[i] = min(int(float64(total)*w/sum), limit(i))
		given += out[i]
	}
	cum := cumulate(weights)
	for tries := 0; given < total && tries < 20*total+1000; tries++ {
		i := g.weighted(cum)
		if out[i] < limit(i) {
			out[i]++
			given++
		}
	}
	for i := 0; given < total && i < len(out); i++ { // fill what the draws missed
		add := min(total-given, limit(i)-out[i])
		out[i] += add
		given += add
	}
	return out
}

// voters picks k distinct users other than skip, the active ones more often.
func (g *gen) voters(k, skip int) []int {
	n := len(g.users)
	if k <= 0 {
		return nil
	}
	if k > n/2 {
		perm := g.rng.Perm(n)
		out := make([]int, 0, k)
		for _, u := range perm {
			if u != skip && len(out) < k {
				out = append(out, u)
			}
		}
		return out
	}
	seen := map[int]bool{skip: true}
	out := make([]int, 0, k)
	for len(out) < k {
		var u int
		if g.rng.IntN(2) == 0 {
			u = g.weighted(g.userCum)
		} else {
			u = g.rng.IntN(n)
		}
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	return out
}

// eventTime is when someone reacted to something made at from: mostly in the days
// after, some of it any time since.
func (g *gen) eventTime(from time.Time) time.Time {
	if from.After(g.now) {
		return g.now
	}
	if g.rng.IntN(100) < 55 {
		t := from.Add(time.Duration(g.rng.ExpFloat64() * float64(3*24*time.Hour))).Truncate(time.Millisecond)
		if t.Before(g.now) {
			return t
		}
	}
	return g.between(from, g.now)
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func (g *gen) note(to, actor int, kind, content string, l *list, commentID, key string, at time.Time) {
	g.stats.Notifications++
	g.wb.Notifications = append(g.wb.Notifications, model.Notification{
		ID: g.id(), UserID: g.users[to].id, Type: kind, ActorID: g.users[actor].id, CreatedByName: g.users[actor].name,
		Content: content, IsNew: at.After(g.now.Add(-3 * 24 * time.Hour)), ListUserID: g.users[l.owner].id, ListID: l.id,
		CommentID: commentID, DedupeKey: key, CreatedAt: at,
	})
}

func (g *gen) makeUpvotes(w *writer) error {
	g.wb = &w.b
	weights := make([]float64, len(g.publicLists))
	for i, li := range g.publicLists {
		weights[i] = g.lists[li].weight
	}
	counts := g.allocate(g.opt.Upvotes, weights, func(int) int { return len(g.users) - 1 })
	for i, li := range g.publicLists {
		l := &g.lists[li]
		for _, v := range g.voters(counts[i], l.owner) {
			at := g.eventTime(later(l.created, g.users[v].created))
			w.b.Upvotes = append(w.b.Upvotes, store.DemoUpvote{ListUserID: g.users[l.owner].id, ListID: l.id,
				UserID: g.users[v].id, CreatedAt: at})
			g.stats.Upvotes++
			if at.After(g.notifyAt) {
				g.note(l.owner, v, notify.ListLike, l.name, l, "",
					notify.ListLike+":"+g.users[v].id+":"+g.users[l.owner].id+"/"+l.id, at)
			}
		}
		if err := w.maybeFlush(); err != nil {
			return err
		}
	}
	return nil
}

func (g *gen) makeFavorites(w *writer) error {
	seen := map[[2]int]bool{}
	maxFav := len(g.users) * len(g.publicLists) / 2
	for n := 0; n < min(g.opt.Favorites, maxFav); {
		u := g.weighted(g.userCum)
		li := g.publicLists[g.weighted(g.listCum)]
		l := &g.lists[li]
		if l.owner == u || seen[[2]int{u, li}] {
			continue
		}
		seen[[2]int{u, li}] = true
		w.b.Favorites = append(w.b.Favorites, store.DemoFavorite{UserID: g.users[u].id, ListUserID: g.users[l.owner].id,
			ListID: l.id, FavoritedAt: g.eventTime(later(l.created, g.users[u].created))})
		g.stats.Favorites++
		n++
		if err := w.maybeFlush(); err != nil {
			return err
		}
	}
	return nil
}

// Feed readers the benchmark measures: demo1 follows FewFollows fans, demo2 follows
// up to model.MaxFollows (everyone else, when fewer).
const FewFollows = 5

// makeFollows makes demo1 follow the FewFollows fans with the most public lists (so both
// readers' feeds fill whole pages) and demo2 as many as an account may, the most prolific
// first; the others follow nobody.
func (g *gen) makeFollows(w *writer) error {
	lists := make([]int, len(g.users))
	for _, li := range g.publicLists {
		lists[g.lists[li].owner]++
	}
	for reader, n := range []int{FewFollows, model.MaxFollows} {
		if reader >= len(g.users) {
			break
		}
		others := make([]int, 0, len(g.users)-1)
		for u := range g.users {
			if u != reader {
				others = append(others, u)
			}
		}
		slices.SortStableFunc(others, func(a, b int) int { return lists[b] - lists[a] })
		for _, followed := range others[:min(n, len(others))] {
			w.b.Follows = append(w.b.Follows, store.DemoFollow{FollowerID: g.users[reader].id, FollowedID: g.users[followed].id,
				CreatedAt: later(g.users[reader].created, g.users[followed].created)})
			g.stats.Follows++
			if err := w.maybeFlush(); err != nil {
				return err
			}
		}
	}
	return nil
}

func (g *gen) commentText(l *list, reply bool) string {
	it := l.items
	first, second, third := it[0], it[min(1, len(it)-1)], it[g.rng.IntN(len(it))]
	if reply {
		return fill(g.pick(replyTexts), third)
	}
	return fill(g.pick(commentTexts), first, second, third)
}

func (g *gen) makeComments(w *writer) error {
	g.wb = &w.b
	weights := make([]float64, len(g.publicLists))
	for i, li := range g.publicLists {
		weights[i] = math.Pow(g.lists[li].weight, 0.8)
	}
	counts := g.allocate(g.opt.Comments, weights, func(int) int { return 1 << 30 })
	var all []store.DemoComment // kept until their votes are drawn
	var listOf []*list
	for i, li := range g.publicLists {
		l := &g.lists[li]
		if counts[i] == 0 {
			continue
		}
		times := make([]time.Time, counts[i])
		for j := range times {
			times[j] = g.eventTime(l.created)
		}
		slices.SortFunc(times, func(a, b time.Time) int { return a.Compare(b) })
		var thread []store.DemoComment
		var authors []int
		for j, at := range times {
			a := g.weighted(g.userCum)
			c := store.DemoComment{ID: g.id(), ListUserID: g.users[l.owner].id, ListID: l.id, UserID: g.users[a].id, CreatedAt: at}
			var parent = -1
			if j > 0 && g.rng.IntN(100) < 35 {
				parent = g.rng.IntN(j)
				if thread[parent].ParentID != "" { // threads are one level deep
					for p := range thread {
						if thread[p].ID == thread[parent].ParentID {
							parent = p
							break
						}
					}
				}
				c.ParentID = thread[parent].ID
				g.stats.Replies++
			}
			c.Text = g.commentText(l, parent >= 0)
			if at.After(g.notifyAt) {
				told := map[int]bool{a: true}
				if parent >= 0 && !told[authors[parent]] {
					told[authors[parent]] = true
					g.note(authors[parent], a, notify.CommentReply, c.Text, l, c.ID, notify.CommentReply+":"+c.ID, at)
				}
				if !told[l.owner] {
					g.note(l.owner, a, notify.Comment, c.Text, l, c.ID, notify.Comment+":"+c.ID, at)
				}
			}
			thread = append(thread, c)
			authors = append(authors, a)
		}
		g.stats.Comments += len(thread)
		all = append(all, thread...)
		for range thread {
			listOf = append(listOf, l)
		}
	}
	// Votes on comments: the early and the witty get more.
	cw := make([]float64, len(all))
	for i := range cw {
		cw[i] = math.Exp(1.2 * g.rng.NormFloat64())
	}
	authorOf := map[string]int{}
	for i, u := range g.users {
		authorOf[u.id] = i
	}
	vcounts := g.allocate(g.opt.CommentVotes, cw, func(int) int { return len(g.users) - 1 })
	var votes []store.DemoCommentVote
	for i := range all {
		c := &all[i]
		author := authorOf[c.UserID]
		for _, v := range g.voters(vcounts[i], author) {
			value := 1
			if g.rng.IntN(100) < 15 {
				value = -1
				c.Downvotes++
			} else {
				c.Upvotes++
				if at := g.eventTime(c.CreatedAt); at.After(g.notifyAt) {
					g.note(author, v, notify.CommentLike, listOf[i].name, listOf[i], c.ID,
						notify.CommentLike+":"+g.users[v].id+":"+c.ID, at)
				}
			}
			votes = append(votes, store.DemoCommentVote{CommentID: c.ID, UserID: g.users[v].id, Value: value})
			g.stats.CommentVotes++
		}
	}
	// Comments go in thread order (parents first), then the votes, then the notes.
	notes := w.b.Notifications
	w.b.Notifications = nil
	for i := range all {
		w.b.Comments = append(w.b.Comments, all[i])
		if err := w.maybeFlush(); err != nil {
			return err
		}
	}
	for i := range votes {
		w.b.CommentVotes = append(w.b.CommentVotes, votes[i])
		if err := w.maybeFlush(); err != nil {
			return err
		}
	}
	for i := range notes {
		w.b.Notifications = append(w.b.Notifications, notes[i])
		if err := w.maybeFlush(); err != nil {
			return err
		}
	}
	return nil
}

func (g *gen) makeBallots(w *writer, poll, seasonID string) error {
	s, ok := g.cat.Season(seasonID)
	if !ok || len(s.Contestants) == 0 || g.opt.Ballots == 0 {
		return nil
	}
	cast := make([]string, len(s.Contestants))
	for i, ct := range s.Contestants {
		cast[i] = ct.ID
	}
	type tally struct{ score, votes int }
	scores := map[string]*tally{}
	for _, u := range g.rng.Perm(len(g.users))[:g.opt.Ballots] {
		order := g.rankBy(cast, g.fame)
		ranking := make([]string, 10)
		filled := min(10, len(order))
		if g.rng.IntN(100) < 6 {
			filled = max(1, filled-1-g.rng.IntN(3))
		}
		for slot := 0; slot < filled; slot++ {
			ranking[slot] = order[slot]
			t := scores[order[slot]]
			if t == nil {
				t = &tally{}
				scores[order[slot]] = t
			}
			t.score += 10 - slot
			t.votes++
		}
		w.b.Ballots = append(w.b.Ballots, store.DemoBallot{PollID: poll, UserID: g.users[u].id, Ranking: ranking,
			SubmittedAt: g.between(later(g.users[u].created, g.now.AddDate(0, 0, -21)), g.now)})
		g.stats.Ballots++
		if err := w.maybeFlush(); err != nil {
			return err
		}
	}
	for _, id := range cast {
		if t := scores[id]; t != nil {
			w.b.Scores = append(w.b.Scores, store.DemoScore{PollID: poll, ContestantID: id, TotalScore: t.score, Votes: t.votes})
		}
	}
	return nil
}
