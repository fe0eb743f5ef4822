package model

import "time"

// RateHit is one event to count on Key under a rate limit (package limits names the
// limits): each event costs Interval, and a key's theoretical arrival time may run at
// most Burst ahead of now.
type RateHit struct {
	Key             string
	Interval, Burst time.Duration
}

// RateState is what counting a RateHit found: whether it was allowed (and counted), and
// the key's theoretical arrival time after it, from which a refusal's Retry-After follows.
type RateState struct {
	Allowed bool
	TAT     time.Time
}
