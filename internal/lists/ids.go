package lists

import (
	"iter"
	"strconv"
	"time"
)

// IDs yields the ids a list made at now may take, best first: "list_" + now in
// milliseconds, then one millisecond on at a time, for the store to take the
// first one still free for the owner.
func IDs(now time.Time) iter.Seq[string] {
	return func(yield func(string) bool) {
		for ms := now.UnixMilli(); yield("list_" + strconv.FormatInt(ms, 10)); ms++ {
		}
	}
}

// DefaultPublic is the Public switch's setting when a client does not send it.
const DefaultPublic = true

// Public is the visibility chosen, or DefaultPublic when choice is nil.
func Public(choice *bool) bool {
	if choice == nil {
		return DefaultPublic
	}
	return *choice
}
