package limits

import (
	"sync"
	"time"
)

// Local keeps the limits' TATs in this process's memory, for a deployment of one process
// (SQLite), where the database's would cost every write a second transaction on the one
// writer. It holds at most max keys: when full it first forgets keys whose TAT has passed
// (they read the same as never seen), and when it still has no room it declines (ok false)
// and the caller counts in the database instead, so nothing a stranger sends grows it
// without bound and no live key is ever dropped to make room.
type Local struct {
	mu   sync.Mutex
	max  int
	tats map[string]time.Time
}

// NewLocal holds at most max keys.
func NewLocal(max int) *Local {
	return &Local{max: max, tats: map[string]time.Time{}}
}

// HitAll counts one event on each of hits at once (under one lock, so concurrent writers
// are all counted) and returns each one's state, as the database's statement would; ok is
// false, and nothing is counted, when there is no room for a new key or there is no Local
// (nil).
func (l *Local) HitAll(hits []Hit, now time.Time) (states []State, ok bool) {
	if l == nil {
		return nil, false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	fresh := 0
	for _, h := range hits {
		if _, held := l.tats[h.Key]; !held {
			fresh++
		}
	}
	if len(l.tats)+fresh > l.max {
		l.forgetPassed(now)
		if len(l.tats)+fresh > l.max {
			return nil, false
		}
	}
	states = make([]State, len(hits))
	for i, h := range hits {
		states[i] = Admit(h, l.tats[h.Key], now)
		l.tats[h.Key] = states[i].TAT
	}
	return states, true
}

func (l *Local) forgetPassed(now time.Time) {
	for k, tat := range l.tats {
		if !tat.After(now) {
			delete(l.tats, k)
		}
	}
}
