package model

import "time"

// Report is one user's report of a list or a comment. Reason is one of the columns
// of report_targets that count reasons (moderation.Reasons).
type Report struct {
	ReporterID string
	Kind       string // KindList or KindComment
	Key        string // ListKey or the comment id
	Reason     string
	Text       string
	CreatedAt  time.Time
}

// ReportTarget is a reported list or comment as the moderation queue shows it.
type ReportTarget struct {
	Kind, Key, Status                string
	Count                            int
	Spam, Harassment, Spoiler, Other int
	FirstAt, LastAt                  time.Time
	Texts                            []string // the newest reporters' own words
	ListUserID, ListID, CommentID    string   // where it is; a comment's list ("" on a poll)
	AuthorID, AuthorName, Title      string
	Gone                             bool // deleted since it was reported
}
