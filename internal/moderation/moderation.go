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
	ReportPerUser   = limits.Limit{Name: "report-user", Max: 20, Window: time.Hour, Message: "Too many reports. Please try again later."}
	ReportPerClient = limits.Limit{Name: "report-ip", Max: 60, Window: time.Hour, Message: "Too many reports. Please try again later."}
	BlockPerUser    = limits.Limit{Name: "block-user", Max: 60, Window: time.Hour, Message: "Too many changes. Please try again later."}
	BlockPerClient  = limits.Limit{Name: "block-ip", Max: 120, Window: time.Hour, Message: "Too many changes. Please try again later."}
	ActPerUser      = limits.Limit{Name: "moderate-user", Max: 600, Window: time.Hour, Message: "Too many actions. Please wait a little."}
	ActPerClient    = limits.Limit{Name: "moderate-ip", Max: 600, Window: time.Hour, Message: "Too many actions. Please wait a little."}
)

// Problems of community care.
var (
	ErrNotAdmin        = problem.New(problem.Forbidden, "forbidden", "Only moderators can see this.")
	ErrAlreadyReported = problem.New(problem.Conflict, "already_reported", "You have already reported this.")
	ErrOwnContent      = problem.InvalidField("targetType", "You cannot report your own content.")
	ErrBlockSelf       = problem.InvalidField("userId", "You cannot block yourself.")
	ErrTooManyBlocks   = problem.InvalidField("userId", problem.Format(problem.MsgTooManyBlocks, map[string]string{"max": problem.Number(model.MaxBlocks)}))
	ErrTargetGone      = problem.New(problem.NotFound, "not_found", "That content no longer exists.")
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
			return "", "", problem.InvalidField("listId", "Say which list you are reporting.")
		}
		return store.KindList, store.ListKey(userID, listID), nil
	case store.KindComment:
		if commentID == "" {
			return "", "", problem.InvalidField("commentId", "Say which comment you are reporting.")
		}
		return store.KindComment, commentID, nil
	}
	return "", "", problem.InvalidField("targetType", "Choose a list or a comment to report.")
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
		return "", problem.InvalidField("text", "Please keep your report to 500 characters.")
	}
	return text, nil
}

// CheckAction accepts a known moderation action.
func CheckAction(action string) error {
	switch action {
	case store.ActionHide, store.ActionRestore, store.ActionDismiss:
		return nil
	}
	return problem.InvalidField("action", "Choose hide, restore or dismiss.")
}

// CheckStatus accepts a queue status, "" meaning open.
func CheckStatus(status string) (string, error) {
	if status == "" {
		return "open", nil
	}
	if !slices.Contains(Statuses, status) {
		return "", problem.InvalidField("status", "Unknown report status.")
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
