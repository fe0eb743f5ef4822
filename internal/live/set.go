package live

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// streamSet holds the streams whose connections it took over: for each, the
// connection and a hub subscription, nothing else. Woken streams queue for the
// workers, which read their event and hand it to the stream's output (never waiting
// on a socket); close (when the hub stops) ends them all.
type streamSet struct {
	s *Streams

	mu    sync.Mutex
	cond  *sync.Cond
	all   map[*liveStream]struct{}
	keyed map[string]map[*liveStream]struct{} // by liveStream.keys
	// Streams waiting for a read: woken ones (a change to send) and new ones (their
	// first event). Woken streams go first, all but one pick in firstEvery, so a crowd
	// of (re)connecting clients cannot hold back other fans' live events.
	queue, fresh []*liveStream
	picks        int
	closed       bool
	swept        time.Time // the last sweep of every stream
	wg           sync.WaitGroup

	// What the streams' outputs hold unsent, in bytes, and its high-water mark; a
	// stream that falls behind while the process holds budget is closed.
	budget, pending, peak atomic.Int64
	writeTimeout          time.Duration
}

func newStreamSet(s *Streams, workers int, budget int64) *streamSet {
	set := &streamSet{s: s, all: map[*liveStream]struct{}{}, keyed: map[string]map[*liveStream]struct{}{},
		writeTimeout: WriteTimeout}
	set.budget.Store(budget)
	set.cond = sync.NewCond(&set.mu)
	for range workers {
		set.wg.Go(set.work)
	}
	set.wg.Go(set.beat)
	return set
}

// adopt takes over ls's connection: it answers the request's head and queues the
// first read.
func (set *streamSet) adopt(ls *liveStream, header http.Header, subscribe func(wake func()) (unsubscribe func())) {
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\nConnection: close\r\n")
	header.Write(&head)
	head.WriteString("\r\n")
	conn := ls.conn
	// The kernel keeps no more for a stream than its output would (it grows a
	// socket's buffer to megabytes for a reader that does not read).
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetWriteBuffer(streamSocketBuffer)
	}
	conn.SetDeadline(time.Now().Add(set.writeTimeout))
	_, err := conn.Write(head.Bytes())
	conn.SetDeadline(time.Time{})
	if err != nil {
		ls.close()
		return
	}
	// Subscribe before the first read so a change in between is not lost; wakes
	// before the stream joins the set are covered by that read.
	ls.unsubscribe = subscribe(func() { set.enqueue(ls) })
	set.mu.Lock()
	if set.closed {
		set.mu.Unlock()
		ls.unsubscribe()
		ls.close()
		return
	}
	set.all[ls] = struct{}{}
	set.indexLocked(ls)
	set.mu.Unlock()
	set.enqueue(ls)
}

// index finds ls by its account and client, for sweep and endRevoked; streams
// served in place are indexed too (and nothing else).
func (set *streamSet) index(ls *liveStream) {
	set.mu.Lock()
	defer set.mu.Unlock()
	set.indexLocked(ls)
}

func (set *streamSet) indexLocked(ls *liveStream) {
	for _, key := range ls.keys() {
		if set.keyed[key] == nil {
			set.keyed[key] = map[*liveStream]struct{}{}
		}
		set.keyed[key][ls] = struct{}{}
	}
}

func (set *streamSet) unindex(ls *liveStream) {
	set.mu.Lock()
	defer set.mu.Unlock()
	set.unindexLocked(ls)
}

func (set *streamSet) unindexLocked(ls *liveStream) {
	for _, key := range ls.keys() {
		delete(set.keyed[key], ls)
		if len(set.keyed[key]) == 0 {
			delete(set.keyed, key)
		}
	}
}

// accountStreams are account's open streams, however served ("": every account's).
func (set *streamSet) accountStreams(account string) []*liveStream {
	set.mu.Lock()
	defer set.mu.Unlock()
	var streams []*liveStream
	for key, keyed := range set.keyed {
		if account == "" && key[0] == 'a' || key == "a:"+account {
			for ls := range keyed {
				streams = append(streams, ls)
			}
		}
	}
	return streams
}

// end ends ls however it is served.
func (set *streamSet) end(ls *liveStream) {
	if ls.cancel != nil {
		ls.cancel()
		return
	}
	set.drop(ls)
}

// streamSocketBuffer is the kernel's send buffer for a stream (it doubles it).
const streamSocketBuffer = 64 << 10

func (set *streamSet) enqueue(ls *liveStream) {
	set.mu.Lock()
	defer set.mu.Unlock()
	if set.closed {
		return
	}
	if _, open := set.all[ls]; !open {
		return
	}
	if ls.reading { // read again once this read is out, so events stay in order
		ls.again = true
		return
	}
	if ls.queued {
		return
	}
	ls.queued = true
	if ls.read0 {
		set.queue = append(set.queue, ls)
	} else {
		set.fresh = append(set.fresh, ls)
	}
	set.cond.Signal()
}

// drop closes ls and forgets it; every way a stream ends comes here (or to close).
func (set *streamSet) drop(ls *liveStream) {
	set.mu.Lock()
	_, open := set.all[ls]
	delete(set.all, ls)
	set.unindexLocked(ls)
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

// work reads the events of woken streams and hands them to their outputs until the
// set closes.
func (set *streamSet) work() {
	for {
		set.mu.Lock()
		for len(set.queue) == 0 && len(set.fresh) == 0 && !set.closed {
			set.cond.Wait()
		}
		if set.closed {
			set.mu.Unlock()
			return
		}
		ls := set.next()
		ls.queued, ls.reading, ls.read0 = false, true, true
		set.mu.Unlock()

		ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
		event, err := ls.read(ctx)
		cancel()
		if err != nil {
			// The client reconnects and reads afresh.
			set.s.log.Warn("event stream read", "err", err)
			set.drop(ls)
		} else {
			ls.send(event)
		}
		set.mu.Lock()
		again := ls.again
		ls.reading, ls.again = false, false
		set.mu.Unlock()
		if again {
			set.enqueue(ls)
		}
	}
}

// firstEvery is how often a worker reads a new stream's first event before woken ones.
const firstEvery = 4

// next takes the stream to read: a woken one, unless none waits or it is a new
// stream's turn. set.mu is held and a stream waits.
func (set *streamSet) next() *liveStream {
	set.picks++
	q := &set.queue
	if len(set.queue) == 0 || len(set.fresh) > 0 && set.picks%firstEvery == 0 {
		q = &set.fresh
	}
	ls := (*q)[0]
	(*q)[0] = nil
	*q = (*q)[1:]
	return ls
}

// beat sends a heartbeat to every idle stream at each of the hub's beats; a stream
// whose client has gone is dropped.
func (set *streamSet) beat() {
	for {
		select {
		case <-set.s.hub.Done():
			set.close()
			return
		case <-set.s.hub.Beat():
		}
		set.s.inboxes.sweep(time.Now())
		set.mu.Lock()
		streams := make([]*liveStream, 0, len(set.all))
		for ls := range set.all {
			streams = append(streams, ls)
		}
		set.mu.Unlock()
		for _, ls := range streams {
			if connGone(ls.conn) {
				set.drop(ls)
			} else {
				ls.beat()
			}
		}
	}
}

// close ends every stream and stops the workers.
func (set *streamSet) close() {
	set.mu.Lock()
	set.closed = true
	streams := set.all
	set.all, set.queue, set.fresh, set.keyed = map[*liveStream]struct{}{}, nil, nil, map[string]map[*liveStream]struct{}{}
	set.cond.Broadcast()
	set.mu.Unlock()
	for ls := range streams {
		ls.unsubscribe()
		ls.close()
	}
}

// hold counts n more bytes held unsent (n < 0: fewer).
func (set *streamSet) hold(n int) int64 {
	total := set.pending.Add(int64(n))
	for peak := set.peak.Load(); total > peak && !set.peak.CompareAndSwap(peak, total); peak = set.peak.Load() {
	}
	return total
}
