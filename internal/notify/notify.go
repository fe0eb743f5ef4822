// Package notify decides who hears about what (the inbox rules) and carries live
// events to the streams of signed-in users, across every server process.
package notify

import (
	"time"

	"castaway/internal/model"
	"castaway/internal/problem"
)

// Notification types, as the app reads them.
const (
	ListLike     = "list_like"
	Comment      = "comment"
	CommentReply = "comment_reply"
	CommentLike  = "comment_like"
	ListRemix    = "list_remix"
	NewFollower  = model.NoteNewFollower
	// FollowedList is written by the store, one per follower in one statement, as a
	// fan publishes a list (store fanOut): it names the list and its author.
	FollowedList = model.NoteFollowedList
)

// ErrNotFound answers a notification that is not the reader's or no longer exists.
var ErrNotFound = problem.New(problem.NotFound, "not_found", problem.MsgNotificationNotFound)

// Recent is how many notifications the inbox shows.
const Recent = 10

// Actor is the user doing something.
type Actor struct {
	ID   string
	Name string
}

// TellsOfUpvote says a list's owner hears that voterID upvoted it: never of their own vote.
func TellsOfUpvote(voterID, ownerID string) bool { return voterID != ownerID }

// ForListUpvote is the list's one upvote note to its owner, naming actor, its newest
// voter (nil for the owner's own vote). Its dedupe key names the list, not the voter: the
// tally (store.FoldVotes) writes it again for each newer voter, bringing it back to the
// top, and a fan voting, unvoting and voting again does not repeat it.
func ForListUpvote(actor Actor, list *model.ListVisibility, now time.Time) *model.Notification {
	if !TellsOfUpvote(actor.ID, list.UserID) {
		return nil
	}
	return newNote(actor, list.UserID, ListLike, list.Name, list.UserID, list.ID, "",
		ListLike+":"+list.UserID+"/"+list.ID, now)
}

// ForComment is what a new comment c tells others: the author of the comment it
// replies to (replyTo, nil for a top-level comment) hears of the reply, and the
// thread's owner (listOwnerID, "" for a global poll) of the comment, each once and
// never about their own words.
func ForComment(actor Actor, c *model.Comment, replyTo *model.Comment, listOwnerID string) []*model.Notification {
	var notes []*model.Notification
	told := map[string]bool{actor.ID: true, "": true}
	if replyTo != nil && !told[replyTo.UserID] {
		told[replyTo.UserID] = true
		notes = append(notes, newNote(actor, replyTo.UserID, CommentReply, c.Text, c.ListUserID, c.ListID, c.ID,
			CommentReply+":"+c.ID, c.CreatedAt))
	}
	if !told[listOwnerID] {
		notes = append(notes, newNote(actor, listOwnerID, Comment, c.Text, c.ListUserID, c.ListID, c.ID,
			Comment+":"+c.ID, c.CreatedAt))
	}
	return notes
}

// ForCommentUpvote is the note to c's author when actor upvotes it; nil for your own
// comment or one whose author is gone. content is the list's name.
func ForCommentUpvote(actor Actor, c *model.Comment, content string, now time.Time) *model.Notification {
	if c.UserID == "" || c.UserID == actor.ID {
		return nil
	}
	return newNote(actor, c.UserID, CommentLike, content, c.ListUserID, c.ListID, c.ID,
		CommentLike+":"+actor.ID+":"+c.ID, now)
}

// ForRemix is the note to original's owner when actor saves remixID, a remix of it;
// nil for a remix of your own list. It leads to the remix and names the original, and
// shows only while the remix is visible to the owner (store's inbox rule).
func ForRemix(actor Actor, original *model.ListVisibility, remixID string, now time.Time) *model.Notification {
	if actor.ID == original.UserID {
		return nil
	}
	return newNote(actor, original.UserID, ListRemix, original.Name, actor.ID, remixID, "",
		ListRemix+":"+actor.ID+"/"+remixID, now)
}

// ForFollow is the note to followedID when actor follows them; its dedupe key makes
// following, unfollowing and following again notify once.
func ForFollow(actor Actor, followedID string, now time.Time) *model.Notification {
	return newNote(actor, followedID, NewFollower, "", "", "", "", NewFollower+":"+actor.ID+":"+followedID, now)
}

func newNote(actor Actor, to, kind, content, listUserID, listID, commentID, key string, now time.Time) *model.Notification {
	return &model.Notification{
		ID: model.NewID(), UserID: to, Type: kind, ActorID: actor.ID, CreatedByName: actor.Name,
		Content: content, IsNew: true, ListUserID: listUserID, ListID: listID, CommentID: commentID,
		DedupeKey: key, CreatedAt: now,
	}
}
