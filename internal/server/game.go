package server

import (
	"encoding/json"
	"net/http"
	"sync"

	"castaway/internal/httpcache"
	"castaway/internal/problem"
)

// gameAnswers keeps each game answer encoded and compressed once: the game is the same
// for every reader, and only ids the game has are kept (a bounded set).
type gameAnswers struct {
	mu      sync.Mutex
	answers map[string]*httpcache.Precompressed
}

func (s *Server) serveGame(w http.ResponseWriter, r *http.Request, key string, v any) {
	g := &s.gameAnswers
	g.mu.Lock()
	a, ok := g.answers[key]
	g.mu.Unlock()
	if !ok {
		body, err := json.Marshal(v)
		if err != nil {
			s.fail(w, r, "game", err, problem.MsgSomethingWrong)
			return
		}
		// Revalidated by ETag: the game changes when an operator imports a newer copy.
		a = httpcache.NewPrecompressed(body, "application/json", "public, max-age=300, must-revalidate")
		g.mu.Lock()
		if g.answers == nil {
			g.answers = map[string]*httpcache.Precompressed{}
		}
		g.answers[key] = a
		g.mu.Unlock()
	}
	a.ServeHTTP(w, r)
}

// seasonGame answers what happened in a season.
func (s *Server) seasonGame(w http.ResponseWriter, r *http.Request) {
	season, err := s.game.Season(r.PathValue("seasonId"))
	if err != nil {
		s.fail(w, r, "season game", err, problem.MsgSomethingWrong)
		return
	}
	s.serveGame(w, r, "season\x00"+season.ID, season)
}

// castawayGame answers a castaway's game across the seasons they played.
func (s *Server) castawayGame(w http.ResponseWriter, r *http.Request) {
	p, err := s.game.Person(r.PathValue("contestantId"))
	if err != nil {
		s.fail(w, r, "castaway game", err, problem.MsgSomethingWrong)
		return
	}
	s.serveGame(w, r, "person\x00"+p.ID, p)
}
