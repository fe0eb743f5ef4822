package server

import (
	"context"
	"encoding/json"
	"net/http"

	"castaway/internal/api"
	"castaway/internal/legacy"
	"castaway/internal/live"
	"castaway/internal/model"
)

func apiLegacy(rec *model.LegacyRecord) api.LegacyRankings {
	return api.LegacyRankings{MaddysList: apiListItems(rec.Lists.Maddys), AndrewsList: apiListItems(rec.Lists.Andrews),
		KendallsList: apiListItems(rec.Lists.Kendalls), LastUpdated: rec.LastUpdated}
}

func (s *Server) legacyRankings(w http.ResponseWriter, r *http.Request) {
	rec, err := s.legacy.Record(r.Context())
	if err != nil {
		s.fail(w, r, "read legacy record", err, legacy.MsgLoadFailed)
		return
	}
	writeJSON(w, http.StatusOK, apiLegacy(rec))
}

// saveLegacyRankings replaces the record; the answer says whether it was saved.
func (s *Server) saveLegacyRankings(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.LegacyRankingsInput](w, r, legacy.MsgSignedOut)
	if !ok {
		return
	}
	rec, err := s.legacy.Save(r.Context(), a, legacy.Input{Maddys: itemInputs(body.MaddysList),
		Andrews: itemInputs(body.AndrewsList), Kendalls: itemInputs(body.KendallsList)})
	if err != nil {
		s.fail(w, r, "save legacy record", err, legacy.MsgSaveFailed)
		return
	}
	writeJSON(w, http.StatusOK, apiLegacy(rec))
}

// streamLegacyRankings sends the record as server-sent events: on connect, then
// whenever it changes on any node.
func (s *Server) streamLegacyRankings(w http.ResponseWriter, r *http.Request) {
	c := live.Client{Addr: actorOf(r).Client}
	if u := currentUser(r); u != nil {
		c.Account, c.Session = u.ID, sessionHash(r)
	}
	if err := s.liveStreams.ServeLegacy(w, r, c); err != nil {
		s.fail(w, r, "open stream", err, msgSomethingWrong)
	}
}

// legacyEvent reads the record for the live streams.
func (s *Server) legacyEvent(ctx context.Context) ([]byte, error) {
	rec, err := s.legacy.Record(ctx)
	if err != nil {
		return nil, err
	}
	return json.Marshal(apiLegacy(rec))
}
