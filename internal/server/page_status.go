package server

import (
	"net/http"

	"castaway/internal/problem"
	"castaway/web"
)

// pageStatus is the status of a page whose subject was read with err: 404 when it is
// missing or not the reader's to see. Any other failure leaves the page at 200: the
// app asks again and shows what the API answers.
func pageStatus(err error) int {
	if p, ok := problem.As(err); ok && p.Kind == problem.NotFound {
		return http.StatusNotFound
	}
	return http.StatusOK
}

// userPage serves the app for /rankings/user/{userId}: 404 when there is no such user.
func (s *Server) userPage(w http.ResponseWriter, r *http.Request) {
	page := s.web.Page(web.UserPage)
	userID := r.PathValue("userId")
	exists := false
	var err error
	if storableText(userID) {
		if exists, err = s.lists.UserExists(r.Context(), userID); err != nil {
			s.log.ErrorContext(r.Context(), "user page", "err", err)
			exists = true
		}
	}
	if exists {
		page.ServeHTTP(w, r)
		return
	}
	w.Header().Set("Content-Type", page.ContentType())
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusNotFound)
	w.Write(page.Body())
}
