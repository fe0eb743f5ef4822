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
		// A visitor may read the thread of a list everyone may see. The check reads only the
		// list's visibility and its thread's version, which tells whether a page kept
		// (threadPages) still stands: then a request reads nothing more.
		owner, id := r.PathValue("userId"), r.PathValue("listId")
		s.writeThread(w, r, owner, id, nil, func(ctx context.Context) (int64, error) {
			l, err := s.lists.Ref(ctx, owner, id, "")
			if err != nil {
				return 0, err
			}
			return l.ThreadVersion, nil
		})
		return
	}
	l := s.visibleList(w, r, viewer.ID, msgSomethingWrong)
	if l == nil {
		return
	}
	s.writeThread(w, r, l.UserID, l.ID, viewer, nil)
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
	s.postComment(w, r, body, text, l.UserID, l.ID)
}

// threadPage is one page of a thread as shown, in JSON, and the cursor of the next ("" for none).
type threadPage struct {
	body []byte
	next string
}

// writeThread answers a page of the comments of a thread (a list, or a global poll
// with listUserID ""), arranged as shown to viewer (nil when signed out); X-Next-Cursor
// names the next page when there is one. A visitor's page is the same for every visitor,
// so it is shared for a moment like the browse pages. version, when not nil, tells
// whether a visitor may read the thread (an error answers instead) and the thread's
// version, under which its pages are kept (threadPages); it is read with the page.
func (s *Server) writeThread(w http.ResponseWriter, r *http.Request, listUserID, listID string, viewer *model.User,
	version func(ctx context.Context) (int64, error)) {
	limit := comments.PageSize
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxCommentPage {
			// A thread not theirs to read is missing, whatever the limit asked.
			if version != nil {
				if _, err := version(r.Context()); err != nil {
					s.fail(w, r, "list comments", err, msgSomethingWrong)
					return
				}
			}
			writeError(w, http.StatusBadRequest, "validation", "Limit must be a number from 1 to 200.")
			return
		}
		limit = n
	}
	cursor := r.URL.Query().Get("cursor")
	read := func(ctx context.Context) (any, error) {
		if version == nil {
			return s.threadPage(ctx, listUserID, listID, viewer, cursor, limit)
		}
		v, err := version(ctx)
		if err != nil {
			return nil, err
		}
		return s.threads.page(threadKey{listUserID, listID, v, cursor, limit}, func() (threadPage, error) {
			return s.threadPage(ctx, listUserID, listID, nil, cursor, limit)
		})
	}
	var v any
	var err error
	if viewer == nil {
		v, err = s.shared.Get("comments\x00"+listUserID+"\x00"+listID+"\x00"+cursor+"\x00"+strconv.Itoa(limit), read)
	} else {
		v, err = read(r.Context())
	}
	if err != nil {
		s.fail(w, r, "list comments", err, msgSomethingWrong)
		return
	}
	page := v.(threadPage)
	if page.next != "" {
		w.Header().Set("X-Next-Cursor", page.next)
	}
	writeJSONBody(w, http.StatusOK, page.body)
}

// threadPage reads a page of a thread and arranges it as viewer may see it.
func (s *Server) threadPage(ctx context.Context, listUserID, listID string, viewer *model.User, cursor string, limit int) (threadPage, error) {
	var viewerID string
	if viewer != nil {
		viewerID = viewer.ID
	}
	flat, next, err := s.comments.Page(ctx, listUserID, listID, viewerID, cursor, limit)
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
	body, err := encodeJSON(out)
	return threadPage{body: body, next: next}, err
}

// newComment reads a comment request: the signed-in user, the body and its cleaned
// text; u is nil when it has answered (401, 400).
func (s *Server) newComment(w http.ResponseWriter, r *http.Request) (u *model.User, body api.NewComment, text string) {
	u, body, ok := signedInBody[api.NewComment](w, r, "You must be signed in to comment.")
	if !ok {
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
// thread) to the thread (listUserID, listID) and answers it.
func (s *Server) postComment(w http.ResponseWriter, r *http.Request, body api.NewComment, text, listUserID, listID string) {
	c, err := s.comments.Post(r.Context(), s.actor(r), comments.NewComment{ListUserID: listUserID, ListID: listID,
		ParentID: orZero(body.ParentId), Text: text})
	if err != nil {
		s.fail(w, r, "add comment", err, msgCommentFailed)
		return
	}
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
	if err := comments.CheckVote(*body.Value); err != nil { // before the comment is looked up, as a bad body is
		s.fail(w, r, "vote on comment", err, msgCommentVoteFailed)
		return
	}
	c, content := s.visibleComment(w, r, u, msgCommentVoteFailed)
	if c == nil {
		return
	}
	c, err := s.comments.Vote(r.Context(), s.actor(r), c, content, *body.Value)
	if err != nil {
		s.fail(w, r, "vote on comment", err, msgCommentVoteFailed)
		return
	}
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
	if err := s.comments.Delete(r.Context(), s.actor(r), c); err != nil {
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
