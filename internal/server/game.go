package server

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"castaway/internal/game"
	"castaway/internal/game/survivor"
	"castaway/internal/httpcache"
	"castaway/internal/live"
	"castaway/internal/problem"
	"castaway/internal/watching"
	"castaway/web"
)

// gameAnswers keeps each game answer encoded and compressed once: the game is the same
// for every reader, and only ids the game has are kept (a bounded set). Answers cut by the
// spoiler shield (keys from a bounded set too: season × episode × reveal) are kept up to
// maxShieldedAnswers; past it they are made per request.
type gameAnswers struct {
	mu         sync.Mutex
	generation uint64 // the game's the answers were made from
	answers    map[string]*httpcache.Precompressed
	shielded   int // how many of answers are cut by the shield
}

// maxShieldedAnswers bounds the shielded answers kept (a season's is some 50 KB).
const maxShieldedAnswers = 512

// get is the answer kept under key while the game is still the one it was made from.
func (g *gameAnswers) get(key string, generation uint64) (*httpcache.Precompressed, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.generation != generation {
		g.generation, g.answers, g.shielded = generation, nil, 0
	}
	a, ok := g.answers[key]
	return a, ok
}

func (s *Server) serveGame(w http.ResponseWriter, r *http.Request, key string, v any) {
	s.serveGameAs(w, r, key, false, "public, no-cache", func() any { return v })
}

// serveGameAs serves the answer kept under key, made by v when there is none; shielded
// says it is cut by the spoiler shield, cacheControl how it may be kept.
func (s *Server) serveGameAs(w http.ResponseWriter, r *http.Request, key string, shielded bool, cacheControl string, v func() any) {
	g, generation := &s.gameAnswers, s.game.Generation()
	a, ok := g.get(key, generation)
	if !ok {
		body, err := json.Marshal(v())
		if err != nil {
			s.fail(w, r, "game", err, problem.MsgSomethingWrong)
			return
		}
		// Revalidated by ETag on every read (a 304 costs nothing): a boot recorded while a
		// season airs must show at once.
		a = httpcache.NewPrecompressed(body, "application/json", cacheControl)
		g.keep(key, generation, shielded, a)
	}
	markShield(w, shielded)
	a.ServeHTTP(w, r)
}

// keep keeps a, made from the game of generation, unless the game has moved on since or
// a is shielded and the shielded answers kept are at their bound.
func (g *gameAnswers) keep(key string, generation uint64, shielded bool, a *httpcache.Precompressed) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.generation != generation {
		return
	}
	if g.answers == nil {
		g.answers = map[string]*httpcache.Precompressed{}
	}
	if _, had := g.answers[key]; !had && shielded {
		if g.shielded >= maxShieldedAnswers {
			return
		}
		g.shielded++
	}
	g.answers[key] = a
}

// seasonGame answers what happened in a season.
func (s *Server) seasonGame(w http.ResponseWriter, r *http.Request) {
	season, err := s.game.Season(r.PathValue("seasonId"))
	if err != nil {
		s.fail(w, r, "season game", err, problem.MsgSomethingWrong)
		return
	}
	p, err := s.progressOf(r)
	if err != nil {
		s.fail(w, r, "season game", err, problem.MsgSomethingWrong)
		return
	}
	upTo, set := p[season.ID]
	rv := watching.ParseReveal(r.URL.Query().Get("reveal"))
	if !set || rv.All || !watching.Shielded(season, upTo) {
		s.serveGame(w, r, "season\x00"+season.ID, season)
		return
	}
	cc := shieldCacheControl(r)
	key := fmt.Sprintf("season\x00%s\x00%d\x00%s\x00%s", season.ID, upTo, rv.Key(), cc)
	s.serveGameAs(w, r, key, true, cc, func() any { return watching.CutSeason(season, upTo, rv) })
}

// castawayGame answers a castaway's game across the seasons they played.
func (s *Server) castawayGame(w http.ResponseWriter, r *http.Request) {
	p, err := s.game.Person(r.PathValue("contestantId"))
	if err != nil {
		s.fail(w, r, "castaway game", err, problem.MsgSomethingWrong)
		return
	}
	progress, err := s.progressOf(r)
	if err != nil {
		s.fail(w, r, "castaway game", err, problem.MsgSomethingWrong)
		return
	}
	s.servePersonGame(w, r, p, progress)
}

// seasonPage serves the app for /seasons/{seasonId} with the season's title, description
// and first paint, the same for everyone: built once a season, revalidated by ETag. An id
// the game lacks answers 404 with the app, which shows the API's message.
func (s *Server) seasonPage(w http.ResponseWriter, r *http.Request) {
	season, err := s.game.Season(r.PathValue("seasonId"))
	if err != nil {
		pageURL := strings.TrimRight(s.cfg.BaseURL, "/") + "/seasons/" + url.PathEscape(r.PathValue("seasonId"))
		s.pageHTML(web.SeasonPage, genericPreview, pageURL, "").ServeStatus(w, r, pageStatus(err))
		return
	}
	// A signed-in fan behind on the season gets the page without its answers asked for
	// ahead: those would be everyone's, the season's end in them (the app asks for the
	// fan's own, cut at their episode).
	key, preload, cc := "page\x00"+season.ID, true, "no-cache"
	if r, err = s.withPageReader(r); err == nil && currentUser(r) != nil {
		if p, err := s.progressOf(r); err == nil {
			if _, behind := p[season.ID]; behind {
				key, preload, cc = "page-behind\x00"+season.ID, false, "private, no-cache"
			}
		}
	}
	generation := s.game.Generation()
	a, ok := s.gameAnswers.get(key, generation)
	if !ok {
		a = httpcache.NewPrecompressed([]byte(s.seasonHTML(season, preload)), "text/html; charset=utf-8", cc)
		s.gameAnswers.keep(key, generation, false, a)
	}
	a.ServeHTTP(w, r)
}

// seasonHTML is the season page's HTML: its head, what it paints first, and (with
// preload) the two answers it shows asked for beside the app's script.
func (s *Server) seasonHTML(season *game.Season, preload bool) string {
	where := cmp.Or(season.Location, season.Country)
	year, _, _ := strings.Cut(season.Premiered, "-")
	// The tab's title as the app names the page (web/src/lib/seasonDisplay.ts).
	short := strings.TrimPrefix(strings.TrimPrefix(season.Name, "Survivor: "), "Survivor ")
	p := preview{title: problem.Format(problem.MsgSeasonTitle, map[string]string{"name": short}),
		description: problem.Format(problem.MsgSeasonDescription, map[string]string{"name": season.Name, "where": where, "year": year})}
	p.boot = bootHTML(season.Name, strings.Trim(where+" · "+year, " ·"), false)
	base := strings.TrimRight(s.cfg.BaseURL, "/")
	page := withPreview(string(web.WithBoot(s.web.Page(web.SeasonPage).Body(), p.boot)), p, base+"/seasons/"+url.PathEscape(season.ID))
	if !preload {
		return page
	}
	id := html.EscapeString(url.PathEscape(season.ID))
	return string(web.WithHeadTags([]byte(page), fmt.Sprintf("\n    <link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/seasons/%[1]s/game\" />"+
		"\n    <link rel=\"preload\" as=\"fetch\" crossorigin href=\"/api/seasons/%[1]s/consensus\" />", id)))
}

// survivorLicence serves the survivoR data set's MIT licence, which ships with the game data.
func survivorLicence(w http.ResponseWriter, r *http.Request) {
	http.ServeFileFS(w, r, survivor.Files(), "LICENSE.md")
}

// streamSeasonGame tells an open season page each time the game changes, so it shows a
// boot recorded while the season airs without a reload.
func (s *Server) streamSeasonGame(w http.ResponseWriter, r *http.Request) {
	if _, err := s.game.Season(r.PathValue("seasonId")); err != nil {
		s.fail(w, r, "game stream", err, msgSomethingWrong)
		return
	}
	c := live.Client{Addr: actorOf(r).Client}
	if u := currentUser(r); u != nil {
		c.Account, c.Session = u.ID, sessionHash(r)
	}
	read := func() []byte { return fmt.Appendf(nil, `{"generation":%d}`, s.game.Generation()) }
	if err := s.liveStreams.ServeGame(w, r, c, s.game.Watch, read); err != nil {
		s.fail(w, r, "open stream", err, msgSomethingWrong)
	}
}
