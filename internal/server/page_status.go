package server

import (
	"context"
	"errors"
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
// Its HTML is the same for every fan, made and gzipped once per build, answered with its
// ETag; that the fan is there is shared for a moment as other reads are (a fan who is
// not is asked about again each time, so a new account's page is never a stale 404).
func (s *Server) userPage(w http.ResponseWriter, r *http.Request) {
	page := s.web.Page(web.UserPage)
	userID := r.PathValue("userId")
	status := http.StatusNotFound
	if storableText(userID) {
		_, err := s.shared.Get("user-exists\x00"+userID, func(ctx context.Context) (any, error) {
			exists, err := s.lists.UserExists(ctx, userID)
			if err == nil && !exists {
				err = errNoSuchUser
			}
			return exists, err
		})
		switch {
		case err == nil:
			status = http.StatusOK
		case !errors.Is(err, errNoSuchUser):
			// The app asks again and shows what the API answers.
			s.log.ErrorContext(r.Context(), "user page", "err", err)
			status = http.StatusOK
		}
	}
	page.ServeStatus(w, r, status)
}

// errNoSuchUser is a user page's fan who is not there (never shared).
var errNoSuchUser = errors.New("no such user")
