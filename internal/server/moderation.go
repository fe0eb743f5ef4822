package server

import (
	"errors"
	"net/http"
	"time"

	"castaway/internal/api"
	"castaway/internal/auth"
	"castaway/internal/comments"
	"castaway/internal/lists"
	"castaway/internal/model"
	"castaway/internal/moderation"
	"castaway/internal/problem"
	"castaway/internal/store"
)

const (
	msgReportFailed   = problem.MsgReportFailed
	msgModerateFailed = problem.MsgModerationQueueFailed
)

// createReport records a signed-in user's report of a list or comment they can see.
func (s *Server) createReport(w http.ResponseWriter, r *http.Request) {
	u := requireUser(w, r, "You must be signed in to report.")
	if u == nil {
		return
	}
	var body api.ReportInput
	if !decodeJSON(w, r, &body) {
		return
	}
	text, err := moderation.CheckReport(string(body.Reason), orZero(body.Text))
	var kind, key string
	if err == nil {
		kind, key, err = moderation.Target(string(body.TargetType), orZero(body.UserId), orZero(body.ListId), orZero(body.CommentId))
	}
	if err == nil {
		err = s.reportable(r, u, kind, key, body)
	}
	if err == nil {
		err = s.store.AddReport(r.Context(), model.Report{ReporterID: u.ID, Kind: kind, Key: key,
			Reason: string(body.Reason), Text: text, CreatedAt: time.Now()})
		if errors.Is(err, store.ErrAlreadyReported) {
			err = moderation.ErrAlreadyReported
		}
	}
	if err != nil {
		s.fail(w, r, "report", err, msgReportFailed)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// reportable checks that u may see what they report, and that it is not their own.
func (s *Server) reportable(r *http.Request, u *model.User, kind, key string, body api.ReportInput) error {
	author := ""
	if kind == store.KindList {
		l, err := lists.FindRef(r.Context(), s.store, orZero(body.UserId), orZero(body.ListId), u.ID)
		if err != nil {
			return notFoundAs(err, lists.ErrNotFound)
		}
		author = l.UserID
	} else {
		c, _, err := comments.Find(r.Context(), s.store, key, u)
		if err != nil {
			return notFoundAs(err, comments.ErrNotFound)
		}
		author = c.UserID
	}
	if author == u.ID {
		return moderation.ErrOwnContent
	}
	return nil
}

// admin is the signed-in moderator, or nil when it has answered 401 or 403.
func (s *Server) admin(w http.ResponseWriter, r *http.Request) *model.User {
	u := requireUser(w, r, "You must be signed in to moderate.")
	if u == nil {
		return nil
	}
	if err := moderation.RequireAdmin(u); err != nil {
		s.fail(w, r, "moderation", err, msgModerateFailed)
		return nil
	}
	return u
}

func (s *Server) moderationQueue(w http.ResponseWriter, r *http.Request) {
	if s.admin(w, r) == nil {
		return
	}
	status, err := moderation.CheckStatus(r.URL.Query().Get("status"))
	var page []model.ReportTarget
	var next string
	if err == nil {
		page, next, err = s.store.ReportQueue(r.Context(), status, r.URL.Query().Get("cursor"), moderation.QueuePage)
	}
	if errors.Is(err, store.ErrBadCursor) {
		writeError(w, http.StatusBadRequest, "validation", "That page link has expired; reload the queue.")
		return
	}
	if err != nil {
		s.fail(w, r, "moderation queue", err, msgModerateFailed)
		return
	}
	out := api.ModerationQueue{Targets: make([]api.ReportTarget, len(page))}
	for i := range page {
		out.Targets[i] = reportTargetJSON(&page[i])
	}
	if next != "" {
		out.NextCursor = &next
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) moderate(w http.ResponseWriter, r *http.Request) {
	u := s.admin(w, r)
	if u == nil {
		return
	}
	var body api.ModerationActionInput
	if !decodeJSON(w, r, &body) {
		return
	}
	err := moderation.CheckAction(string(body.Action))
	var kind, key string
	if err == nil {
		kind, key, err = moderation.Target(string(body.TargetType), orZero(body.UserId), orZero(body.ListId), orZero(body.CommentId))
	}
	var t *model.ReportTarget
	if err == nil {
		t, err = s.store.Moderate(r.Context(), &model.Action{ID: auth.NewID(), AdminID: u.ID, AdminName: u.DisplayName,
			Action: string(body.Action), Kind: kind, Key: key, CreatedAt: time.Now()})
	}
	if err != nil {
		s.fail(w, r, "moderate", notFoundAs(err, moderation.ErrTargetGone), problem.MsgModerationActionFailed)
		return
	}
	s.inboxesChanged(r) // a list or comment hidden or restored
	writeJSON(w, http.StatusOK, reportTargetJSON(t))
}

func (s *Server) moderationLog(w http.ResponseWriter, r *http.Request) {
	if s.admin(w, r) == nil {
		return
	}
	page, next, err := s.store.ModerationLog(r.Context(), r.URL.Query().Get("cursor"), moderation.LogPage)
	if errors.Is(err, store.ErrBadCursor) {
		writeError(w, http.StatusBadRequest, "validation", "That page link has expired; reload the log.")
		return
	}
	if err != nil {
		s.fail(w, r, "moderation log", err, msgModerateFailed)
		return
	}
	out := api.ModerationLog{Actions: make([]api.ModerationAction, len(page))}
	for i, a := range page {
		out.Actions[i] = moderationActionJSON(a)
	}
	if next != "" {
		out.NextCursor = &next
	}
	writeJSON(w, http.StatusOK, out)
}

func reportTargetJSON(t *model.ReportTarget) api.ReportTarget {
	return api.ReportTarget{TargetType: api.ReportTargetTargetType(t.Kind), Key: t.Key, Status: api.ReportTargetStatus(t.Status),
		ReportCount: t.Count, Reasons: api.ReportReasons{Spam: t.Spam, Harassment: t.Harassment, Spoiler: t.Spoiler, Other: t.Other},
		Texts: t.Texts, FirstReportedAt: t.FirstAt, LastReportedAt: t.LastAt, AuthorId: t.AuthorID, AuthorName: t.AuthorName,
		Title: t.Title, Gone: t.Gone, UserId: orNil(t.ListUserID), ListId: orNil(t.ListID), CommentId: orNil(t.CommentID)}
}
