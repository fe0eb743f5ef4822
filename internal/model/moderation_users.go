package model

import "time"

// UserSummary is an account as moderators find it.
type UserSummary struct {
	ID, DisplayName, Email string
	CreatedAt              time.Time
	IsAdmin                bool
	Suspension             *Suspension // nil when not suspended
}

// UserCase is what a moderator sees of one account.
type UserCase struct {
	UserSummary
	ListCount, CommentCount int
	Reports                 []ReportTarget // its reported lists and comments, most recently reported first
	Actions                 []Action       // about the account and its content, newest first
}
