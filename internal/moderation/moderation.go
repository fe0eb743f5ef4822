// Package moderation holds the rules of community care: what may be reported and why,
// who moderates, who sees hidden content, and what a reader blocked or reported no
// longer sees.
package moderation

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"castaway/internal/limits"
	"castaway/internal/model"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// Reasons a report may give.
var Reasons = []string{"spam", "harassment", "spoiler", "other"}

// MaxReportText is how long a reporter's own words may be.
const MaxReportText = 500

// QueuePage and LogPage are how many targets and actions a moderation page shows.
const (
	QueuePage = 30
	LogPage   = 50
)

// Statuses of a reported target in the queue.
var Statuses = []string{"open", "hidden", "dismissed", "restored"}

// Limits on reports, blocks and moderation, per account and per client.
var (
	ReportPerUser   = limits.Limit{Name: "report-user", Max: 20, Window: time.Hour, Message: problem.MsgTooManyReports}
	ReportPerClient = limits.Limit{Name: "report-ip", Max: 60, Window: time.Hour, Message: problem.MsgTooManyReports}
	BlockPerUser    = limits.Limit{Name: "block-user", Max: 60, Window: time.Hour, Message: problem.MsgTooManyBlockChanges}
	BlockPerClient  = limits.Limit{Name: "block-ip", Max: 120, Window: time.Hour, Message: problem.MsgTooManyBlockChanges}
	ActPerUser      = limits.Limit{Name: "moderate-user", Max: 600, Window: time.Hour, Message: problem.MsgTooManyModerations}
	ActPerClient    = limits.Limit{Name: "moderate-ip", Max: 600, Window: time.Hour, Message: problem.MsgTooManyModerations}
)

// Problems of community care.
var (
	ErrNotAdmin        = problem.New(problem.Forbidden, "forbidden", problem.MsgOnlyModerators)
	ErrAlreadyReported = problem.New(problem.Conflict, "already_reported", problem.MsgAlreadyReported)
	ErrOwnContent      = problem.InvalidField("targetType", problem.MsgReportOwnContent)
	ErrBlockSelf       = problem.InvalidField("userId", problem.MsgBlockSelf)
	ErrTooManyBlocks   = problem.InvalidField("userId", problem.Format(problem.MsgTooManyBlocks, map[string]string{"max": problem.Number(model.MaxBlocks)}))
	ErrTargetGone      = problem.New(problem.NotFound, "not_found", problem.MsgContentGone)
)

// ReportInput is a report as a user sends it.
type ReportInput struct {
	TargetType, UserID, ListID, CommentID, Reason, Text string
}

// Target reads which list or comment in names: its kind and key (store.ListKey or the comment id).
func Target(targetType, userID, listID, commentID string) (kind, key string, err error) {
	switch targetType {
	case store.KindList:
		if userID == "" || listID == "" {
			return "", "", problem.InvalidField("listId", problem.MsgReportWhichList)
		}
		return store.KindList, store.ListKey(userID, listID), nil
	case store.KindComment:
		if commentID == "" {
			return "", "", problem.InvalidField("commentId", problem.MsgReportWhichComment)
		}
		return store.KindComment, commentID, nil
	}
	return "", "", problem.InvalidField("targetType", problem.MsgReportTarget)
}

// CheckReport validates a report's reason and words, returning the words trimmed.
func CheckReport(reason, text string) (string, error) {
	if !slices.Contains(Reasons, reason) {
		return "", problem.InvalidField("reason", problem.MsgReportReasonRequired)
	}
	text = strings.TrimSpace(text)
	if reason == "other" && text == "" {
		return "", problem.InvalidField("text", problem.MsgReportTextRequired)
	}
	if utf8.RuneCountInString(text) > MaxReportText {
		return "", problem.InvalidField("text", problem.MsgReportTooLong)
	}
	return text, nil
}

// CheckAction accepts a known moderation action.
func CheckAction(action string) error {
	switch action {
	case store.ActionHide, store.ActionRestore, store.ActionDismiss:
		return nil
	}
	return problem.InvalidField("action", problem.MsgModerationActionUnknown)
}

// CheckStatus accepts a queue status, "" meaning open.
func CheckStatus(status string) (string, error) {
	if status == "" {
		return "open", nil
	}
	if !slices.Contains(Statuses, status) {
		return "", problem.InvalidField("status", problem.MsgReportStatusUnknown)
	}
	return status, nil
}

// RequireAdmin lets only moderators through.
func RequireAdmin(u *model.User) error {
	if u == nil || !u.IsAdmin {
		return ErrNotAdmin
	}
	return nil
}
