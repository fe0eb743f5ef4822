package demo

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"castaway/internal/catalog"
	"castaway/internal/global"
	"castaway/internal/model"
)

// ExportOptions size a generated export of the earlier product.
type ExportOptions struct {
	Users, Lists int
	Seed         uint64
	Now          time.Time
}

// earlierIDs are contestant ids of the earlier product that the catalog translates.
var earlierIDs = []string{"ryan-akien", "lauren-o'connell", "reem-daley"}

// WriteFirestoreExport writes an export in the earlier product's Firestore shape, for
// measuring castaway import-firestore (internal/importer): users (some without email or idolsFound, some names clashing by case),
// lists with items, tags, upvotes (a few from missing users) and the awkward cases of
// the sample (earlier ids, repeats, mixed kinds, no isPublic), drafts, favorites
// (a few of deleted lists), comments with replies and votes, notifications, ballots
// (a tenth in the malformed form), the aggregate they add up to, and the legacy record.
// It streams, so the export may be larger than memory would like.
func WriteFirestoreExport(w io.Writer, cat *catalog.Catalog, opt ExportOptions) error {
	if opt.Users < 1 || opt.Lists < 0 {
		return fmt.Errorf("generate: at least one user and no negative counts")
	}
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	g := &exportWriter{w: bufio.NewWriterSize(w, 1<<20), cat: cat, opt: opt, r: rand.New(rand.NewPCG(opt.Seed, 0x1cebe7))}
	for _, s := range cat.Seasons() {
		if len(s.Contestants) > 0 {
			g.seasons = append(g.seasons, s)
		}
	}
	g.run()
	if g.err != nil {
		return g.err
	}
	return g.w.Flush()
}

type exportWriter struct {
	w       *bufio.Writer
	err     error
	cat     *catalog.Catalog
	opt     ExportOptions
	r       *rand.Rand
	seasons []catalog.Season
	ballots [][]string
}

func (g *exportWriter) raw(s string) {
	if g.err == nil {
		_, g.err = g.w.WriteString(s)
	}
}

func (g *exportWriter) value(v any) {
	if g.err != nil {
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		g.err = err
		return
	}
	_, g.err = g.w.Write(b)
}

// doc writes `"id": value` inside a collection, with a comma before all but the first.
func (g *exportWriter) doc(first bool, id string, v any) {
	if !first {
		g.raw(",")
	}
	g.value(id)
	g.raw(":")
	g.value(v)
}

func (g *exportWriter) uid(i int) string { return fmt.Sprintf("fsUser%06d", i) }
func (g *exportWriter) listID(j int) string {
	return fmt.Sprintf("list_%d", 1700000000000+int64(j)*1000)
}
func (g *exportWriter) ownerOf(j int) int { return j % g.opt.Users }
func (g *exportWriter) stamp(t time.Time) any {
	return map[string]int64{"_seconds": t.Unix(), "_nanoseconds": 0}
}
func (g *exportWriter) ago(days int) time.Time {
	return g.opt.Now.Add(-time.Duration(g.r.IntN(days*24*3600)) * time.Second).UTC()
}

func (g *exportWriter) run() {
	g.raw(`{"users":{`)
	for i := range g.opt.Users {
		u := map[string]any{"displayName": fmt.Sprintf("Fan %d", i), "createdAt": g.stamp(g.ago(900))}
		if i%500 == 7 { // a name differing from another only by case
			u["displayName"] = fmt.Sprintf("fan %d", i-1)
		}
		if i%50 != 3 {
			u["email"] = fmt.Sprintf("fan%d@example.com", i)
		}
		if i%3 != 0 {
			u["idolsFound"] = g.r.IntN(5)
		}
		var favs []map[string]any
		for range 3 {
			j := g.r.IntN(max(g.opt.Lists, 1))
			owner, id := g.uid(g.ownerOf(j)), g.listID(j)
			if g.opt.Lists == 0 || g.r.IntN(40) == 0 {
				owner, id = "fsGone", "list_1600000000000"
			}
			favs = append(favs, map[string]any{"userId": owner, "listId": id, "name": "a list", "favoritedAt": g.ago(300).Format(time.RFC3339Nano)})
		}
		u["favorites"] = favs
		g.doc(i == 0, g.uid(i), u)
	}
	g.raw(`},"userLists":{`)
	perUser := make([][]int, g.opt.Users)
	for j := range g.opt.Lists {
		perUser[g.ownerOf(j)] = append(perUser[g.ownerOf(j)], j)
	}
	first := true
	for i, js := range perUser {
		if len(js) == 0 {
			continue
		}
		lists := make([]map[string]any, len(js))
		for k, j := range js {
			lists[k] = g.list(j)
		}
		doc := map[string]any{"displayName": fmt.Sprintf("Fan %d", i), "lists": lists}
		if i%10 == 0 {
			doc["draft"] = map[string]any{"name": "draft", "description": "", "tags": []string{}, "contestants": g.items(false, 3),
				"updatedAt": g.ago(30).Format(time.RFC3339Nano)}
		}
		g.doc(first, g.uid(i), doc)
		first = false
	}
	g.raw(`},"comments":{`)
	comments := g.opt.Lists / 2
	for c := range comments {
		owner, list := g.commentTarget(c)
		doc := map[string]any{"listUserId": owner, "listId": list, "userId": g.uid(g.r.IntN(g.opt.Users)),
			"userName": "Fan", "text": fmt.Sprintf("Comment %d: great ranking", c), "createdAt": g.stamp(g.ago(200)),
			"upvotes": []string{g.uid(g.r.IntN(g.opt.Users))}, "downvotes": []string{}, "parentId": nil, "isReply": false}
		if c%4 == 3 { // a reply to the comment before, on the same list
			prev := c - 1
			doc["parentId"], doc["isReply"] = fmt.Sprintf("fsC%07d", prev), true
			doc["listUserId"], doc["listId"] = g.commentTarget(prev)
		}
		g.doc(c == 0, fmt.Sprintf("fsC%07d", c), doc)
	}
	g.raw(`},"notifications":{`)
	for n := range g.opt.Users {
		j := g.r.IntN(max(g.opt.Lists, 1))
		g.doc(n == 0, fmt.Sprintf("fsN%07d", n), map[string]any{"userId": g.uid(g.ownerOf(j)), "type": "list_like",
			"createdBy": g.uid(g.r.IntN(g.opt.Users)), "createdByName": "Fan", "listId": g.listID(j), "isNew": n%2 == 0,
			"createdAt": g.stamp(g.ago(60))})
	}
	g.raw(`},"userGlobalRankings":{`)
	voters := g.opt.Users / 3
	s48, _ := g.cat.Season("s48")
	for v := range voters {
		g.doc(v == 0, g.uid(v), map[string]any{"season-48": g.ballot(s48, v%10 == 0)})
	}
	g.raw(`},"globalRankingsData":{"season-48":`)
	var top []map[string]any
	for _, sc := range model.Tally(g.ballots, global.NameOf(g.cat)) {
		if len(top) == global.TopN {
			break
		}
		top = append(top, map[string]any{"id": sc.ContestantID, "name": sc.Name, "totalScore": sc.TotalScore})
	}
	g.value(map[string]any{"top10": top, "totalVotes": len(g.ballots)})
	g.raw(`},"rankings":{"current":`)
	g.value(map[string]any{"maddysList": g.items(true, 3), "andrewsList": []any{}, "kendallsList": g.items(false, 5),
		"lastUpdated": g.ago(100).Format(time.RFC3339Nano)})
	g.raw("}}\n")
}

// commentTarget is the list comment c is on, from its index alone, so a reply finds
// its parent's list without the generator keeping comments in memory.
func (g *exportWriter) commentTarget(c int) (string, string) {
	j := c * 7919 % max(g.opt.Lists, 1)
	return g.uid(g.ownerOf(j)), g.listID(j)
}

func (g *exportWriter) list(j int) map[string]any {
	isSeason := j%5 == 0
	items := g.items(isSeason, 3+g.r.IntN(10))
	switch j % 97 {
	case 11: // an earlier id
		if !isSeason {
			items = append(items, map[string]any{"id": earlierIDs[j%len(earlierIDs)], "name": "Earlier id", "isSeason": false})
		}
	case 13: // a repeated item
		items = append(items, items[0])
	case 17: // both kinds, from an old bug
		items = append(items, g.items(!isSeason, 1)...)
	}
	tags := []string{[]string{"favorites", "social", "strategic", "challenge", "spoiler"}[j%5]}
	if isSeason {
		tags = append(tags, "season-ranking")
	} else {
		tags = append(tags, "survivor-ranking")
	}
	created := g.ago(700)
	var upvotes []string
	for range g.r.IntN(8) {
		upvotes = append(upvotes, g.uid(g.r.IntN(g.opt.Users)))
	}
	if j%50 == 0 {
		upvotes = append(upvotes, "fsNoSuchUser")
	}
	l := map[string]any{"id": g.listID(j), "name": fmt.Sprintf("Ranking %d", j), "description": "Generated for the import benchmark",
		"tags": tags, "contestants": items, "createdAt": created.Format(time.RFC3339Nano),
		"updatedAt": created.Add(time.Hour).Format(time.RFC3339Nano), "upvotes": upvotes, "userName": "Fan"}
	if j%7 != 0 {
		l["isPublic"] = j%13 != 0
	}
	return l
}

func (g *exportWriter) items(seasons bool, n int) []map[string]any {
	out := make([]map[string]any, 0, n)
	seen := map[string]bool{}
	for range n {
		s := g.seasons[g.r.IntN(len(g.seasons))]
		it := map[string]any{"id": s.ID, "name": s.Name, "isSeason": true, "imageUrl": ""}
		if !seasons {
			ct := s.Contestants[g.r.IntN(len(s.Contestants))]
			it = map[string]any{"id": ct.ID, "name": ct.Name, "isSeason": false, "seasonId": s.ID, "seasonName": s.Name,
				"imageUrl": "https://storage.example.invalid/" + ct.ID + ".png"}
		}
		if !seen[it["id"].(string)] {
			seen[it["id"].(string)] = true
			out = append(out, it)
		}
	}
	return out
}

// ballot is a random top 10 of season s with a few empty slots, or the malformed
// {contestants: [...]} form; the generator keeps the ids for the aggregate.
func (g *exportWriter) ballot(s *catalog.Season, malformed bool) map[string]any {
	perm := g.r.Perm(len(s.Contestants))
	ids := make([]string, global.Slots)
	var slots []map[string]any
	for i := range global.Slots {
		if i >= len(perm) || g.r.IntN(6) == 0 {
			slots = append(slots, map[string]any{"isEmpty": true})
			continue
		}
		ct := s.Contestants[perm[i]]
		ids[i] = ct.ID
		slots = append(slots, map[string]any{"id": ct.ID, "name": ct.Name, "isEmpty": false})
	}
	var ranking any = slots
	if malformed {
		var contestants []map[string]any
		for i := range ids {
			ids[i] = ""
			if i < 4 && i < len(perm) {
				ct := s.Contestants[perm[i]]
				ids[i] = ct.ID
				contestants = append(contestants, map[string]any{"id": ct.ID, "name": ct.Name})
			}
		}
		ranking = map[string]any{"contestants": contestants}
	}
	g.ballots = append(g.ballots, ids)
	return map[string]any{"ranking": ranking, "submittedAt": g.ago(90).Format(time.RFC3339Nano)}
}
