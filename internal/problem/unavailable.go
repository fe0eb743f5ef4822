package problem

import "sync"

// The systems under the domain (the database's drivers) fail in their own words; the
// package that talks to them says which of their errors mean "not now, try again", so
// whoever answers a request tells a busy database from a bug without knowing its drivers.
var (
	unavailableMu sync.RWMutex
	unavailable   []func(error) bool
)

// ClassifyUnavailable adds fn to the checks IsUnavailable makes; the store adds its own
// when its package loads, as database/sql drivers register themselves.
func ClassifyUnavailable(fn func(error) bool) {
	unavailableMu.Lock()
	defer unavailableMu.Unlock()
	unavailable = append(unavailable, fn)
}

// IsUnavailable tells whether err means a system the domain needs could not be
// reached or did not answer in time: the caller should answer 503 and try later.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	unavailableMu.RLock()
	defer unavailableMu.RUnlock()
	for _, fn := range unavailable {
		if fn(err) {
			return true
		}
	}
	return false
}
