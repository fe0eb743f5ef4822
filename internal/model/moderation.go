package model

import "time"

// Action is one recorded moderation action.
type Action struct {
	ID, AdminID, AdminName string
	Action, Kind, Key      string
	Title                  string // what the content said when it was acted on
	Detail                 string // what an account-level action said: a suspension's reason and end date
	CreatedAt              time.Time
}
