package server

import (
	"context"
	"encoding/json"
	"net/http"

	"castaway/internal/live"
)

// streamInbox hands the signed-in user's request to the live streams, which send their
// inbox as server-sent events until they leave.
func (s *Server) streamInbox(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgInboxSignedOut)
	if u == nil {
		return
	}
	if err := s.liveStreams.ServeInbox(w, r, live.Client{Account: u.ID, Session: sessionHash(r), Addr: actorOf(r).Client}); err != nil {
		s.fail(w, r, "open stream", err, msgSomethingWrong)
	}
}

// newLiveStreams builds the live streams over the server's hub and services.
func (s *Server) newLiveStreams() *live.Streams {
	return live.New(live.Config{
		Hub: s.hub, Log: s.log, Reads: s.metrics.streamReads,
		ReadInbox: func(ctx context.Context, userID string) ([]byte, error) {
			notes, unread, err := s.inboxes.Recent(ctx, userID)
			if err != nil {
				return nil, err
			}
			return json.Marshal(apiInbox(notes, unread))
		},
		ReadLegacy: s.legacyEvent,
		SessionValid: func(ctx context.Context, hash, account string) (bool, error) {
			return s.accounts.SessionHolds(ctx, hash, account)
		},
	})
}
