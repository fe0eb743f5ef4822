package server

import (
	"net/http"
	"strconv"

	"castaway/internal/api"
	"castaway/internal/httpcache"
	"castaway/internal/problem"
)

func (s *Server) followUser(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignInToFollow)
	if !ok {
		return
	}
	changed, err := s.follows.Follow(r.Context(), a, r.PathValue("userId"))
	s.answerFollow(w, r, "follow", changed, err)
}

func (s *Server) unfollowUser(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignInToUnfollow)
	if !ok {
		return
	}
	changed, err := s.follows.Unfollow(r.Context(), a, r.PathValue("userId"))
	s.answerFollow(w, r, "unfollow", changed, err)
}

// answerFollow answers 204 to a follow or unfollow (event) that went through, or why it
// did not; one that changed nothing keeps the shared reads.
func (s *Server) answerFollow(w http.ResponseWriter, r *http.Request, event string, changed bool, err error) {
	if err != nil {
		s.fail(w, r, event, err, problem.MsgFollowFailed)
		return
	}
	if !changed {
		httpcache.Unchanged(w)
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) myFollowing(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgSignInToSeeFollows)
	if u == nil {
		return
	}
	page, next, err := s.follows.Following(r.Context(), u.ID, r.URL.Query().Get("cursor"))
	if err != nil {
		s.fail(w, r, "list follows", err, msgSomethingWrong)
		return
	}
	out := api.FollowingPage{Users: make([]api.FollowedUser, len(page))}
	for i, f := range page {
		out.Users[i] = api.FollowedUser{UserId: f.UserID, DisplayName: f.DisplayName, FollowedAt: f.FollowedAt.UTC()}
	}
	if next != "" {
		out.NextCursor = &next
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) feed(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, problem.MsgSignInToReadFeed)
	if u == nil {
		return
	}
	limit, _ := strconv.Atoi(r.URL.Query().Get("limit")) // anything else reads a whole page
	page, next, err := s.follows.Feed(r.Context(), u.ID, r.URL.Query().Get("cursor"), limit)
	if err != nil {
		s.fail(w, r, "feed", err, problem.MsgFeedFailed)
		return
	}
	out := api.FeedPage{Lists: apiSummaries(page), FollowingCount: u.Following}
	if next != "" {
		out.NextCursor = &next
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) updateMySettings(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, problem.MsgSignedOut)
	if !ok {
		return
	}
	var body api.Settings
	if !decodeJSON(w, r, &body) {
		return
	}
	if body.NotifyFollowedLists != nil {
		if err := s.follows.SetNotifyFollowedLists(r.Context(), a, *body.NotifyFollowedLists); err != nil {
			s.fail(w, r, "settings", err, problem.MsgSettingsFailed)
			return
		}
	}
	w.WriteHeader(http.StatusNoContent)
}
