package server

import (
	"context"
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
	s.writeUserCase(w, r)
}

func (s *Server) suspendUser(w http.ResponseWriter, r *http.Request) {
	var body api.SuspensionInput
	s.moderateUser(w, r, &body, "suspend", problem.MsgSuspendFailed, func(ctx context.Context, by moderation.Actor, userID string) error {
		return s.modUsers.Suspend(ctx, by, userID, body.Reason, orZero(body.Until))
	})
}

func (s *Server) unsuspendUser(w http.ResponseWriter, r *http.Request) {
	s.moderateUser(w, r, nil, "unsuspend", problem.MsgRestoreFailed, func(ctx context.Context, by moderation.Actor, userID string) error {
		if err := s.modUsers.Unsuspend(ctx, by, userID); err != nil {
			return err
		}
		s.inboxesChanged(r) // its content is back (a suspension ends its sessions, which says as much)
		return nil
	})
}

// moderateUser has the signed-in admin act on the account the path names, the request's
// JSON read into body first unless it is nil, then answers with that account's case.
func (s *Server) moderateUser(w http.ResponseWriter, r *http.Request, body any, event, msg string,
	act func(ctx context.Context, by moderation.Actor, userID string) error) {
	u := s.admin(w, r)
	if u == nil || (body != nil && !decodeJSON(w, r, body)) {
		return
	}
	if err := act(r.Context(), moderator(u), r.PathValue("userId")); err != nil {
		s.fail(w, r, event, err, msg)
		return
	}
	s.writeUserCase(w, r)
}

// writeUserCase answers with the account the path names as a moderator sees it.
func (s *Server) writeUserCase(w http.ResponseWriter, r *http.Request) {
	c, err := s.modUsers.Case(r.Context(), r.PathValue("userId"))
	if err != nil {
		s.fail(w, r, "moderation user", err, msgModerateUsersFailed)
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
