package server

import (
	"context"
	"net/http"
	"strconv"

	"castaway/internal/api"
	"castaway/internal/comments"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const (
	msgCommentFailed     = problem.MsgCommentFailed
	msgCommentVoteFailed = problem.MsgCommentVoteFailed
	msgCommentDelFailed  = problem.MsgCommentDeleteFailed
)

func (s *Server) listComments(w http.ResponseWriter, r *http.Request) {
	owner, id := r.PathValue("userId"), r.PathValue("listId")
	cursor, limit := threadPaging(r)
	if viewer := currentUser(r); viewer != nil {
		s.writeThread(w, r, "", func(ctx context.Context) (threadPage, error) {
			return encodeThread(s.comments.ListThread(ctx, viewer, owner, id, cursor, limit))
		})
		return
	}
	// A visitor reads the thread of a list everyone may see. The check reads only the
	// list's visibility and its thread's version, which tells whether a page kept
	// (threadPages) still stands: then a request reads nothing more.
	s.writeThread(w, r, threadKey{owner, id, 0, cursor, limit}.shared(), func(ctx context.Context) (threadPage, error) {
		v, err := s.comments.ThreadVersion(ctx, owner, id)
		if err != nil {
			return threadPage{}, err
		}
		return s.threads.page(threadKey{owner, id, v, cursor, limit}, func() (threadPage, error) {
			return encodeThread(s.comments.Page(ctx, owner, id, nil, cursor, limit))
		})
	})
}

func (s *Server) addComment(w http.ResponseWriter, r *http.Request) {
	a, body, ok := signedInBody[api.NewComment](w, r, msgCommentSignedOut)
	if !ok {
		return
	}
	c, err := s.comments.Post(r.Context(), a, comments.NewComment{ListUserID: r.PathValue("userId"),
		ListID: r.PathValue("listId"), ParentID: orZero(body.ParentId), Text: body.Text})
	s.answerComment(w, r, c, err)
}

// msgCommentSignedOut is what a visitor who tries to comment is told.
const msgCommentSignedOut = problem.MsgSignInToComment

// answerComment answers a comment just posted (201), or why it was not.
func (s *Server) answerComment(w http.ResponseWriter, r *http.Request, c *model.Comment, err error) {
	if err != nil {
		s.fail(w, r, "add comment", err, msgCommentFailed)
		return
	}
	writeJSON(w, http.StatusCreated, commentJSON(c))
}

// threadPage is one page of a thread as shown, in JSON, and the cursor of the next ("" for none).
type threadPage struct {
	body []byte
	next string
}

// threadPaging reads the page a thread's request asks for: its cursor and its size (0
// for the default, -1 for one that is no number, which the service refuses once it has
// checked that the reader may see the thread).
func threadPaging(r *http.Request) (cursor string, limit int) {
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			n = -1
		}
		limit = n
	}
	return r.URL.Query().Get("cursor"), limit
}

// writeThread answers the page of a thread that read gives; X-Next-Cursor names the
// next page when there is one. A visitor's page (shared names it, "" for a reader's own)
// is the same for every visitor, so it is shared for a moment like the browse pages.
func (s *Server) writeThread(w http.ResponseWriter, r *http.Request, shared string, read func(ctx context.Context) (threadPage, error)) {
	var page threadPage
	var err error
	if shared == "" {
		page, err = read(r.Context())
	} else {
		var v any
		v, err = s.shared.Get(shared, func(ctx context.Context) (any, error) { return read(ctx) })
		page, _ = v.(threadPage)
	}
	if err != nil {
		s.fail(w, r, "list comments", err, msgSomethingWrong)
		return
	}
	if page.next != "" {
		w.Header().Set("X-Next-Cursor", page.next)
	}
	writeJSONBody(w, http.StatusOK, page.body)
}

// encodeThread is a page of a thread, as read, arranged as shown and in JSON.
func encodeThread(flat []model.Comment, next string, err error) (threadPage, error) {
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
	body, err := encodeJSON(out)
	return threadPage{body: body, next: next}, err
}

func (s *Server) voteOnComment(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgCommentVoteSignedOut)
	if !ok {
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
	c, err := s.comments.Vote(r.Context(), a, r.PathValue("commentId"), *body.Value)
	if err != nil {
		s.fail(w, r, "vote on comment", err, msgCommentVoteFailed)
		return
	}
	writeJSON(w, http.StatusOK, commentJSON(c))
}

func (s *Server) deleteComment(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignInToDeleteComments)
	if !ok {
		return
	}
	if err := s.comments.Delete(r.Context(), a, r.PathValue("commentId")); err != nil {
		s.fail(w, r, "delete comment", err, msgCommentDelFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
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
