package limits

import (
	"sync"
	"time"
)

// Local counts hits in fixed windows in this process's memory, for a deployment of one
// process (SQLite), where the database's shared counters would cost every write a second
// transaction on the one writer. It holds at most max keys: when full it first forgets
// windows that have ended, and when it still has no room it declines (ok false) and the
// caller counts in the database instead, so nothing a stranger sends grows it without bound.
type Local struct {
	mu      sync.Mutex
	max     int
	windows map[string]localWindow
}

type localWindow struct {
	start, end time.Time
	count      int
}

// Hit is one event to count: a key and the length of its windows.
type Hit struct {
	Key    string
	Window time.Duration
}

// NewLocal holds at most max keys.
func NewLocal(max int) *Local {
	return &Local{max: max, windows: map[string]localWindow{}}
}

// HitAll counts one event on each of hits at once (under one lock, so concurrent writers
// are all counted) and returns each key's count and window start, as the database's
// counters would; ok is false, and nothing is counted, when there is no room for a new key
// or there is no Local (nil).
func (l *Local) HitAll(hits []Hit, now time.Time) (counts []int, starts []time.Time, ok bool) {
	if l == nil {
		return nil, nil, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fresh := 0
	for _, h := range hits {
		if w, held := l.windows[h.Key]; !held || !now.Before(w.end) {
			fresh++
		}
	}
	if len(l.windows)+fresh > l.max {
		l.forgetEnded(now)
		if len(l.windows)+fresh > l.max {
			return nil, nil, false
		}
	}
	counts, starts = make([]int, len(hits)), make([]time.Time, len(hits))
	for i, h := range hits {
		w, held := l.windows[h.Key]
		if !held || !now.Before(w.end) {
			w = localWindow{start: now, end: now.Add(h.Window)}
		}
		w.count++
		l.windows[h.Key] = w
		counts[i], starts[i] = w.count, w.start
	}
	return counts, starts, true
}

func (l *Local) forgetEnded(now time.Time) {
	for k, w := range l.windows {
		if !now.Before(w.end) {
			delete(l.windows, k)
		}
	}
}
