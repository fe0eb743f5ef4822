package live

import (
	"context"
	"net"
	"sync"
	"time"
)

// liveStream is one taken-over stream. Its output holds at most two events: the one
// being written and the newest waiting behind it. Events are whole snapshots, so a
// newer one replaces a waiting one (nothing of which was written). A writer goroutine
// runs only while there is something to write, each write within the set's write
// timeout; an idle stream has none.
type liveStream struct {
	set         *streamSet
	account     string // "" for a signed-out visitor's
	client      string
	session     string             // the hash of the session it was opened with, "" for a visitor's
	conn        net.Conn           // nil for a stream served in place
	cancel      context.CancelFunc // ends a stream served in place; nil for a taken-over one
	read        func(ctx context.Context) ([]byte, error)
	unsubscribe func()
	release     func() // gives back its places among the open streams

	queued, reading, again bool // guarded by streamSet.mu
	read0                  bool // its first event was read; guarded by streamSet.mu

	mu      sync.Mutex
	next    []byte // waiting behind the write
	writing int    // bytes the writer is writing; 0 when there is no writer
	closed  bool
}

// streamBehindMax is the most one stream may hold unsent once it has fallen behind
// (an event being written and the next): past it the stream is closed.
const streamBehindMax = 1 << 20

// keys are the quota's names for ls: its account's and its client's.
func (ls *liveStream) keys() []string {
	if ls.account == "" {
		return []string{"c:" + ls.client}
	}
	return []string{"a:" + ls.account, "c:" + ls.client}
}

// send queues event to go out. A stream still writing an earlier one is behind:
// when the new one would take it past its bound or the process past its budget, it
// is closed instead (the browser reconnects and reads afresh), never waited on.
func (ls *liveStream) send(event []byte) {
	ls.mu.Lock()
	if ls.closed {
		ls.mu.Unlock()
		return
	}
	grow := len(event) - len(ls.next)
	if ls.writing > 0 && (ls.writing+len(event) > streamBehindMax ||
		grow > 0 && ls.set.pending.Load()+int64(grow) > ls.set.budget.Load()) {
		ls.mu.Unlock()
		ls.set.drop(ls)
		return
	}
	ls.set.hold(grow)
	ls.next = event
	start := ls.writing == 0
	if start {
		ls.writing = -1 // taken: the writer sets the size
	}
	ls.mu.Unlock()
	if start {
		go ls.writeOut()
	}
}

// beat sends a heartbeat to a stream with nothing else to send.
func (ls *liveStream) beat() {
	ls.mu.Lock()
	idle := ls.writing == 0 && ls.next == nil
	ls.mu.Unlock()
	if idle {
		ls.send(heartbeat)
	}
}

// writeOut writes what the stream holds until it holds nothing; a write that fails
// or misses its deadline ends the stream.
func (ls *liveStream) writeOut() {
	for {
		ls.mu.Lock()
		p := ls.next
		if p == nil || ls.closed {
			ls.writing = 0
			ls.mu.Unlock()
			return
		}
		ls.next, ls.writing = nil, len(p)
		ls.mu.Unlock()

		ls.conn.SetWriteDeadline(time.Now().Add(ls.set.writeTimeout))
		_, err := ls.conn.Write(p)
		ls.set.hold(-len(p))
		if err != nil {
			ls.mu.Lock()
			ls.writing = 0
			ls.mu.Unlock()
			ls.set.drop(ls)
			return
		}
	}
}

// close closes the connection, lets go of what the stream held and gives back its
// places; it runs once however often it is called. A writer blocked on the socket
// returns at once.
func (ls *liveStream) close() {
	ls.mu.Lock()
	if ls.closed {
		ls.mu.Unlock()
		return
	}
	ls.closed = true
	ls.set.hold(-len(ls.next))
	ls.next = nil
	ls.mu.Unlock()
	ls.conn.Close()
	ls.release()
}
