package server

import (
	"errors"
	"net/http"
	"net/url"
	"time"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/problem"
)

const msgModerateUsersFailed = problem.MsgAccountLoadFailed

func (s *Server) moderationUsers(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	page, next, err := s.modUsers.Search(r.Context(), a, r.URL.Query().Get("q"), r.URL.Query().Get("cursor"))
	if err != nil {
		s.fail(w, r, "moderation users", err, msgModerateUsersFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.ModerationUsers{Users: apiEach(page, moderationUserJSON), NextCursor: orNil(next)})
}

func (s *Server) moderationUser(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	c, err := s.modUsers.Case(r.Context(), a, r.PathValue("userId"))
	s.answerUserCase(w, r, c, err, "moderation user", msgModerateUsersFailed)
}

func (s *Server) suspendUser(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	var body api.SuspensionInput
	if !decodeJSON(w, r, &body) {
		return
	}
	c, err := s.modUsers.SuspendByModerator(r.Context(), a, r.PathValue("userId"), body.Reason, orZero(body.Until))
	s.answerUserCase(w, r, c, err, "suspend", problem.MsgSuspendFailed)
}

func (s *Server) unsuspendUser(w http.ResponseWriter, r *http.Request) {
	a, ok := signedIn(w, r, msgModerateSignedOut)
	if !ok {
		return
	}
	c, err := s.modUsers.UnsuspendByModerator(r.Context(), a, r.PathValue("userId"))
	s.answerUserCase(w, r, c, err, "unsuspend", problem.MsgRestoreFailed)
}

// answerUserCase answers with an account as a moderator sees it, or why it cannot (event
// names the failure in the log, msg tells the moderator).
func (s *Server) answerUserCase(w http.ResponseWriter, r *http.Request, c *model.UserCase, err error, event, msg string) {
	if err != nil {
		s.fail(w, r, event, err, msg)
		return
	}
	writeJSON(w, http.StatusOK, api.ModerationUserCase{User: moderationUserJSON(&c.UserSummary), ListCount: c.ListCount,
		CommentCount: c.CommentCount, Reports: apiEach(c.Reports, reportTargetJSON), Actions: apiEach(c.Actions, moderationActionJSON)})
}

func moderationUserJSON(u *model.UserSummary) api.ModerationUser {
	out := api.ModerationUser{Id: u.ID, DisplayName: u.DisplayName, Email: u.Email, CreatedAt: u.CreatedAt, IsAdmin: u.IsAdmin}
	if sus := u.Suspension; sus != nil {
		out.Suspension = &api.Suspension{Since: sus.Since, Reason: sus.Reason}
		if !sus.Until.IsZero() {
			out.Suspension.Until = &sus.Until
		}
	}
	return out
}

func moderationActionJSON(a *model.Action) api.ModerationAction {
	return api.ModerationAction{Id: a.ID, AdminId: a.AdminID, AdminName: a.AdminName,
		Action: api.ModerationActionAction(a.Action), TargetType: api.ModerationActionTargetType(a.Kind),
		Key: a.Key, Title: a.Title, Detail: orNil(a.Detail), CreatedAt: a.CreatedAt}
}

// suspendedLogin is where a provider sign-in a suspension refused goes: the login page,
// which words the refusal with the end date (auth.SuspendedMessage). "" for other errors.
func suspendedLogin(err error) string {
	var sus *auth.Suspended
	if !errors.As(err, &sus) {
		return ""
	}
	q := url.Values{"error": {auth.CodeSuspended}}
	if !sus.Until.IsZero() {
		q.Set("until", sus.Until.UTC().Format(time.RFC3339))
	}
	return "/login?" + q.Encode()
}
