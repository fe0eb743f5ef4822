package server

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/comments"
	"castaway/internal/notify"
	"castaway/internal/store"
)

// maxCommentPage bounds the top-level comments one page may ask for.
const maxCommentPage = 200

const (
	msgCommentNotFound   = "Comment not found."
	msgReplyTargetGone   = "The comment you replied to no longer exists."
	msgCommentFailed     = "Failed to add comment. Please try again."
	msgCommentVoteFailed = "Failed to process your vote. Please try again."
	msgCommentDelFailed  = "Failed to delete comment. Please try again."
)

func (s *Server) commentRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/lists/{userId}/{listId}/comments", s.listComments)
	mux.HandleFunc("POST /api/lists/{userId}/{listId}/comments", s.addComment)
	mux.HandleFunc("PUT /api/comments/{commentId}/vote", s.voteOnComment)
	mux.HandleFunc("DELETE /api/comments/{commentId}", s.deleteComment)
}

func (s *Server) listComments(w http.ResponseWriter, r *http.Request) {
	var viewerID string
	if u := currentUser(r); u != nil {
		viewerID = u.ID
	}
	l := s.communityList(w, r, viewerID, msgSomethingWrong)
	if l == nil {
		return
	}
	limit := store.DefaultCommentPageSize
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxCommentPage {
			writeError(w, http.StatusBadRequest, "validation", "Limit must be a number from 1 to 200.")
			return
		}
		limit = n
	}
	flat, next, err := s.store.CommentPage(r.Context(), l.UserID, l.ID, viewerID, r.URL.Query().Get("cursor"), limit)
	if errors.Is(err, store.ErrBadCursor) {
		writeError(w, http.StatusBadRequest, "validation", "That page link has expired; reload the comments.")
		return
	}
	if err != nil {
		s.serverError(w, r, "list comments", err, msgSomethingWrong)
		return
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
	if next != "" {
		w.Header().Set("X-Next-Cursor", next)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) addComment(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to comment.")
	if u == nil {
		return
	}
	var body api.NewComment
	if !decodeJSON(w, r, &body) {
		return
	}
	text, err := comments.CleanText(body.Text)
	if err != nil {
		writeError(w, http.StatusBadRequest, "validation", err.Error())
		return
	}
	l := s.communityList(w, r, u.ID, msgCommentFailed)
	if l == nil {
		return
	}
	c := &store.Comment{ID: auth.NewID(), ListUserID: l.UserID, ListID: l.ID, UserID: u.ID,
		UserName: u.DisplayName, Text: text, CreatedAt: time.Now()}
	var replyTo *store.Comment
	if body.ParentId != nil && *body.ParentId != "" {
		replyTo, err = s.store.CommentByID(r.Context(), *body.ParentId, u.ID)
		if errors.Is(err, store.ErrNotFound) {
			writeError(w, http.StatusNotFound, "not_found", msgReplyTargetGone)
			return
		}
		if err != nil {
			s.serverError(w, r, "find comment replied to", err, msgCommentFailed)
			return
		}
		var ok bool
		if c.ParentID, ok = comments.ReplyParent(replyTo, l.UserID, l.ID); !ok {
			writeError(w, http.StatusNotFound, "not_found", msgReplyTargetGone)
			return
		}
	}
	notified, err := s.store.CreateComment(r.Context(), c,
		notify.ForComment(notify.Actor{ID: u.ID, Name: u.DisplayName}, c, replyTo, l.UserID))
	switch {
	case errors.Is(err, store.ErrNotFound): // the parent was deleted meanwhile
		writeError(w, http.StatusNotFound, "not_found", msgReplyTargetGone)
	case err != nil:
		s.serverError(w, r, "add comment", err, msgCommentFailed)
	default:
		s.wakeInboxes(r, notified...)
		writeJSON(w, http.StatusCreated, commentJSON(c))
	}
}

func (s *Server) voteOnComment(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to vote on comments.")
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
	if body.Value == nil || comments.CheckVote(*body.Value) != nil {
		writeError(w, http.StatusBadRequest, "validation", comments.ErrBadVote.Error())
		return
	}
	c, content := s.visibleComment(w, r, u.ID, msgCommentVoteFailed)
	if c == nil {
		return
	}
	note := notify.ForCommentUpvote(notify.Actor{ID: u.ID, Name: u.DisplayName}, c, content, time.Now())
	notified, err := s.store.SetCommentVote(r.Context(), c.ID, u.ID, *body.Value, note)
	if err == nil {
		c, err = s.store.CommentByID(r.Context(), c.ID, u.ID)
	}
	switch {
	case errors.Is(err, store.ErrNotFound): // deleted meanwhile
		writeError(w, http.StatusNotFound, "not_found", msgCommentNotFound)
	case err != nil:
		s.serverError(w, r, "vote on comment", err, msgCommentVoteFailed)
	default:
		s.wakeInboxes(r, notified...)
		writeJSON(w, http.StatusOK, commentJSON(c))
	}
}

func (s *Server) deleteComment(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to delete comments.")
	if u == nil {
		return
	}
	c, _ := s.visibleComment(w, r, u.ID, msgCommentDelFailed)
	if c == nil {
		return
	}
	if err := comments.CanDelete(u.ID, c); err != nil {
		writeError(w, http.StatusForbidden, "forbidden", err.Error())
		return
	}
	err := s.store.DeleteComment(r.Context(), c.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "not_found", msgCommentNotFound)
	case err != nil:
		s.serverError(w, r, "delete comment", err, msgCommentDelFailed)
	default:
		w.WriteHeader(http.StatusNoContent)
	}
}

// visibleComment finds the comment named by the path when viewerID may see its
// thread, with the name of its list (a notification's content), answering 404 or 500 itself.
func (s *Server) visibleComment(w http.ResponseWriter, r *http.Request, viewerID, failure string) (*store.Comment, string) {
	c, err := s.store.CommentByID(r.Context(), r.PathValue("commentId"), viewerID)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, "not_found", msgCommentNotFound)
		return nil, ""
	}
	if err != nil {
		s.serverError(w, r, "find comment", err, failure)
		return nil, ""
	}
	if c.ListUserID == "" { // a global poll's discussion: open to everyone
		return c, c.Text
	}
	l, err := s.store.ListVisibilityOf(r.Context(), c.ListUserID, c.ListID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !l.VisibleTo(viewerID)) {
		writeError(w, http.StatusNotFound, "not_found", msgCommentNotFound)
		return nil, ""
	}
	if err != nil {
		s.serverError(w, r, "look up list", err, failure)
		return nil, ""
	}
	return c, l.Name
}

func commentJSON(c *store.Comment) api.Comment {
	var parent *string
	if c.ParentID != "" {
		parent = &c.ParentID
	}
	return api.Comment{
		Id: c.ID, ListUserId: c.ListUserID, ListId: c.ListID, UserId: c.UserID,
		UserName: comments.AuthorName(c), Text: c.Text, CreatedAt: c.CreatedAt,
		ParentId: parent, IsReply: c.ParentID != "",
		Upvotes: c.Upvotes, Downvotes: c.Downvotes, Score: comments.Score(c), MyVote: api.CommentMyVote(c.MyVote),
	}
}
