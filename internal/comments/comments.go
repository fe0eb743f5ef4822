// Package comments holds the rules of list discussions: what a comment may say,
// where a reply attaches, who may delete, how votes count and how a thread is shown.
package comments

import (
	"sort"
	"strings"
	"unicode/utf8"

	"castaway/internal/model"
	"castaway/internal/problem"
)

// MaxLength is the longest comment or reply, in characters.
const MaxLength = 500

// Problems a comment request can meet, with the text a user reads.
var (
	ErrEmpty      = problem.New(problem.Invalid, "validation", problem.MsgCommentEmpty)
	ErrTooLong    = problem.New(problem.Invalid, "validation", problem.MsgCommentTooLong)
	ErrBadVote    = problem.New(problem.Invalid, "validation", problem.MsgCommentVoteInvalid)
	ErrNotYours   = problem.New(problem.Forbidden, "forbidden", problem.MsgCommentNotYours)
	ErrNotFound   = problem.New(problem.NotFound, "not_found", problem.MsgCommentNotFound)
	ErrParentGone = problem.New(problem.NotFound, "not_found", problem.MsgCommentParentGone)
	ErrBlocked    = problem.New(problem.Forbidden, "blocked", problem.MsgCommentBlocked)
	ErrBadCursor  = problem.New(problem.Invalid, "validation", problem.MsgCommentsPageExpired)
)

// CleanText trims text and checks its length.
func CleanText(text string) (string, error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return "", ErrEmpty
	case utf8.RuneCountInString(text) > MaxLength:
		return "", ErrTooLong
	}
	return text, nil
}

// CheckVote accepts an upvote (1), a downvote (-1) or no vote (0).
func CheckVote(value int) error {
	if value < -1 || value > 1 {
		return ErrBadVote
	}
	return nil
}

// CanDelete tells whether userID may delete c: only its author may.
func CanDelete(userID string, c *model.Comment) error {
	if c.UserID == "" || c.UserID != userID {
		return ErrNotYours
	}
	return nil
}

// Shown tells whether viewer (nil when signed out) may see c: a hidden comment only
// its author and admins may.
func Shown(c *model.Comment, viewer *model.User) bool {
	return model.CommentVisible(model.CommentRow{Author: c.UserID, Hidden: c.Hidden}, model.ViewerOf(viewer))
}

// Score is upvotes minus downvotes.
func Score(c *model.Comment) int { return c.Upvotes - c.Downvotes }

// AuthorName is the name shown for a comment's author; a removed account shows as Anonymous.
func AuthorName(c *model.Comment) string {
	if c.UserName == "" {
		return "Anonymous"
	}
	return c.UserName
}

// Node is a top-level comment with its replies.
type Node struct {
	*model.Comment
	Replies []*model.Comment
}

// Thread arranges a flat list of comments as shown: top-level comments newest first,
// each followed by its replies oldest first. Replies whose parent is missing are dropped.
func Thread(flat []model.Comment) []Node {
	var nodes []Node
	index := map[string]int{}
	for i := range flat {
		if flat[i].ParentID == "" {
			index[flat[i].ID] = len(nodes)
			nodes = append(nodes, Node{Comment: &flat[i]})
		}
	}
	for i := range flat {
		if p, ok := index[flat[i].ParentID]; ok && flat[i].ParentID != "" {
			nodes[p].Replies = append(nodes[p].Replies, &flat[i])
		}
	}
	sort.SliceStable(nodes, func(a, b int) bool { return newer(nodes[a].Comment, nodes[b].Comment) })
	for _, n := range nodes {
		sort.SliceStable(n.Replies, func(a, b int) bool { return newer(n.Replies[b], n.Replies[a]) })
	}
	return nodes
}

// newer orders by time, then id, so comments made in the same millisecond keep a stable order.
func newer(a, b *model.Comment) bool {
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return a.CreatedAt.After(b.CreatedAt)
	}
	return a.ID > b.ID
}
