package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// streamWriteTimeout is how long a client may take to accept an event before its
// stream is closed (it reconnects and catches up).
const streamWriteTimeout = 5 * time.Second

// streamReadTimeout bounds one inbox read for a stream.
const streamReadTimeout = 10 * time.Second

// streamInbox sends the user's inbox as server-sent events: once on connect, then
// whenever it changes on any node, until the client leaves or the server shuts down.
func (s *Server) streamInbox(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, msgInboxSignedOut)
	if u == nil {
		return
	}
	s.serveStream(w, r, feed{
		account:   u.ID,
		subscribe: func(wake func()) func() { return s.hub.SubscribeFunc(u.ID, wake) },
		read: func(ctx context.Context) ([]byte, error) {
			data, err := s.streamedInbox(ctx, u.ID)
			if err != nil {
				return nil, err
			}
			return inboxEvent(data), nil
		},
	})
}

// feed is what one live stream sends: how it hears of a change, and how the event
// it then sends is read (whole, "event: ...\ndata: ...\n\n").
type feed struct {
	account   string // whose stream it is, "" for a signed-out visitor's
	subscribe func(wake func()) (unsubscribe func())
	read      func(ctx context.Context) ([]byte, error)
}

// serveStream sends f's event on connect and after every change, until the client
// leaves or the server shuts down.
//
// An idle stream costs no query, holds no database connection and, on HTTP/1.1,
// no goroutine: the handler takes the connection over (Hijack) and hands it to the
// server's stream set, then returns. The hub wakes only the streams of what changed;
// a woken stream is read by a small pool of workers and written by a goroutine of its
// own while it has something to write, and one goroutine sends every stream's
// heartbeat. A reader that does not keep up is closed, never waited on. Where the connection cannot be taken over
// (HTTP/2), the stream keeps its goroutine and waits on the hub instead.
func (s *Server) serveStream(w http.ResponseWriter, r *http.Request, f feed) {
	client := s.clientIP(r)
	release, err := s.streamQuota.acquire(f.account, client)
	if err != nil && s.streams.sweep(f.account, client, err == errStreamsFull) > 0 {
		release, err = s.streamQuota.acquire(f.account, client)
	}
	if err != nil {
		s.fail(w, r, "open stream", err, msgSomethingWrong)
		return
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no") // nginx: pass events on at once
	ls := &liveStream{set: s.streams, account: f.account, client: client, session: sessionHash(r), read: f.read, release: release}
	if f.account == "" {
		ls.session = ""
	}
	if r.ProtoMajor == 1 {
		if conn, _, err := rc.Hijack(); err == nil {
			ls.conn = conn
			s.streams.adopt(ls, w.Header(), f.subscribe)
			return
		}
	}
	defer release()
	// Registered so that ending its session ends it (endRevokedStreams).
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	ls.cancel = cancel
	s.streams.index(ls)
	defer s.streams.unindex(ls)
	s.streamInPlace(w, r.WithContext(ctx), rc, f)
}

// streamInPlace serves a stream from its own goroutine, for connections that
// cannot be handed over.
func (s *Server) streamInPlace(w http.ResponseWriter, r *http.Request, rc *http.ResponseController, f feed) {
	// Subscribe before the first read so a change in between is not lost.
	changed := make(chan struct{}, 1)
	unsubscribe := f.subscribe(func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	})
	defer unsubscribe()
	// The server's read timeout would otherwise cut the stream off; each write has
	// its own deadline instead of the server's.
	if err := rc.SetReadDeadline(time.Time{}); err != nil {
		s.log.WarnContext(r.Context(), "event stream keeps the read timeout", "err", err)
	}
	w.WriteHeader(http.StatusOK)

	write := func(p []byte) error {
		if err := rc.SetWriteDeadline(time.Now().Add(s.streams.writeTimeout)); err != nil {
			return err
		}
		if _, err := w.Write(p); err != nil {
			return err
		}
		return rc.Flush()
	}
	send := func() error {
		event, err := f.read(r.Context())
		if err != nil {
			return err
		}
		return write(event)
	}
	if err := send(); err != nil {
		s.log.DebugContext(r.Context(), "event stream ended", "err", err)
		return
	}
	for {
		var err error
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.Done():
			return
		case <-changed:
			err = send()
		case <-s.hub.Beat():
			err = write(heartbeat)
		}
		if err != nil {
			s.log.DebugContext(r.Context(), "event stream ended", "err", err)
			return
		}
	}
}

var heartbeat = []byte(": heartbeat\n\n")

func inboxEvent(data []byte) []byte {
	return fmt.Appendf(nil, "event: notifications\ndata: %s\n\n", data)
}

// streamedInbox reads and encodes userID's inbox, waiting its turn among streams.
func (s *Server) streamedInbox(ctx context.Context, userID string) ([]byte, error) {
	select {
	case s.streamReads <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	s.metrics.streamReads.Inc()
	inbox, err := s.inbox(ctx, userID)
	<-s.streamReads
	if err != nil {
		return nil, err
	}
	return json.Marshal(inbox)
}
