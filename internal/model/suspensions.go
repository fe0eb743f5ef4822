package model

import "time"

// Suspension is a suspended account's terms.
type Suspension struct {
	Since  time.Time
	Until  time.Time // zero: until a moderator restores the account
	Reason string
}

// Active tells whether the suspension still refuses sign-in at now: an end date that
// passed lets the account in even before the sweep restores its content.
func (s *Suspension) Active(now time.Time) bool {
	return s.Until.IsZero() || s.Until.After(now)
}
