package server

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"

	"castaway/internal/api"
	"castaway/internal/consensus"
	"castaway/internal/httpcache"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/shareimage"
	"castaway/web"
)

const msgCastawayFailed = problem.MsgCastawayFailed

// castaway answers a castaway's page: what every reader sees alike is shared for a
// moment; the lists this reader chose not to see (blocks, reports) are then left out.
func (s *Server) castaway(w http.ResponseWriter, r *http.Request) {
	c, err := s.consensus.CastawayFor(r.Context(), currentUser(r), r.PathValue("contestantId"), r.URL.Query().Get("cursor"), s.sharedCastaway)
	if err != nil {
		s.fail(w, r, "castaway", err, msgCastawayFailed)
		return
	}
	withheld, err := s.withheldFor(r, c.ID)
	if err != nil {
		s.fail(w, r, "castaway", err, msgCastawayFailed)
		return
	}
	markShield(w, withheld != nil)
	writeJSON(w, http.StatusOK, withoutSeasons(apiCastaway(c), withheld))
}

// sharedCastaway is the castaway id's page with the lists after cursor, read once a
// moment for every reader.
func (s *Server) sharedCastaway(ctx context.Context, id, cursor string) (consensus.Castaway, error) {
	if !storableText(id) || !storableText(cursor) {
		return consensus.Castaway{}, consensus.ErrNoSuchCastaway
	}
	v, err := s.shared.Get("castaway\x00"+id+"\x00"+cursor, func(ctx context.Context) (any, error) {
		return s.consensus.Castaway(ctx, id, cursor)
	})
	if err != nil {
		return consensus.Castaway{}, err
	}
	return v.(consensus.Castaway), nil
}

func apiCastaway(c consensus.Castaway) api.Castaway {
	out := api.Castaway{Id: c.ID, Name: c.Name, ImageUrl: c.ImageURL, AllTime: apiPlace(c.AllTime), ListCount: c.ListCount,
		Seasons: make([]api.CastawaySeason, len(c.Seasons)), Lists: make([]api.CastawayList, len(c.Lists)), NextCursor: orNil(c.NextCursor)}
	for i, cs := range c.Seasons {
		out.Seasons[i] = api.CastawaySeason{Id: cs.Season.ID, Franchise: api.Franchise(cs.Season.Franchise), Number: cs.Season.Number, Name: cs.Season.Name,
			LogoUrl: cs.Season.LogoURL, ImageUrl: cs.Contestant.ImageURL, Community: apiPlace(cs.Community)}
	}
	summaries := make([]model.ListSummary, len(c.Lists))
	for i, l := range c.Lists {
		summaries[i] = l.ListSummary
	}
	for i, l := range apiSummaries(summaries) {
		out.Lists[i] = api.CastawayList{Position: c.Lists[i].Position, List: l}
	}
	return out
}

func apiPlace(p consensus.Place) api.CastawayPlace {
	out := api.CastawayPlace{Ranked: p.Ranked}
	if p.Place > 0 {
		score := float32(p.Score)
		out.Place, out.Score, out.ListCount = &p.Place, &score, &p.ListCount
	}
	return out
}

// castawayPage serves the app for /castaways/{contestantId} with the castaway's title,
// description and Open Graph tags; an id the catalog lacks answers 404 with the app,
// which shows the API's message.
func (s *Server) castawayPage(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("contestantId")
	pageURL := strings.TrimRight(s.cfg.BaseURL, "/") + "/castaways/" + url.PathEscape(id)
	// A signed-in fan behind on one of their seasons gets a page that names none after it
	// (a return tells how far they went), kept under the seasons it leaves out.
	r, err := s.withPageReader(r)
	var withheld map[string]bool
	if err == nil {
		withheld, err = s.withheldFor(r, id)
	}
	key := withheldKey(withheld)
	// The page is the same for every reader for a moment, and kept built, gzipped, under
	// what it shows (s.pages): made once per change to it, with an ETag, so a reader
	// whose copy still holds gets a 304.
	var v any
	if err == nil {
		v, err = s.shared.Get("castaway-page\x00"+id+key, func(ctx context.Context) (any, error) {
			// Its head needs who they are and their places, not the lists that rank them.
			if !storableText(id) {
				return nil, consensus.ErrNoSuchCastaway
			}
			c, err := s.consensus.CastawayHead(ctx, id)
			if err != nil {
				return nil, err
			}
			shown := withoutSeasons(apiCastaway(c), withheld)
			card := ""
			if withheld == nil {
				card = s.castawayCardURL(shown) // the card names every season
			}
			p := castawayPreview(shown, card)
			return s.pages.Get("castaway\x00"+id+key, p.version(), func() *httpcache.Precompressed {
				// The castaway is what the page paints first: asked for beside the app's script.
				page := s.pageHTML(web.CastawayPage, p, pageURL, fmt.Sprintf("\n    <link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/contestants/%s\" />",
					html.EscapeString(url.PathEscape(id))))
				if withheld != nil {
					// One fan's page: no shared cache may keep it for another.
					return httpcache.NewPrecompressed(page.Body(), htmlType, "private, no-cache")
				}
				return page
			}), nil
		})
	}
	if err == nil {
		v.(*httpcache.Precompressed).ServeHTTP(w, r)
		return
	}
	status := pageStatus(err)
	if status == http.StatusOK {
		s.log.ErrorContext(r.Context(), "castaway page", "err", err)
	}
	s.pageHTML(web.CastawayPage, genericPreview, pageURL, "").ServeStatus(w, r, status)
}

// castawayPreview is a castaway's page head: their seasons and where the community ranks
// them, and their card as its picture.
func castawayPreview(c api.Castaway, card string) preview {
	seasons := make([]string, len(c.Seasons))
	for i, cs := range c.Seasons {
		seasons[i] = cs.Name
	}
	d := problem.Format(problem.MsgCastawayPlayed, map[string]string{"name": c.Name, "seasons": strings.Join(seasons, ", ")})
	if c.AllTime.Place != nil {
		d += " " + problem.Format(problem.MsgCastawayAllTime, map[string]string{"place": grouped(*c.AllTime.Place), "lists": publicLists(c.ListCount)})
	}
	return preview{title: problem.Format(problem.MsgCastawayTitle, map[string]string{"name": c.Name}), description: d,
		image: card, width: shareimage.CardWidth, height: shareimage.CardHeight,
		boot: bootHTML(c.Name, strings.Join(seasons, " · "), true)}
}
