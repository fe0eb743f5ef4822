package server

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/comments"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/notify"
	"castaway/internal/problem"
	"castaway/internal/store"
)

// maxCommentPage bounds the top-level comments one page may ask for.
const maxCommentPage = 200

const (
	msgCommentFailed     = problem.MsgCommentFailed
	msgCommentVoteFailed = problem.MsgCommentVoteFailed
	msgCommentDelFailed  = problem.MsgCommentDeleteFailed
)

func (s *Server) listComments(w http.ResponseWriter, r *http.Request) {
	viewer := currentUser(r)
	if viewer == nil {
		// A visitor reads the list through the shared reads, as the list page does.
		if _, err := s.findList(r.Context(), r.PathValue("userId"), r.PathValue("listId"), "", false); err != nil {
			s.fail(w, r, "look up list", notFoundAs(err, lists.ErrNotFound), msgSomethingWrong)
			return
		}
		s.writeThread(w, r, r.PathValue("userId"), r.PathValue("listId"), nil)
		return
	}
	l := s.visibleList(w, r, viewer.ID, msgSomethingWrong)
	if l == nil {
		return
	}
	s.writeThread(w, r, l.UserID, l.ID, viewer)
}

func (s *Server) addComment(w http.ResponseWriter, r *http.Request) {
	u, body, text := s.newComment(w, r)
	if u == nil {
		return
	}
	l := s.visibleList(w, r, u.ID, msgCommentFailed)
	if l == nil {
		return
	}
	s.postComment(w, r, u, body, text, l.UserID, l.ID)
}

// threadPage is one page of a thread as shown, and the cursor of the next ("" for none).
type threadPage struct {
	comments []api.Comment
	next     string
}

// writeThread answers a page of the comments of a thread (a list, or a global poll
// with listUserID ""), arranged as shown to viewer (nil when signed out); X-Next-Cursor
// names the next page when there is one. A visitor's page is the same for every visitor,
// so it is shared for a moment like the browse pages.
func (s *Server) writeThread(w http.ResponseWriter, r *http.Request, listUserID, listID string, viewer *model.User) {
	limit := store.DefaultCommentPageSize
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxCommentPage {
			writeError(w, http.StatusBadRequest, "validation", "Limit must be a number from 1 to 200.")
			return
		}
		limit = n
	}
	cursor := r.URL.Query().Get("cursor")
	read := func(ctx context.Context) (any, error) {
		return s.threadPage(ctx, listUserID, listID, viewer, cursor, limit)
	}
	var v any
	var err error
	if viewer == nil {
		v, err = s.shared.Get("comments\x00"+listUserID+"\x00"+listID+"\x00"+cursor+"\x00"+strconv.Itoa(limit), read)
	} else {
		v, err = read(r.Context())
	}
	if errors.Is(err, store.ErrBadCursor) {
		writeError(w, http.StatusBadRequest, "validation", "That page link has expired; reload the comments.")
		return
	}
	if err != nil {
		s.fail(w, r, "list comments", err, msgSomethingWrong)
		return
	}
	page := v.(threadPage)
	if page.next != "" {
		w.Header().Set("X-Next-Cursor", page.next)
	}
	writeJSON(w, http.StatusOK, page.comments)
}

// threadPage reads a page of a thread and arranges it as viewer may see it.
func (s *Server) threadPage(ctx context.Context, listUserID, listID string, viewer *model.User, cursor string, limit int) (threadPage, error) {
	var viewerID string
	if viewer != nil {
		viewerID = viewer.ID
	}
	flat, next, err := s.store.CommentPage(ctx, listUserID, listID, viewerID, cursor, limit)
	if err == nil {
		flat, err = s.commentsFor(ctx, viewer, flat)
	}
	if err != nil {
		return threadPage{}, err
	}
	out := []api.Comment{}
	for _, n := range comments.Thread(flat) {
		c := commentJSON(n.Comment)
		replies := make([]api.Comment, len(n.Replies))
		for i, reply := range n.Replies {
			replies[i] = commentJSON(reply)
		}
		c.Replies = &replies
		out = append(out, c)
	}
	return threadPage{comments: out, next: next}, nil
}

// newComment reads a comment request: the signed-in user, the body and its cleaned
// text; u is nil when it has answered (401, 400).
func (s *Server) newComment(w http.ResponseWriter, r *http.Request) (u *model.User, body api.NewComment, text string) {
	if u = requireUser(w, r, "You must be signed in to comment."); u == nil {
		return nil, body, ""
	}
	if !decodeJSON(w, r, &body) {
		return nil, body, ""
	}
	text, err := comments.CleanText(body.Text)
	if err != nil {
		s.fail(w, r, "add comment", err, msgCommentFailed)
		return nil, body, ""
	}
	return u, body, text
}

// postComment adds u's comment (a reply when body names a parent of the same
// thread) to the thread (listUserID, listID), notifying the list's owner and the
// author replied to, and answers it.
func (s *Server) postComment(w http.ResponseWriter, r *http.Request, u *model.User, body api.NewComment, text, listUserID, listID string) {
	c := &model.Comment{ID: auth.NewID(), ListUserID: listUserID, ListID: listID, UserID: u.ID,
		UserName: u.DisplayName, Text: text, CreatedAt: time.Now()}
	var replyTo *model.Comment
	if body.ParentId != nil && *body.ParentId != "" {
		var err error
		replyTo, err = s.store.CommentByID(r.Context(), *body.ParentId, u.ID)
		if err != nil {
			s.fail(w, r, "find comment replied to", notFoundAs(err, comments.ErrParentGone), msgCommentFailed)
			return
		}
		var ok bool
		if c.ParentID, ok = comments.ReplyParent(replyTo, listUserID, listID); !ok || !moderation.CommentShown(replyTo, u) {
			s.fail(w, r, "add comment", comments.ErrParentGone, msgCommentFailed)
			return
		}
	}
	// Someone who blocked the author hears nothing from them: not on their lists, not under their comments.
	blocked, err := s.store.Blocked(r.Context(), u.ID, blockersOf(listUserID, replyTo)...)
	if err == nil && blocked {
		err = moderation.ErrBlocked
	}
	if err != nil {
		s.fail(w, r, "add comment", err, msgCommentFailed)
		return
	}
	notified, err := s.store.CreateComment(r.Context(), c,
		notify.ForComment(notify.Actor{ID: u.ID, Name: u.DisplayName}, c, replyTo, listUserID))
	if err != nil {
		s.fail(w, r, "add comment", notFoundAs(err, comments.ErrParentGone), msgCommentFailed) // deleted meanwhile
		return
	}
	s.wakeInboxes(r, notified...)
	writeJSON(w, http.StatusCreated, commentJSON(c))
}

func (s *Server) voteOnComment(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgCommentVoteSignedOut)
	if u == nil {
		return
	}
	// A pointer, so a body without a value is refused rather than read as "no vote".
	var body struct {
		Value *int `json:"value"`
	}
	if !decodeJSON(w, r, &body) {
		return
	}
	if body.Value == nil {
		s.fail(w, r, "vote on comment", comments.ErrBadVote, msgCommentVoteFailed)
		return
	}
	if err := comments.CheckVote(*body.Value); err != nil {
		s.fail(w, r, "vote on comment", err, msgCommentVoteFailed)
		return
	}
	c, content := s.visibleComment(w, r, u, msgCommentVoteFailed)
	if c == nil {
		return
	}
	note := notify.ForCommentUpvote(notify.Actor{ID: u.ID, Name: u.DisplayName}, c, content, time.Now())
	notified, err := s.store.SetCommentVote(r.Context(), c.ID, u.ID, *body.Value, note)
	if err == nil {
		c, err = s.store.CommentByID(r.Context(), c.ID, u.ID)
	}
	if err != nil {
		s.fail(w, r, "vote on comment", notFoundAs(err, comments.ErrNotFound), msgCommentVoteFailed) // deleted meanwhile
		return
	}
	s.wakeInboxes(r, notified...)
	writeJSON(w, http.StatusOK, commentJSON(c))
}

func (s *Server) deleteComment(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to delete comments.")
	if u == nil {
		return
	}
	c, _ := s.visibleComment(w, r, u, msgCommentDelFailed)
	if c == nil {
		return
	}
	err := comments.CanDelete(u.ID, c)
	if err == nil {
		err = notFoundAs(s.store.DeleteComment(r.Context(), c.ID), comments.ErrNotFound)
	}
	if err != nil {
		s.fail(w, r, "delete comment", err, msgCommentDelFailed)
		return
	}
	s.inboxesChanged(r)
	w.WriteHeader(http.StatusNoContent)
}

// blockersOf are the users whose block stops a comment on the thread of listUserID ("" for
// a poll) replying to replyTo (nil for none): the list's owner and the author replied to.
func blockersOf(listUserID string, replyTo *model.Comment) []string {
	var out []string
	if listUserID != "" {
		out = append(out, listUserID)
	}
	if replyTo != nil && replyTo.UserID != "" {
		out = append(out, replyTo.UserID)
	}
	return out
}

func commentJSON(c *model.Comment) api.Comment {
	var parent *string
	if c.ParentID != "" {
		parent = &c.ParentID
	}
	return api.Comment{
		Id: c.ID, ListUserId: c.ListUserID, ListId: c.ListID, UserId: c.UserID,
		UserName: comments.AuthorName(c), Text: c.Text, CreatedAt: c.CreatedAt,
		ParentId: parent, IsReply: c.ParentID != "",
		Upvotes: c.Upvotes, Downvotes: c.Downvotes, Score: comments.Score(c), MyVote: api.CommentMyVote(c.MyVote),
		Hidden: orNil(c.Hidden),
	}
}
