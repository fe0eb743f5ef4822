// Package moderation holds the rules of community care: what may be reported and why,
// who moderates, who sees hidden content, and what a reader blocked or reported no
// longer sees.
package moderation

import (
	"context"
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
	ErrTooManyBlocks   = problem.InvalidField("userId", "You have blocked 1,000 users, the most an account can. Unblock someone first.")
	ErrBlocked         = problem.New(problem.Forbidden, "blocked", "You cannot comment here.")
	ErrTargetGone      = problem.New(problem.NotFound, "not_found", "That content no longer exists.")
	// A list page the reader asked not to see.
	ErrOwnerBlocked = problem.New(problem.NotFound, "hidden_for_you", "You blocked this user, so their lists are hidden from you.")
	ErrListReported = problem.New(problem.NotFound, "hidden_for_you", "You reported this list, so it is hidden from you.")
)

// Pages are read (and shared) as everyone sees them; what one reader blocked or reported
// is then left out of the page for them alone, with one query the size of the page, and
// none for a reader who never blocked or reported anything.

// ListUnseen says why a reader who blocked or reported (unseen) does not see the list
// key of ownerID, or nil when they do.
func ListUnseen(unseen model.Unseen, ownerID, key string) error {
	switch {
	case unseen.Users[ownerID]:
		return ErrOwnerBlocked
	case unseen.Lists[key]:
		return ErrListReported
	}
	return nil
}

// ListFor is nil when viewer (nil when signed out) sees the list listID of ownerID they
// may open, else the problem saying that they chose not to: they blocked its owner or
// reported it. Their own list is always theirs to see.
func ListFor(ctx context.Context, st *store.Store, viewer *model.User, ownerID, listID string) error {
	if viewer == nil || viewer.Filters == 0 || ownerID == viewer.ID {
		return nil
	}
	key := store.ListKey(ownerID, listID)
	unseen, err := st.UnseenAmong(ctx, viewer.ID, []string{ownerID}, []string{key}, nil)
	if err != nil {
		return err
	}
	return ListUnseen(unseen, ownerID, key)
}

// ListsFor is ls without the lists of users viewer blocked and the lists they reported;
// ref names each list (its owner and id).
func ListsFor[T any](ctx context.Context, st *store.Store, viewer *model.User, ls []T, ref func(T) (ownerID, listID string)) ([]T, error) {
	if viewer == nil || viewer.Filters == 0 || len(ls) == 0 {
		return ls, nil
	}
	users, keys := make([]string, len(ls)), make([]string, len(ls))
	for i, l := range ls {
		owner, id := ref(l)
		users[i], keys[i] = owner, store.ListKey(owner, id)
	}
	unseen, err := st.UnseenAmong(ctx, viewer.ID, users, keys, nil)
	if err != nil {
		return nil, err
	}
	out := make([]T, 0, len(ls))
	for i, l := range ls {
		if !unseen.Hides(users[i], keys[i], "") {
			out = append(out, l)
		}
	}
	return out, nil
}

// CommentsFor is flat as viewer (nil when signed out) may read it: without the comments
// they may not see (CommentShown), comments by users they blocked and comments they
// reported, and without the replies of a comment left out.
func CommentsFor(ctx context.Context, st *store.Store, viewer *model.User, flat []model.Comment) ([]model.Comment, error) {
	unseen := model.Unseen{}
	if viewer != nil && viewer.Filters > 0 && len(flat) > 0 {
		users, ids := make([]string, len(flat)), make([]string, len(flat))
		for i, c := range flat {
			users[i], ids[i] = c.UserID, c.ID
		}
		var err error
		if unseen, err = st.UnseenAmong(ctx, viewer.ID, users, nil, ids); err != nil {
			return nil, err
		}
	}
	left := map[string]bool{}
	out := make([]model.Comment, 0, len(flat))
	for _, c := range flat {
		if !CommentShown(&c, viewer) || unseen.Hides(c.UserID, "", c.ID) {
			left[c.ID] = true
			continue
		}
		out = append(out, c)
	}
	kept := out[:0]
	for _, c := range out {
		if c.ParentID == "" || !left[c.ParentID] {
			kept = append(kept, c)
		}
	}
	return kept, nil
}

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

// ViewerOf is u as the visibility rules read a viewer: nobody when u is nil.
func ViewerOf(u *model.User) model.Viewer {
	if u == nil {
		return model.Viewer{}
	}
	return model.Viewer{ID: u.ID, Admin: u.IsAdmin}
}

// CommentShown tells whether viewer (nil when signed out) may see c: model.CommentVisible,
// a hidden comment only its author and admins may.
func CommentShown(c *model.Comment, viewer *model.User) bool {
	return model.CommentVisible(model.CommentRow{Author: c.UserID, Hidden: c.Hidden}, ViewerOf(viewer))
}
