package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"castaway/internal/api"
	"castaway/internal/game"
	"castaway/internal/problem"
	"castaway/internal/watching"
)

// progressOf is how far the asker has watched: a signed-in fan's stored progress, read
// fresh; a visitor's as their app sends it (?upTo=N for the season in the path, or
// ?watching=s20:3,s40:0 on a castaway's answer).
func (s *Server) progressOf(r *http.Request) (watching.Progress, error) {
	if u := currentUser(r); u != nil {
		return s.watching.Progress(r.Context(), u.ID)
	}
	q := r.URL.Query()
	if season := r.PathValue("seasonId"); season != "" {
		if upTo, ok := watching.ParseUpTo(q.Get("upTo")); ok {
			return watching.Progress{season: upTo}, nil
		}
		return watching.Progress{}, nil
	}
	return watching.ParseProgress(q.Get("watching"), maxProgressPairs), nil
}

// ShieldHeader marks an answer cut by the spoiler shield (its value ShieldCut): the app's
// service worker keeps none for offline use, as a copy of the same read is not the fan's.
const (
	ShieldHeader = "Castaway-Shield"
	ShieldCut    = "cut"
)

// markShield marks w's answer as cut by the shield when cut is true.
func markShield(w http.ResponseWriter, cut bool) {
	if cut {
		w.Header().Set(ShieldHeader, ShieldCut)
	}
}

// maxProgressPairs bounds the seasons a visitor's progress names (a castaway played a few).
const maxProgressPairs = 12

// shieldCacheControl is how a shielded answer may be kept: a signed-in fan's follows from
// their stored progress, not the address, so no shared cache may keep it.
func shieldCacheControl(r *http.Request) string {
	if currentUser(r) != nil {
		return "private, no-cache"
	}
	return "public, no-cache"
}

// servePersonGame serves p's game as a fan with progress sees it: the answer every reader
// shares when the shield cuts nothing.
func (s *Server) servePersonGame(w http.ResponseWriter, r *http.Request, p *game.Person, progress watching.Progress) {
	// Only the castaway's own seasons count, so the key is from a bounded set.
	mine := watching.Progress{}
	seasons := make([]string, len(p.Seasons))
	for i, c := range p.Seasons {
		if upTo, ok := progress[c.Season]; ok {
			mine[c.Season] = upTo
		}
		seasons[i] = c.Season
	}
	revealed := revealedOf(r, seasons)
	cut, err := s.watching.Person(p.ID, mine, revealed)
	if err != nil {
		s.fail(w, r, "castaway game", err, problem.MsgSomethingWrong)
		return
	}
	if cut.Shield == nil {
		s.serveGame(w, r, "person\x00"+p.ID, p)
		return
	}
	shown := make([]string, 0, len(revealed))
	for id := range revealed {
		shown = append(shown, id)
	}
	slices.Sort(shown)
	cc := shieldCacheControl(r)
	key := fmt.Sprintf("person\x00%s\x00%s\x00%s\x00%s", p.ID, mine.Key(), strings.Join(shown, ","), cc)
	s.serveGameAs(w, r, key, true, cc, func() any { return cut })
}

func (s *Server) myWatching(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgWatchingSignIn)
	if u == nil {
		return
	}
	p, err := s.watching.Progress(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, "watch progress", err, problem.MsgWatchingLoadFailed)
		return
	}
	out := api.WatchProgress{Seasons: make([]api.SeasonProgress, 0, len(p))}
	for id, upTo := range p {
		out.Seasons = append(out.Seasons, api.SeasonProgress{SeasonId: id, UpTo: upTo})
	}
	slices.SortFunc(out.Seasons, func(a, b api.SeasonProgress) int { return strings.Compare(a.SeasonId, b.SeasonId) })
	w.Header().Set("Cache-Control", "private, no-store")
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) replaceMyWatching(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.WatchProgress](w, r, problem.MsgWatchingSignIn)
	if !ok {
		return
	}
	p := watching.Progress{}
	for _, sp := range body.Seasons {
		p[sp.SeasonId] = sp.UpTo
	}
	if err := s.watching.Replace(r.Context(), a, p); err != nil {
		s.fail(w, r, "replace watch progress", err, problem.MsgWatchingFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) setMySeasonWatching(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.PutMySeasonWatchingJSONBody](w, r, problem.MsgWatchingSignIn)
	if !ok {
		return
	}
	if _, err := s.watching.Set(r.Context(), a, r.PathValue("seasonId"), body.UpTo); err != nil {
		s.fail(w, r, "set watch progress", err, problem.MsgWatchingFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// revealedOf are the seasons of seasons the asker revealed (?reveal=s20,s40; "all" is
// every one): a subset of seasons, so a key made of it is bounded.
func revealedOf(r *http.Request, seasons []string) map[string]bool {
	reveal := strings.Split(r.URL.Query().Get("reveal"), ",")
	out := map[string]bool{}
	for _, id := range seasons {
		if slices.Contains(reveal, id) || slices.Contains(reveal, "all") {
			out[id] = true
		}
	}
	return out
}

// withheldFor are the seasons of contestantID the asker's progress keeps from being named
// (a signed-in fan's stored one, a visitor's ?watching=), but for those they revealed
// (?reveal=); nil when none.
func (s *Server) withheldFor(r *http.Request, contestantID string) (map[string]bool, error) {
	p, err := s.progressOf(r)
	if err != nil || len(p) == 0 {
		return nil, err
	}
	contestantID = s.catalog.CurrentID(contestantID)
	seasons := []string{}
	for _, c := range s.catalog.Played(contestantID) {
		seasons = append(seasons, c.ID)
	}
	return s.watching.Withheld(contestantID, p, revealedOf(r, seasons)), nil
}

// withheldKey is a cache key part for withheld: "" when nothing is.
func withheldKey(withheld map[string]bool) string {
	if len(withheld) == 0 {
		return ""
	}
	ids := make([]string, 0, len(withheld))
	for id := range withheld {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return "\x00withheld:" + strings.Join(ids, ",")
}

// withoutSeasons is c without the seasons in withheld, their headshot that of the last
// season shown (a later one's tells they were back).
func withoutSeasons(c api.Castaway, withheld map[string]bool) api.Castaway {
	if len(withheld) == 0 {
		return c
	}
	c.Seasons = slices.DeleteFunc(slices.Clone(c.Seasons), func(cs api.CastawaySeason) bool { return withheld[cs.Id] })
	if n := len(c.Seasons); n > 0 {
		c.ImageUrl = c.Seasons[n-1].ImageUrl
	}
	return c
}
