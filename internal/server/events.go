package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sync"
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
// a woken stream is read and written by a small pool of workers, and one goroutine
// writes every stream's heartbeat. Where the connection cannot be taken over
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
	if r.ProtoMajor == 1 {
		if conn, _, err := rc.Hijack(); err == nil {
			s.streams.adopt(conn, w.Header(), f, client, release)
			return
		}
	}
	defer release()
	s.streamInPlace(w, r, rc, f)
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
	// The server's read and write timeouts would otherwise cut the stream off.
	if err := rc.SetWriteDeadline(time.Time{}); err != nil {
		s.log.WarnContext(r.Context(), "event stream keeps the write timeout", "err", err)
	}
	if err := rc.SetReadDeadline(time.Time{}); err != nil {
		s.log.WarnContext(r.Context(), "event stream keeps the read timeout", "err", err)
	}
	w.WriteHeader(http.StatusOK)

	send := func() error {
		event, err := f.read(r.Context())
		if err != nil {
			return err
		}
		if _, err := w.Write(event); err != nil {
			return err
		}
		return rc.Flush()
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
			if _, err = w.Write(heartbeat); err == nil {
				err = rc.Flush()
			}
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

// streamSet holds the streams whose connections it took over: for each, the
// connection and a hub subscription, nothing else. Woken streams queue for the
// workers; Close (when the hub stops) ends them all.
type streamSet struct {
	s *Server

	mu     sync.Mutex
	cond   *sync.Cond
	all    map[*liveStream]struct{}
	keyed  map[string]map[*liveStream]struct{} // by streamKeys
	queue  []*liveStream
	closed bool
	swept  time.Time // the last sweep of every stream
	wg     sync.WaitGroup
}

type liveStream struct {
	account     string // "" for a signed-out visitor's
	client      string
	conn        net.Conn
	read        func(ctx context.Context) ([]byte, error)
	unsubscribe func()
	release     func() // gives back its place among the open streams
	queued      bool   // guarded by streamSet.mu
	wmu         sync.Mutex
	gone        bool // guarded by wmu
}

func newStreamSet(s *Server, workers int) *streamSet {
	set := &streamSet{s: s, all: map[*liveStream]struct{}{}, keyed: map[string]map[*liveStream]struct{}{}}
	set.cond = sync.NewCond(&set.mu)
	for range workers {
		set.wg.Go(set.work)
	}
	set.wg.Go(set.beat)
	return set
}

// adopt takes over conn for f's stream: it answers the request's head and queues
// the first read.
func (set *streamSet) adopt(conn net.Conn, header http.Header, f feed, client string, release func()) {
	conn.SetDeadline(time.Time{})
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\nConnection: close\r\n")
	header.Write(&head)
	head.WriteString("\r\n")
	ls := &liveStream{account: f.account, client: client, conn: conn, read: f.read, release: release}
	if !ls.write(head.Bytes()) {
		ls.close()
		return
	}
	// Subscribe before the first read so a change in between is not lost; wakes
	// before the stream joins the set are covered by that read.
	ls.unsubscribe = f.subscribe(func() { set.enqueue(ls) })
	set.mu.Lock()
	if set.closed {
		set.mu.Unlock()
		ls.unsubscribe()
		ls.close()
		return
	}
	set.all[ls] = struct{}{}
	for _, key := range ls.keys() {
		if set.keyed[key] == nil {
			set.keyed[key] = map[*liveStream]struct{}{}
		}
		set.keyed[key][ls] = struct{}{}
	}
	set.mu.Unlock()
	set.enqueue(ls)
}

func (set *streamSet) enqueue(ls *liveStream) {
	set.mu.Lock()
	defer set.mu.Unlock()
	if ls.queued || set.closed {
		return
	}
	if _, open := set.all[ls]; !open {
		return
	}
	ls.queued = true
	set.queue = append(set.queue, ls)
	set.cond.Signal()
}

// keys are the quota's names for ls: its account's and its client's.
func (ls *liveStream) keys() []string {
	if ls.account == "" {
		return []string{"c:" + ls.client}
	}
	return []string{"a:" + ls.account, "c:" + ls.client}
}

// drop closes ls and forgets it; every way a stream ends comes here (or to close).
func (set *streamSet) drop(ls *liveStream) {
	set.mu.Lock()
	_, open := set.all[ls]
	delete(set.all, ls)
	for _, key := range ls.keys() {
		delete(set.keyed[key], ls)
		if len(set.keyed[key]) == 0 {
			delete(set.keyed, key)
		}
	}
	set.mu.Unlock()
	if open {
		ls.unsubscribe()
	}
	ls.close()
}

// sweep drops the streams in the way of a refused one whose clients have left
// unnoticed: nothing is read from a taken-over connection, so a tab closed between
// heartbeats would hold its place until the next. It looks at the account's streams
// and the client's (at most 20 and 100), or at every stream when the process is full,
// then at most once a second. It answers how many it dropped.
func (set *streamSet) sweep(account, client string, all bool) int {
	set.mu.Lock()
	var streams []*liveStream
	switch {
	case all && time.Since(set.swept) >= time.Second:
		set.swept = time.Now()
		for ls := range set.all {
			streams = append(streams, ls)
		}
	case !all:
		for ls := range set.keyed["c:"+client] {
			streams = append(streams, ls)
		}
		if account != "" {
			for ls := range set.keyed["a:"+account] {
				streams = append(streams, ls)
			}
		}
	}
	set.mu.Unlock()
	dropped := 0
	for _, ls := range streams {
		if connGone(ls.conn) {
			set.drop(ls)
			dropped++
		}
	}
	return dropped
}

// work reads and sends the events of woken streams until the set closes.
func (set *streamSet) work() {
	for {
		set.mu.Lock()
		for len(set.queue) == 0 && !set.closed {
			set.cond.Wait()
		}
		if set.closed {
			set.mu.Unlock()
			return
		}
		ls := set.queue[0]
		set.queue[0] = nil
		set.queue = set.queue[1:]
		ls.queued = false
		set.mu.Unlock()

		ctx, cancel := context.WithTimeout(context.Background(), streamReadTimeout)
		event, err := ls.read(ctx)
		cancel()
		if err != nil {
			// The client reconnects and reads afresh.
			set.s.log.Warn("event stream read", "err", err)
			set.drop(ls)
			continue
		}
		if !ls.write(event) {
			set.drop(ls)
		}
	}
}

// beat writes a heartbeat to every stream at each of the hub's beats; a stream
// whose client has gone fails to take it and is dropped.
func (set *streamSet) beat() {
	for {
		select {
		case <-set.s.hub.Done():
			set.close()
			return
		case <-set.s.hub.Beat():
		}
		set.mu.Lock()
		streams := make([]*liveStream, 0, len(set.all))
		for ls := range set.all {
			streams = append(streams, ls)
		}
		set.mu.Unlock()
		for _, ls := range streams {
			if connGone(ls.conn) || !ls.write(heartbeat) {
				set.drop(ls)
			}
		}
	}
}

// close ends every stream and stops the workers.
func (set *streamSet) close() {
	set.mu.Lock()
	set.closed = true
	streams := set.all
	set.all, set.queue, set.keyed = map[*liveStream]struct{}{}, nil, map[string]map[*liveStream]struct{}{}
	set.cond.Broadcast()
	set.mu.Unlock()
	for ls := range streams {
		ls.unsubscribe()
		ls.close()
	}
}

// write sends p whole within streamWriteTimeout; false when the stream is gone.
func (ls *liveStream) write(p []byte) bool {
	ls.wmu.Lock()
	defer ls.wmu.Unlock()
	if ls.gone {
		return false
	}
	ls.conn.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	if _, err := ls.conn.Write(p); err != nil {
		ls.gone = true
		ls.conn.Close()
		return false
	}
	return true
}

// close closes the connection, if a failed write has not, and gives back the
// stream's places (release runs once however often it is called).
func (ls *liveStream) close() {
	ls.wmu.Lock()
	if !ls.gone {
		ls.gone = true
		ls.conn.Close()
	}
	ls.wmu.Unlock()
	ls.release()
}
