package live

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// ServeInbox streams client's inbox: once on connect, then whenever it changes on any
// node, until the client leaves or the process stops. An error (the streams' limits
// refusing it) comes before anything is written, for the caller to answer.
func (s *Streams) ServeInbox(w http.ResponseWriter, r *http.Request, c Client) error {
	account := c.Account
	return s.serve(w, r, c, feed{
		subscribe: func(wake func()) func() { return s.hub.SubscribeFunc(account, wake) },
		read: func(ctx context.Context) ([]byte, error) {
			return s.inboxes.eventFor(ctx, account, func(ctx context.Context) ([]byte, error) { return s.readInbox(ctx, account) })
		},
	})
}

// ServeLegacy streams the legacy rankings record to c, as ServeInbox does an inbox.
func (s *Streams) ServeLegacy(w http.ResponseWriter, r *http.Request, c Client) error {
	return s.serve(w, r, c, feed{subscribe: s.hub.SubscribeLegacy, read: s.readLegacy})
}

// ServeGame streams to c the news that the game changed (a boot recorded while a season
// airs): on connect and each time subscribe's wake is called, it sends a "game" event with
// data made by read (small: the page reads what changed from the API, answered alike to
// every reader).
func (s *Streams) ServeGame(w http.ResponseWriter, r *http.Request, c Client, subscribe func(wake func()) func(), read func() []byte) error {
	return s.serve(w, r, c, feed{subscribe: subscribe, read: func(context.Context) ([]byte, error) {
		return fmt.Appendf(nil, "event: game\ndata: %s\n\n", read()), nil
	}})
}

// feed is what one live stream sends: how it hears of a change, and how the event
// it then sends is read (whole, "event: ...\ndata: ...\n\n").
type feed struct {
	subscribe func(wake func()) (unsubscribe func())
	read      func(ctx context.Context) ([]byte, error)
}

// serve sends f's event on connect and after every change, until the client
// leaves or the server shuts down.
//
// An idle stream costs no query, holds no database connection and, on HTTP/1.1,
// no goroutine: the handler takes the connection over (Hijack) and hands it to the
// stream set, then returns. The hub wakes only the streams of what changed; a woken
// stream is read by a small pool of workers and written by a goroutine of its own
// while it has something to write, and one goroutine sends every stream's heartbeat.
// A reader that does not keep up is closed, never waited on. Where the connection
// cannot be taken over (HTTP/2), the stream keeps its goroutine and waits on the hub
// instead.
func (s *Streams) serve(w http.ResponseWriter, r *http.Request, c Client, f feed) error {
	release, err := s.quota.acquire(c.Account, c.Addr)
	if err != nil && s.set.sweep(c.Account, c.Addr, err == errStreamsFull) > 0 {
		release, err = s.quota.acquire(c.Account, c.Addr)
	}
	if err != nil {
		return err
	}
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no") // nginx: pass events on at once
	ls := &liveStream{set: s.set, account: c.Account, client: c.Addr, session: c.Session, read: f.read, release: release}
	if c.Account == "" {
		ls.session = ""
	}
	if r.ProtoMajor == 1 {
		if conn, _, err := rc.Hijack(); err == nil {
			ls.conn = conn
			s.set.adopt(ls, w.Header(), f.subscribe)
			return nil
		}
	}
	defer release()
	// Registered so that ending its session ends it (endRevoked).
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	ls.cancel = cancel
	s.set.index(ls)
	defer s.set.unindex(ls)
	s.serveInPlace(w, r.WithContext(ctx), rc, f)
	return nil
}

// serveInPlace serves a stream from its own goroutine, for connections that
// cannot be handed over.
func (s *Streams) serveInPlace(w http.ResponseWriter, r *http.Request, rc *http.ResponseController, f feed) {
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
		if err := rc.SetWriteDeadline(time.Now().Add(s.set.writeTimeout)); err != nil {
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

func legacyEvent(data []byte) []byte {
	return fmt.Appendf(nil, "event: legacy\ndata: %s\n\n", data)
}
