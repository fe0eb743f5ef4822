package server

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"castaway/internal/api"
	"castaway/internal/model"
	"castaway/internal/shareimage"
	"castaway/internal/store"
	"castaway/internal/store/storetest"
)

// tierBody is a tier list's body: label:color=id,id per tier ("S:red=a,b").
func tierBody(name string, tiers ...string) map[string]any {
	var ts []map[string]any
	for _, t := range tiers {
		head, ids, _ := strings.Cut(t, "=")
		label, color, _ := strings.Cut(head, ":")
		items := []map[string]any{}
		for _, id := range strings.Split(ids, ",") {
			if id != "" {
				items = append(items, map[string]any{"id": id, "isSeason": strings.HasPrefix(id, "s") && len(id) <= 3})
			}
		}
		ts = append(ts, map[string]any{"label": label, "color": color, "contestants": items})
	}
	return map[string]any{"name": name, "format": "tiers", "tiers": ts}
}

// tierIDs is a read tier list's tiers as label:color=id,id.
func tierIDs(tiers *[]api.Tier) []string {
	if tiers == nil {
		return nil
	}
	var out []string
	for _, t := range *tiers {
		var ids []string
		for _, it := range t.Contestants {
			ids = append(ids, it.Id)
		}
		out = append(out, t.Label+":"+string(t.Color)+"="+strings.Join(ids, ","))
	}
	return out
}

// A tier list over HTTP: saved, read, edited, shown on cards and under browse's format
// filter, counted in the season's community ranking at its tiers' middles, exported,
// drafted, and drawn as a tier chart; on both engines.
func TestTierListsOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		c, u := e.signedIn(t, "Tierer")
		body := tierBody("  Borneo tiers ", "S:red=rudy-boesch,jenna-lewis", "A:orange=dirk-been,richard-hatch,kelly-wiglesworth",
			"B:yellow=sean-kenniff", "F:gray=")
		var l api.RankedList
		if st := callStatus(t, c, "POST", e.URL+"/api/lists", body, &l); st != http.StatusCreated {
			t.Fatalf("create: %d", st)
		}
		want := []string{"S:red=rudy-boesch,jenna-lewis", "A:orange=dirk-been,richard-hatch,kelly-wiglesworth", "B:yellow=sean-kenniff", "F:gray="}
		if l.Format != api.ListFormatTiers || strings.Join(tierIDs(l.Tiers), " ") != strings.Join(want, " ") ||
			len(l.Contestants) != 0 || l.Name != "Borneo tiers" {
			t.Fatalf("created %s %v %d", l.Format, tierIDs(l.Tiers), len(l.Contestants))
		}
		listURL := e.URL + "/api/lists/" + u.ID + "/" + l.Id
		var read api.RankedList
		if st := callStatus(t, nil, "GET", listURL, nil, &read); st != 200 || strings.Join(tierIDs(read.Tiers), " ") != strings.Join(want, " ") {
			t.Fatalf("read: %d %v", st, tierIDs(read.Tiers))
		}

		// Tiers of 2, 3 and 1 (and an empty F) score at 1.5, 4 and 6 of 6, prior 2:
		// 100 · (5.5/6) / 3, 100 · (3/6) / 3, 100 · (1/6) / 3.
		var cons api.Consensus
		callStatus(t, nil, "GET", e.URL+"/api/seasons/s1/consensus", nil, &cons)
		scores := map[string]float32{}
		for _, r := range cons.Ranking {
			scores[r.Id] = r.Score
		}
		if cons.ListCount != 1 || scores["rudy-boesch"] != 30.6 || scores["jenna-lewis"] != 30.6 || scores["richard-hatch"] != 16.7 ||
			scores["sean-kenniff"] != 5.6 || len(scores) != 6 {
			t.Errorf("consensus %d %v", cons.ListCount, scores)
		}

		// A ranked list beside it, for the format filter.
		var ranked api.RankedList
		if st := callStatus(t, c, "POST", e.URL+"/api/lists", newListBody("Ranked", "tom-westman"), &ranked); st != 201 || ranked.Format != api.ListFormatRanked || ranked.Tiers != nil {
			t.Fatalf("ranked: %d %+v", st, ranked)
		}
		for format, name := range map[string]string{"tiers": "Borneo tiers", "ranked": "Ranked"} {
			var page api.ListPage
			if st := callStatus(t, nil, "GET", e.URL+"/api/lists?format="+format, nil, &page); st != 200 || len(page.Lists) != 1 || page.Lists[0].Name != name || page.Total != 1 {
				t.Errorf("format=%s: %d %+v", format, st, page)
			}
		}
		var bad apiErr
		if st := callStatus(t, nil, "GET", e.URL+"/api/lists?format=grid", nil, &bad); st != 400 || bad.Error.Message != "Unknown list format." {
			t.Errorf("format=grid: %d %+v", st, bad)
		}
		var mine api.UserLists
		callStatus(t, nil, "GET", e.URL+"/api/users/"+u.ID+"/lists", nil, &mine)
		for _, card := range mine.Lists {
			if card.Format == api.ListFormatTiers && (card.TopTier == nil || card.TopTier.Label != "S" || card.TopTier.Color != "red" ||
				len(card.TopItems) != 2 || card.TopItems[1].Id != "jenna-lewis" || card.ContestantCount != 6) {
				t.Errorf("tier card %+v %+v", card.TopTier, card.TopItems)
			}
			if card.Format == api.ListFormatRanked && (card.TopTier != nil || len(card.TopItems) != 1) {
				t.Errorf("ranked card %+v", card)
			}
		}

		// An edit moves entries between tiers; the share image is the tier chart.
		nextMilli()
		edit := tierBody("Borneo tiers", "S:purple=sean-kenniff", "A:teal=rudy-boesch")
		if st := callStatus(t, c, "PUT", listURL, edit, &read); st != 200 || strings.Join(tierIDs(read.Tiers), " ") != "S:purple=sean-kenniff A:teal=rudy-boesch" {
			t.Fatalf("edit: %d %v", st, tierIDs(read.Tiers))
		}
		res, img := getWith(t, nil, listURL+"/share.png", nil)
		if res.StatusCode != 200 {
			t.Fatalf("share.png: %d", res.StatusCode)
		}
		stored, err := st.List(context.Background(), u.ID, l.Id)
		if err != nil {
			t.Fatal(err)
		}
		site, _ := url.Parse(e.cfg.BaseURL)
		drawn := e.srv.share.list(stored, site.Host)
		if len(drawn.Tiers) != 2 || drawn.Tiers[0].Color != "purple" || len(drawn.Tiers[0].Items) != 1 || len(drawn.Items) != 0 {
			t.Errorf("the image draws %+v", drawn)
		}
		got, err := png.Decode(bytes.NewReader(img))
		if err != nil {
			t.Fatal(err)
		}
		lay := e.srv.share.renderer.Layout(drawn)
		p := lay.Tiers[0].LabelRect.Min.Add(image.Pt(8, 8)) // inside the top label's cell, clear of its text
		purple := shareimage.TierColors["purple"]
		if r, g, b, _ := got.At(p.X, p.Y).RGBA(); got.Bounds() != image.Rect(0, 0, shareimage.Width, shareimage.Height) ||
			uint8(r>>8) != purple.R || uint8(g>>8) != purple.G || uint8(b>>8) != purple.B {
			t.Errorf("share.png at the top label %v: %d %d %d, want the tier chart's purple %v", p, r>>8, g>>8, b>>8, purple)
		}

		// Search finds it by an entry's name; a remix of it is a tier list too, counted.
		var found api.ListPage
		if st := callStatus(t, nil, "GET", e.URL+"/api/lists?q=kenniff&format=tiers", nil, &found); st != 200 || len(found.Lists) != 1 || found.Lists[0].Id != l.Id {
			t.Errorf("search: %d %+v", st, found)
		}
		fan, _ := e.signedIn(t, "Remixer")
		remix := tierBody("Remix of Borneo tiers", "S:green=rudy-boesch,sean-kenniff")
		remix["remixOf"] = map[string]string{"userId": u.ID, "listId": l.Id}
		var rl api.RankedList
		if st := callStatus(t, fan, "POST", e.URL+"/api/lists", remix, &rl); st != 201 || rl.Format != api.ListFormatTiers || rl.RemixOf == nil {
			t.Fatalf("remix: %d %+v", st, rl)
		}
		if callStatus(t, nil, "GET", listURL, nil, &read); read.RemixCount != 1 {
			t.Errorf("the original counts %d remixes", read.RemixCount)
		}

		// The export carries the tiers with their entries, once: a tier list's items are
		// empty, a ranked list's hold its entries.
		var export struct {
			Lists []struct {
				Format string
				Items  []struct{ ID string }
				Tiers  []struct {
					Label string
					Items []struct{ ID string }
				}
			}
		}
		if st := callStatus(t, c, "GET", e.URL+"/api/me/export", nil, &export); st != 200 {
			t.Fatalf("export: %d", st)
		}
		if len(export.Lists) != 2 || export.Lists[0].Format != "tiers" || len(export.Lists[0].Tiers) != 2 ||
			export.Lists[0].Tiers[1].Items[0].ID != "rudy-boesch" || export.Lists[0].Items == nil || len(export.Lists[0].Items) != 0 ||
			export.Lists[1].Format != "ranked" || export.Lists[1].Tiers != nil || len(export.Lists[1].Items) != 1 || export.Lists[1].Items[0].ID != "tom-westman" {
			t.Errorf("export %+v", export.Lists)
		}

		// A tier draft keeps its tiers (a label being retyped may be empty) and its pool.
		draft := tierBody("wip", ":red=rudy-boesch", "A:blue=")
		draft["pool"] = []map[string]any{{"id": "tom-westman", "isSeason": false}}
		var d api.Draft
		if st := callStatus(t, c, "PUT", e.URL+"/api/me/draft", draft, &d); st != 200 {
			t.Fatalf("draft: %d", st)
		}
		callStatus(t, c, "GET", e.URL+"/api/me/draft", nil, &d)
		if d.Format != api.ListFormatTiers || strings.Join(tierIDs(d.Tiers), " ") != ":red=rudy-boesch A:blue=" ||
			d.Pool == nil || len(*d.Pool) != 1 || (*d.Pool)[0].Name != "Tom Westman" || len(d.Contestants) != 0 {
			t.Errorf("draft %+v %v", d, tierIDs(d.Tiers))
		}
	})
}

// A tier list reads with its entries once, in its tiers (contestants empty), on create,
// read and edit alike; a ranked list of the same entries reads as it always has: all of
// them in contestants and no tiers key. Both engines.
func TestTierListReadsEntriesOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		c, u := e.signedIn(t, "Reader")
		body := tierBody("Tiers", "S:red=rudy-boesch,jenna-lewis", "A:orange=", "B:yellow=richard-hatch")
		body["tiers"].([]map[string]any)[0]["contestants"].([]map[string]any)[1]["note"] = "won me over"
		ranked := newListBody("Ranked", "rudy-boesch", "jenna-lewis", "richard-hatch")

		var made, madeRanked api.RankedList
		if st := callStatus(t, c, "POST", e.URL+"/api/lists", body, &made); st != 201 {
			t.Fatalf("create tiers: %d", st)
		}
		if st := callStatus(t, c, "POST", e.URL+"/api/lists", ranked, &madeRanked); st != 201 {
			t.Fatalf("create ranked: %d", st)
		}
		tierURL := e.URL + "/api/lists/" + u.ID + "/" + made.Id
		rankedURL := e.URL + "/api/lists/" + u.ID + "/" + madeRanked.Id

		checkTiers := func(how string, raw []byte) {
			t.Helper()
			var l api.RankedList
			if err := json.Unmarshal(raw, &l); err != nil {
				t.Fatalf("%s: %v", how, err)
			}
			if !bytes.Contains(raw, []byte(`"contestants":[]`)) || l.Contestants == nil || len(l.Contestants) != 0 {
				t.Errorf("%s: a tier list's contestants %s, want present and empty", how, raw)
			}
			if got := strings.Join(tierIDs(l.Tiers), " "); got != "S:red=rudy-boesch,jenna-lewis A:orange= B:yellow=richard-hatch" {
				t.Errorf("%s: tiers %s", how, got)
			}
			if l.Tiers == nil || len(*l.Tiers) != 3 {
				return
			}
			jenna, hatch := (*l.Tiers)[0].Contestants[1], (*l.Tiers)[2].Contestants[0]
			if jenna.Name != "Jenna Lewis" || jenna.Note == nil || *jenna.Note != "won me over" || jenna.SeasonId != "s1" ||
				jenna.SeasonName == "" || jenna.ImageUrl == "" || hatch.Note != nil || (*l.Tiers)[1].Contestants == nil {
				t.Errorf("%s: entries %+v %+v", how, jenna, hatch)
			}
		}
		checkRanked := func(how string, raw []byte) {
			t.Helper()
			var l api.RankedList
			if err := json.Unmarshal(raw, &l); err != nil {
				t.Fatalf("%s: %v", how, err)
			}
			var ids []string
			for _, it := range l.Contestants {
				ids = append(ids, it.Id)
			}
			if l.Format != api.ListFormatRanked || strings.Join(ids, ",") != "rudy-boesch,jenna-lewis,richard-hatch" ||
				l.Contestants[1].Name != "Jenna Lewis" || bytes.Contains(raw, []byte(`"tiers"`)) {
				t.Errorf("%s: a ranked list reads %s", how, raw)
			}
		}

		raw, _ := json.Marshal(made)
		checkTiers("create", raw)
		raw, _ = json.Marshal(madeRanked)
		checkRanked("create", raw)
		for _, viewer := range []*http.Client{nil, c} {
			if res, raw := getWith(t, viewer, tierURL, nil); res.StatusCode != 200 {
				t.Fatalf("read tiers: %d", res.StatusCode)
			} else {
				checkTiers("read", raw)
			}
			if res, raw := getWith(t, viewer, rankedURL, nil); res.StatusCode != 200 {
				t.Fatalf("read ranked: %d", res.StatusCode)
			} else {
				checkRanked("read", raw)
			}
		}
		nextMilli()
		var edited api.RankedList
		if st := callStatus(t, c, "PUT", tierURL, body, &edited); st != 200 {
			t.Fatalf("edit: %d", st)
		}
		raw, _ = json.Marshal(edited)
		checkTiers("edit", raw)
	})
}

// Bad tier lists answer 400 with the sentence the app shows, and store nothing.
func TestTierListValidationOverHTTP(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		e := newEnvOn(t, st)
		c, u := e.signedIn(t, "Maker")
		eleven := make([]string, 11)
		for i := range eleven {
			eleven[i] = "T:red="
		}
		eleven[0] = "T:red=tom-westman"
		cases := []struct {
			name string
			body map[string]any
			msg  string
		}{
			{"eleven tiers", tierBody("x", eleven...), "A tier list needs 1 to 10 tiers."},
			{"empty label", tierBody("x", " :red=tom-westman"), "Every tier needs a label."},
			{"21 character label", tierBody("x", strings.Repeat("a", 21)+":red=tom-westman"), "A tier's label must be 20 characters or fewer."},
			{"unknown color", tierBody("x", "S:magenta=tom-westman"), "Choose each tier's color from the palette."},
			{"entry twice across tiers", tierBody("x", "S:red=tom-westman", "A:blue=rudy-boesch,tom-westman"), "Tom Westman is already in your list."},
			{"mixed kinds", tierBody("x", "S:red=tom-westman", "A:blue=s20"), "Cannot mix seasons and contestants."},
			{"no entries", tierBody("x", "S:red=", "A:blue="), "Place at least one contestant or season in a tier."},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				var got apiErr
				if st := callStatus(t, c, "POST", e.URL+"/api/lists", tc.body, &got); st != 400 || got.Error.Message != tc.msg {
					t.Errorf("%d %+v, want 400 %q", st, got, tc.msg)
				}
			})
		}
		stored, err := st.UserLists(context.Background(), u.ID, u.ID)
		if err != nil || len(stored) != 0 {
			t.Errorf("stored %d lists (%v), want none", len(stored), err)
		}
		// An edit with bad tiers leaves the list as it was.
		var l api.RankedList
		callStatus(t, c, "POST", e.URL+"/api/lists", tierBody("Good", "S:red=tom-westman"), &l)
		var got apiErr
		if st := callStatus(t, c, "PUT", e.URL+"/api/lists/"+u.ID+"/"+l.Id, tierBody("Bad", "S:red=tom-westman", "A:red=tom-westman"), &got); st != 400 {
			t.Errorf("bad edit: %d", st)
		}
		kept, err := st.List(context.Background(), u.ID, l.Id)
		if err != nil || kept.Name != "Good" || kept.Format != model.FormatTiers || len(kept.Tiers) != 1 {
			t.Errorf("after a bad edit: %+v %v", kept, err)
		}
	})
}
