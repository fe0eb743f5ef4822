package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"golang.org/x/sync/singleflight"

	"castaway/internal/api"
	"castaway/internal/legacy"
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
	u := requireUser(w, r, legacy.MsgSignedOut)
	if u == nil {
		return
	}
	var body api.LegacyRankingsInput
	if !decodeJSON(w, r, &body) {
		return
	}
	rec, err := s.legacy.Save(r.Context(), s.actor(r, u), legacy.Input{Maddys: itemInputs(body.MaddysList),
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
	var account string
	if u := currentUser(r); u != nil {
		account = u.ID
	}
	s.serveStream(w, r, feed{account: account, subscribe: s.hub.SubscribeLegacy, read: s.legacyCopy.eventFor})
}

// legacyCopy is this process's encoded record for its live streams, dropped by the
// hub whenever the record may have changed: a change costs one read however many
// streams are open, and an idle stream none.
type legacyCopy struct {
	s *Server

	mu    sync.Mutex
	gen   uint64
	event []byte // nil when dropped
	group singleflight.Group
}

// forget drops the copy; it runs with the hub locked, so it only takes its own lock.
func (c *legacyCopy) forget() {
	c.mu.Lock()
	c.gen++
	c.event = nil
	c.mu.Unlock()
}

// eventFor answers the record as a stream event, reading it when the copy was dropped.
// A read that a change overtook is sent but not kept (the change wakes the streams again).
func (c *legacyCopy) eventFor(ctx context.Context) ([]byte, error) {
	c.mu.Lock()
	event, gen := c.event, c.gen
	c.mu.Unlock()
	if event != nil {
		return event, nil
	}
	v, err, _ := c.group.Do(strconv.FormatUint(gen, 10), func() (any, error) {
		c.mu.Lock()
		kept := c.event
		c.mu.Unlock()
		if kept != nil { // an earlier flight for this generation has just kept it
			return kept, nil
		}
		rec, err := c.read(ctx)
		if err != nil {
			return nil, err
		}
		data, err := json.Marshal(apiLegacy(rec))
		if err != nil {
			return nil, err
		}
		event := fmt.Appendf(nil, "event: legacy\ndata: %s\n\n", data)
		c.mu.Lock()
		if c.gen == gen {
			c.event = event
		}
		c.mu.Unlock()
		return event, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// read takes its turn among stream reads, so waking every stream queues.
func (c *legacyCopy) read(ctx context.Context) (*model.LegacyRecord, error) {
	select {
	case c.s.streamReads <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-c.s.streamReads }()
	c.s.metrics.streamReads.Inc()
	return c.s.legacy.Record(ctx)
}
