package server

import (
	"errors"
	"net/http"
	"net/url"
	"time"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/problem"
)

const msgModerateUsersFailed = problem.MsgAccountLoadFailed

// moderator is the signed-in admin as the actor of an account-level action.
func moderator(u *model.User) moderation.Actor {
	return moderation.Actor{ID: u.ID, Name: u.DisplayName}
}

func (s *Server) moderationUsers(w http.ResponseWriter, r *http.Request) {
	if s.admin(w, r) == nil {
		return
	}
	page, next, err := s.modUsers.Search(r.Context(), r.URL.Query().Get("q"), r.URL.Query().Get("cursor"))
	if err != nil {
		s.fail(w, r, "moderation users", err, msgModerateUsersFailed)
		return
	}
	writeJSON(w, http.StatusOK, api.ModerationUsers{Users: apiEach(page, moderationUserJSON), NextCursor: orNil(next)})
}

func (s *Server) moderationUser(w http.ResponseWriter, r *http.Request) {
	if s.admin(w, r) == nil {
		return
	}
	s.writeUserCase(w, r, http.StatusOK)
}

func (s *Server) suspendUser(w http.ResponseWriter, r *http.Request) {
	u := s.admin(w, r)
	if u == nil {
		return
	}
	var body api.SuspensionInput
	if !decodeJSON(w, r, &body) {
		return
	}
	if err := s.modUsers.Suspend(r.Context(), moderator(u), r.PathValue("userId"), body.Reason, orZero(body.Until)); err != nil {
		s.fail(w, r, "suspend", err, problem.MsgSuspendFailed)
		return
	}
	s.writeUserCase(w, r, http.StatusOK)
}

func (s *Server) unsuspendUser(w http.ResponseWriter, r *http.Request) {
	u := s.admin(w, r)
	if u == nil {
		return
	}
	if err := s.modUsers.Unsuspend(r.Context(), moderator(u), r.PathValue("userId")); err != nil {
		s.fail(w, r, "unsuspend", err, problem.MsgRestoreFailed)
		return
	}
	s.inboxesChanged(r) // its content is back (a suspension ends its sessions, which says as much)
	s.writeUserCase(w, r, http.StatusOK)
}

// writeUserCase answers with the account the path names as a moderator sees it.
func (s *Server) writeUserCase(w http.ResponseWriter, r *http.Request, status int) {
	c, err := s.modUsers.Case(r.Context(), r.PathValue("userId"))
	if err != nil {
		s.fail(w, r, "moderation user", err, msgModerateUsersFailed)
		return
	}
	writeJSON(w, status, api.ModerationUserCase{User: moderationUserJSON(&c.UserSummary), ListCount: c.ListCount,
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
