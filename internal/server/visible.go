package server

import (
	"net/http"

	"castaway/internal/model"
)

// visibleList finds the list named by the path when viewerID may see it, answering
// 404 (a private list of someone else does not exist for them) or 500 itself.
func (s *Server) visibleList(w http.ResponseWriter, r *http.Request, viewerID, failure string) *model.ListVisibility {
	l, err := s.lists.Ref(r.Context(), r.PathValue("userId"), r.PathValue("listId"), viewerID)
	if err != nil {
		s.fail(w, r, "look up list", err, failure)
		return nil
	}
	return l
}

// userAndList is the signed-in user and the list of the path they may see; when
// either is missing it has answered (401, 404 or 500) and l is nil.
func (s *Server) userAndList(w http.ResponseWriter, r *http.Request, signedOut, failure string) (*model.User, *model.ListVisibility) {
	u := requireUser(w, r, signedOut)
	if u == nil {
		return nil, nil
	}
	return u, s.visibleList(w, r, u.ID, failure)
}

// visibleComment finds the comment named by the path when viewer may see it and its
// thread, with the name of its list (a notification's content), answering 404 or 500 itself.
func (s *Server) visibleComment(w http.ResponseWriter, r *http.Request, viewer *model.User, failure string) (*model.Comment, string) {
	c, content, err := s.comments.Find(r.Context(), r.PathValue("commentId"), viewer)
	if err != nil {
		s.fail(w, r, "find comment", err, failure)
		return nil, ""
	}
	return c, content
}
