package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// inboxHeartbeat keeps idle streams alive through proxies that drop quiet connections.
const inboxHeartbeat = 25 * time.Second

// streamInbox sends the user's inbox as server-sent events: once on connect, then
// whenever it changes on any node, until the client leaves or the server shuts down.
func (s *Server) streamInbox(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgInboxSignedOut)
	if u == nil {
		return
	}
	// Subscribe before the first read so a change in between is not lost.
	changed, unsubscribe := s.hub.Subscribe(u.ID)
	defer unsubscribe()

	rc := http.NewResponseController(w)
	// The server's read and write timeouts would otherwise cut the stream off.
	if err := rc.SetWriteDeadline(time.Time{}); err != nil {
		s.log.WarnContext(r.Context(), "event stream keeps the write timeout", "err", err)
	}
	if err := rc.SetReadDeadline(time.Time{}); err != nil {
		s.log.WarnContext(r.Context(), "event stream keeps the read timeout", "err", err)
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no") // nginx: pass events on at once
	w.WriteHeader(http.StatusOK)

	// A stream reads only when woken, under the hub's bound on concurrent
	// reads: an idle stream holds no database connection and runs no query.
	send := func() error {
		var data []byte
		err := s.hub.Read(r.Context(), func(ctx context.Context) error {
			inbox, err := s.inbox(ctx, u.ID)
			if err != nil {
				return err
			}
			data, err = json.Marshal(inbox)
			return err
		})
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "event: notifications\ndata: %s\n\n", data); err != nil {
			return err
		}
		return rc.Flush()
	}
	if err := send(); err != nil {
		s.log.DebugContext(r.Context(), "event stream ended", "err", err)
		return
	}
	tick := time.NewTicker(inboxHeartbeat)
	defer tick.Stop()
	for {
		var err error
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.Done():
			return
		case <-changed:
			err = send()
		case <-tick.C:
			if _, err = fmt.Fprint(w, ": heartbeat\n\n"); err == nil {
				err = rc.Flush()
			}
		}
		if err != nil {
			s.log.DebugContext(r.Context(), "event stream ended", "err", err)
			return
		}
	}
}
